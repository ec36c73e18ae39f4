// A KYB document: pick a file (1 MB, image or PDF, 000 §5), upload it (POST /files/upload) and
// keep the server's file name in the form. Failures show the server message or 'File processing failed'.
import { Anchor, Button, Group, Input, Paper, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MSG, UPLOAD_MAX_BYTES, type KybField } from '@owo/contract';
import { API_BASE, isApiError } from '../../../lib/api';
import { accountsApi } from '../api';
import { messageText } from '../../../lib/messages';

export type StoredFile = { fileName: string; originalName: string };

/** 000 §5: the size and type checks made before anything is sent. */
export function checkUpload(file: File): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return messageText(MSG.fileTooLarge);
  if (!(file.type.startsWith('image/') || file.type === 'application/pdf'))
    return messageText(MSG.fileInvalidFormat);
  return null;
}

type Props = { field: KybField; control: Control<any>; stored?: StoredFile | null }; // eslint-disable-line @typescript-eslint/no-explicit-any -- a KYB step's form values differ per step

/** The stored or picked file (a link) with Remove and Choose/Replace, or the hint when there is none. */
function FileRow(props: {
  shown: StoredFile | null;
  busy: boolean;
  onRemove: () => void;
  onChoose: () => void;
}) {
  const { t } = useTranslation('accounts');
  const { shown, busy } = props;
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      {shown ? (
        <Anchor
          href={`${API_BASE}/files/${shown.fileName}`}
          target="_blank"
          rel="noreferrer"
          size="sm"
          truncate="end"
          style={{ minWidth: 0 }}
        >
          {shown.originalName}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          {t('kyb.documents.hint')}
        </Text>
      )}
      <Group gap="xs" wrap="nowrap">
        {shown && (
          <Button variant="danger" size="xs" onClick={props.onRemove} disabled={busy}>
            {t('kyb.documents.remove')}
          </Button>
        )}
        <Button variant="secondary" size="xs" loading={busy} onClick={props.onChoose}>
          {shown ? t('kyb.documents.replace') : t('kyb.documents.choose')}
        </Button>
      </Group>
    </Group>
  );
}

export function DocumentField({ field, control, stored }: Props) {
  const { field: f, fieldState } = useController({ name: field.name, control });
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const [picked, setPicked] = useState<StoredFile | null>(null);
  const value = f.value as string | undefined | null;
  const shown = value
    ? picked?.fileName === value
      ? picked
      : stored?.fileName === value
        ? stored
        : { fileName: value, originalName: value }
    : null;

  async function onFile(file: File | undefined) {
    if (!file) return;
    setLocalError(null);
    const problem = checkUpload(file);
    if (problem) {
      setLocalError(problem);
      return;
    }
    setBusy(true);
    try {
      const res = await accountsApi.upload(file);
      setPicked({ fileName: res.data.fileName, originalName: res.data.originalName });
      f.onChange(res.data.fileName);
    } catch (e) {
      const fieldMessage = isApiError(e) ? e.errors?.file?.[0] : undefined;
      setLocalError(messageText(fieldMessage || (isApiError(e) && e.message) || MSG.uploadFailed));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  function remove() {
    // A file uploaded in this visit and not saved yet is deleted; saved ones stay until replaced.
    if (picked && picked.fileName === value && stored?.fileName !== value)
      void accountsApi.deleteUpload(picked.fileName).catch(() => {});
    f.onChange(field.required ? undefined : null);
  }

  const error = localError ?? fieldState.error?.message;
  return (
    <Input.Wrapper label={field.label} required={field.required} error={error}>
      <Paper withBorder p="sm" mt={4} radius="md" style={{ borderStyle: shown ? 'solid' : 'dashed' }}>
        <FileRow shown={shown} busy={busy} onRemove={remove} onChoose={() => input.current?.click()} />
      </Paper>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/*,application/pdf"
        aria-label={field.label}
        data-testid={`file-${field.name}`}
        onChange={(e) => void onFile(e.currentTarget.files?.[0])}
      />
    </Input.Wrapper>
  );
}
