// Toasts through Mantine notifications. Kept in one place so screens never style their own. A toast
// shows a contract message (an API answer's, or a screen's `*_MSG`) in the current language.
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@owo/contract/messages';
import { messageText } from './messages';
import { i18n } from './i18n';
import { paths } from './paths';

export function toastSuccess(message: string) {
  if (message) notifications.show({ message: messageText(message), color: 'green', autoClose: 4000 });
}

/**
 * A message of several lines (joined with newlines) shows one per line. A refusal for the
 * KYC-incomplete limit links to the KYB steps that lift it (001 §5).
 */
export function toastError(message: string) {
  if (!message) return;
  const kyc = message.startsWith(MSG.kycIncompleteLimit);
  notifications.show({
    message: kyc ? (
      <>
        {messageText(message)}{' '}
        <Anchor href={paths.account.setup.href()} fw={600} c="inherit" td="underline">
          {i18n.t('common:toast.completeKyc')}
        </Anchor>
      </>
    ) : (
      messageText(message)
    ),
    color: 'red',
    autoClose: kyc ? 12000 : 6000,
    styles: { description: { whiteSpace: 'pre-line' } },
  });
}
