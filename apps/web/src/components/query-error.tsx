import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { messageText } from '../lib/messages';

/**
 * A failed load inside a page: the server's message and a retry. A 403 renders nothing: the API
 * client has already turned the page into Access Forbidden (000 §8).
 */
export function QueryError(props: {
  error: unknown;
  onRetry?: () => void;
  /** The call skipped the Access Forbidden page: say why here. */ showForbidden?: boolean;
}) {
  const { t } = useTranslation();
  if (isApiError(props.error) && props.error.httpStatus === 403 && !props.showForbidden) return null;
  const message = props.error instanceof Error ? messageText(props.error.message) : t('empty.text');
  return (
    <Alert color="red" variant="light" role="alert">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{message}</Text>
        {props.onRetry && (
          <Button size="xs" variant="secondary" onClick={props.onRetry}>
            {t('actions.retry', { defaultValue: 'Try again' })}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
