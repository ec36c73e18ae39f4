// Toasts through Mantine notifications. Kept in one place so screens never style their own.
import { notifications } from '@mantine/notifications';

export function toastSuccess(message: string) {
  if (message) notifications.show({ message, color: 'green', autoClose: 4000 });
}
/** A message of several lines (joined with newlines) shows one per line. */
export function toastError(message: string) {
  if (message)
    notifications.show({
      message,
      color: 'red',
      autoClose: 6000,
      styles: { description: { whiteSpace: 'pre-line' } },
    });
}
