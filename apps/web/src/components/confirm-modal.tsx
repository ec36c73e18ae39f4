import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The one confirmation dialog: a destructive action asks first (Cancel / the red confirm button). */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  text: string;
  confirm: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Text size="sm">{props.text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="secondary" onClick={props.onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="danger" loading={props.loading} onClick={props.onConfirm}>
          {props.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
