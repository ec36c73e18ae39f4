import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { WalletDto } from '@owo/contract';
import { DateField } from '../../../components/date-field';
import { dayjs } from '../../../lib/format';
import { isApiError } from '../../../lib/api';
import { toastSuccess } from '../../../lib/toast';
import { downloadStatement, saveBlob } from '../api';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** The statement's wallet, range and format, checked here then downloaded; errors by field. */
function useStatementForm(wallets: WalletDto[], onClose: () => void) {
  const { t } = useTranslation('money');
  const [walletId, setWalletId] = useState<string | null>(null);
  // ISO dates (DateField shows them DD/MM/YYYY); a rejected text stays as typed.
  const [from, setFrom] = useState(dayjs().startOf('month').format('YYYY-MM-DD'));
  const [to, setTo] = useState(dayjs().format('YYYY-MM-DD'));
  const [format, setFormat] = useState<'pdf' | 'csv'>('pdf');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  useEffect(() => {
    if (!walletId && wallets[0]) setWalletId(wallets[0].id);
  }, [wallets, walletId]);

  async function submit() {
    const iso = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');
    const fromIso = iso(from);
    const toIso = iso(to);
    const local = {
      walletId: walletId ? undefined : 'Please select a wallet',
      from: fromIso ? undefined : 'Use DD/MM/YYYY',
      to: toIso ? undefined : 'Use DD/MM/YYYY',
    };
    setErrors(local);
    if (!walletId || !fromIso || !toIso) return;
    setBusy(true);
    try {
      const { blob, filename } = await downloadStatement({ walletId, from: fromIso, to: toIso, format });
      saveBlob(blob, filename);
      toastSuccess(t('statementModal.statementDownloadedSuccessfully'));
      onClose();
    } catch (e) {
      if (isApiError(e) && e.errors)
        setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
      else setErrors({ form: messageText((e as Error).message) });
    } finally {
      setBusy(false);
    }
  }
  return { walletId, setWalletId, from, setFrom, to, setTo, format, setFormat, busy, errors, submit };
}

/** Statement of one wallet for a date range, as PDF or CSV (000 §6: transactions post). */
export function StatementModal(props: { opened: boolean; onClose: () => void; wallets: WalletDto[] }) {
  const { t } = useTranslation('money');
  const f = useStatementForm(props.wallets, props.onClose);
  const { errors } = f;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={<Text fw={700}>{t('statementModal.downloadStatement')}</Text>}
      centered
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('statementModal.openingAndClosingBalancesCome')}
        </Text>
        <Select
          label={t('statementModal.wallet')}
          data={props.wallets.map((w) => ({ value: w.id, label: `${w.name} (${w.currency})` }))}
          value={f.walletId}
          onChange={f.setWalletId}
          error={errors.walletId}
          allowDeselect={false}
        />
        <FormGrid>
          <DateField
            label={t('statementModal.from')}
            value={f.from}
            onChange={f.setFrom}
            error={errors.from}
          />
          <DateField label={t('statementModal.to')} value={f.to} onChange={f.setTo} error={errors.to} />
        </FormGrid>
        <SegmentedControl
          value={f.format}
          onChange={(v) => f.setFormat(v as 'pdf' | 'csv')}
          data={[
            { value: 'pdf', label: t('statementModal.pdf') },
            { value: 'csv', label: t('statementModal.csv') },
          ]}
        />
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onClose}>
            {t('statementModal.cancel')}
          </Button>
          <Button loading={f.busy} onClick={() => void f.submit()}>
            {t('statementModal.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
