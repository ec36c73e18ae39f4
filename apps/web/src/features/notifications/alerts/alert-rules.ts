// Which mobile alerts to show (000 §2.7, §6, §8): the KYC alert needs create rights on parameters
// and an incomplete know-your-business setup; the security alert shows while 2FA is off.
import { MSG } from '@owo/contract';
import { paths } from '../../../lib/paths';

export type MobileAlert = { key: 'kyc' | 'insecure'; text: string; to: string };

export function mobileAlerts(input: {
  canCreateParameters: boolean;
  kybComplete: boolean | undefined;
  twoFactorEnabled: boolean | undefined;
}): MobileAlert[] {
  const alerts: MobileAlert[] = [];
  if (input.canCreateParameters && input.kybComplete === false) {
    alerts.push({ key: 'kyc', text: MSG.kycIncomplete, to: paths.account.setup.href() });
  }
  if (input.twoFactorEnabled === false) {
    alerts.push({
      key: 'insecure',
      text: MSG.accountInsecure,
      to: paths.account.settings.href({ section: 'security' }),
    });
  }
  return alerts;
}
