import { FileInput, Group, Text } from '@mantine/core';
import { FileLinks, numberedLabel } from '../../../components/file-link';
import { accountsApi } from '../../accounts';
import type { ExpenseFormApi } from './product-lines';
import { useTranslation } from 'react-i18next';

/** Uploads a receipt and adds it to the form's attachments; a refusal shows on the field. */
export async function attachReceipt(
  form: ExpenseFormApi,
  file: File,
  setUploading: (v: boolean) => void,
): Promise<void> {
  setUploading(true);
  try {
    const res = await accountsApi.upload(file);
    form.setValue('attachments', [
      ...(form.getValues('attachments') ?? []),
      { uploader: res.data.uploader.name, fileName: res.data.fileName },
    ]);
    form.clearErrors('attachments');
  } catch (err) {
    form.setError('attachments', { message: (err as Error).message });
  } finally {
    setUploading(false);
  }
}

/** A receipt uploaded as it is picked, added to the attachments; links to those attached so far. */
export function ReceiptField(props: {
  form: ExpenseFormApi;
  uploading: boolean;
  setUploading: (v: boolean) => void;
}) {
  const { t } = useTranslation('expenses');
  const { form, uploading, setUploading } = props;
  const attachments = form.watch('attachments') ?? [];
  return (
    <>
      <FileInput
        label={t('receiptField.receiptImageOrPdfUp')}
        accept="image/*,application/pdf"
        placeholder={uploading ? t('receiptField.uploading') : t('receiptField.attachAReceipt')}
        onChange={(file) => {
          if (file) void attachReceipt(form, file, setUploading);
        }}
        error={form.formState.errors.attachments?.message}
      />
      {attachments.length > 0 && (
        <Group gap="xs" data-testid="attached-receipts">
          <Text size="sm" c="dimmed">
            {t('receiptField.attached')}
          </Text>
          <FileLinks
            files={attachments}
            label={numberedLabel(t('receiptField.receipt'), attachments.length)}
          />
        </Group>
      )}
    </>
  );
}
