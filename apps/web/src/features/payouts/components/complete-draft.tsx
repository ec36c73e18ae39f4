import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { ExtractedDocument } from '@owo/contract/documents';
import type { Bill } from '@owo/contract/payouts-bills';
import { DateField } from '../../../components/date-field';
import { useApiMutation } from '../../../lib/query';
import { ScanDocumentButton, ScanNotice, useScanMarks } from '../../documents';
import { usePayees } from '../../payees';
import { billApi, refreshPayouts } from '../api';
import { fillDraft, type DraftField, type DraftValues } from './bill-scan';
import { InvoiceBankCheck } from './invoice-bank-check';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';

/**
 * A draft from the bill inbox: the vendor, amount, invoice and due date make it a received bill.
 * "Scan an invoice" fills them from the invoice (the unsure ones marked until edited); the bill is
 * paid to the vendor's approved account whatever the invoice says.
 */
export function CompleteDraft(props: { bill: Bill }) {
  const { t } = useTranslation('payouts');
  const f = useDraftForm(props.bill);
  const { v, set, marks, doc } = f;
  return (
    <Card>
      <Stack>
        <Group justify="space-between">
          <Title order={5}>{t('completeDraft.completeThisDraft')}</Title>
          {/* the vendor is picked from the saved ones: read once they are here */}
          <ScanDocumentButton kind="invoice" size="xs" onRead={f.onRead} disabled={!f.vendors.data} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('completeDraft.itArrivedInYourBill')}
        </Text>
        <ScanNotice filled={marks.filled} lowCount={marks.lowCount} />
        <Select
          label={t('completeDraft.vendor')}
          searchable
          data={(f.vendors.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.name} · ${p.email}` }))}
          value={v.payeeId || null}
          onChange={(x) => set('payeeId')(x ?? '')}
          error={f.err('payeeId')}
          {...marks.check('payeeId')}
        />
        {doc && <InvoiceBankCheck doc={doc} payeeId={v.payeeId} onVendorAdded={set('payeeId')} />}
        <DraftFields form={f} />
        <Group>
          <Button loading={f.save.isPending} onClick={() => f.save.mutate()}>
            {t('completeDraft.saveAsReceivedBill')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The draft's values, the scan's marks and the invoice last read, and the save. */
function useDraftForm(b: Bill) {
  const vendors = usePayees({}, 1, 100);
  const [v, setV] = useState<DraftValues>({
    payeeId: b.payeeId ?? '',
    amount: b.amount ?? '',
    description: b.description ?? '',
    invoiceNumber: b.invoiceNumber ?? '',
    dueDate: b.dueDate ?? '',
  });
  const marks = useScanMarks<DraftField>();
  const [doc, setDoc] = useState<ExtractedDocument | null>(null);
  const set = (k: DraftField) => (x: string) => {
    setV((s) => ({ ...s, [k]: x }));
    marks.edited(k);
  };
  const onRead = (read: ExtractedDocument) => {
    const r = fillDraft(v, read, vendors.data?.items ?? []);
    setDoc(read);
    setV(r.values);
    marks.record(r.filled);
  };
  const save = useApiMutation({
    mutationFn: () => billApi.completeDraft(b.reference, v),
    onSuccess: () => void refreshPayouts(),
  });
  const err = (k: string) => save.error?.errors?.[k]?.[0];
  return { vendors, v, set, marks, doc, onRead, save, err };
}

function DraftFields({ form }: { form: ReturnType<typeof useDraftForm> }) {
  const { t } = useTranslation('payouts');
  const { v, set, marks, err } = form;
  return (
    <FormGrid>
      <TextInput
        label={t('completeDraft.amount')}
        value={v.amount}
        onChange={(e) => set('amount')(e.currentTarget.value)}
        error={err('amount')}
        {...marks.check('amount')}
      />
      <TextInput
        label={t('completeDraft.invoiceNumber')}
        value={v.invoiceNumber}
        onChange={(e) => set('invoiceNumber')(e.currentTarget.value)}
        error={err('invoiceNumber')}
        {...marks.check('invoiceNumber')}
      />
      <TextInput
        label={t('completeDraft.description')}
        value={v.description}
        onChange={(e) => set('description')(e.currentTarget.value)}
        error={err('description')}
        {...marks.check('description')}
      />
      <DateField
        label={t('completeDraft.dueDate')}
        value={v.dueDate}
        onChange={set('dueDate')}
        error={err('dueDate')}
        {...marks.check('dueDate')}
      />
    </FormGrid>
  );
}
