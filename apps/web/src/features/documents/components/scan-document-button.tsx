import { Button, FileButton, type ButtonProps } from '@mantine/core';
import { useEffect, useRef } from 'react';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  type DocumentKind,
  type ExtractedDocument,
} from '@owo/contract/documents';
import { handledGlobally, useApiMutation } from '../../../lib/query';
import { toastError } from '../../../lib/toast';
import { extractDocument } from '../api';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';

/** Why a file cannot be read, before it is sent (the server checks again). */
export function documentFileProblem(file: File): string | null {
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type))
    return i18n.t('documents:scanDocumentButton.typeProblem');
  if (file.size > DOCUMENT_MAX_BYTES) return i18n.t('documents:scanDocumentButton.sizeProblem');
  return null;
}

/**
 * "Scan a receipt" / "Scan an invoice": picks a photo or PDF, has it read (the button loads while
 * it reads) and hands what was read to `onRead` with the file. A refusal is toasted; nothing is
 * filled or submitted then.
 */
export function ScanDocumentButton(
  props: {
    kind: DocumentKind;
    onRead: (doc: ExtractedDocument, file: File) => void;
    disabled?: boolean;
  } & Pick<ButtonProps, 'size'>,
) {
  const { t } = useTranslation('documents');
  const reset = useRef<() => void>(null);
  // The form's latest onRead (its values and lists as they are when the reading comes back).
  const onRead = useRef(props.onRead);
  useEffect(() => {
    onRead.current = props.onRead;
  });
  const read = useApiMutation({
    silentSuccess: true,
    silentError: true,
    mutationFn: (file: File) => extractDocument(file),
    onSuccess: (res, file) => onRead.current(res.data, file),
    onError: (err) => {
      if (!handledGlobally(err)) toastError(err.errors?.file?.[0] ?? err.message);
    },
    onSettled: () => reset.current?.(),
  });
  const pick = (file: File | null) => {
    if (!file) return;
    const problem = documentFileProblem(file);
    if (problem) {
      reset.current?.();
      return toastError(problem);
    }
    read.mutate(file);
  };
  return (
    <FileButton resetRef={reset} onChange={pick} accept={DOCUMENT_TYPES.join(',')}>
      {(p) => (
        <Button
          variant="secondary"
          size={props.size}
          loading={read.isPending}
          disabled={props.disabled}
          {...p}
        >
          {t(`scanDocumentButton.labels.${props.kind}`)}
        </Button>
      )}
    </FileButton>
  );
}
