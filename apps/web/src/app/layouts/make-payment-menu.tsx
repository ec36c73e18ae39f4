import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useTourOnMakePaymentOpen } from '../../features/tour';
import { useAccounts, useActiveAccount, useResources } from '../../lib/session';
import { makePaymentMenu } from '../areas';

/** Top-bar Make Payment menu (000 §2.5, §6). */
export function MakePaymentMenu() {
  const { t } = useTranslation('nav');
  const resources = useResources();
  const active = useActiveAccount();
  const accounts = useAccounts();
  const hasAccount = !!active.data?.activeAccount && (accounts.data?.length ?? 0) > 0;
  const menu = makePaymentMenu(resources, hasAccount);
  const onOpen = useTourOnMakePaymentOpen();
  return (
    <Menu position="bottom-end" width={230} shadow="md" disabled={!menu.enabled} onOpen={onOpen}>
      <Menu.Target>
        <Button disabled={!menu.enabled} data-tour="make-payment" size="sm" px={{ base: 10, sm: 'md' }}>
          {t('makePayment.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {menu.entries.map((e) => (
          <Menu.Item key={e.key} component={Link} to={e.to} data-tour={`make-payment-${e.key}`}>
            {t(`makePayment.${e.key}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
