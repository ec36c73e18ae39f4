import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { canViewPayrollSensitiveData, PAYROLL_MSG } from '@owo/contract/payroll';
import { type RemittanceKind } from '@owo/contract/payroll-settings';
import { fetchFile, saveBlob } from '../../../lib/files';
import { useActiveAccount } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** The schedules to download (labels in payroll:remittanceSection.file.<kind>). */
const FILES: { kind: RemittanceKind }[] = [{ kind: 'paye' }, { kind: 'pension' }, { kind: 'nhf' }];

/** The last 24 months (Lagos), newest first, as YYYY-MM. */
export function recentMonths(now = new Date(), count = 24) {
  const lagos = new Date(now.getTime() + 3_600_000);
  const out: { value: string; label: string }[] = [];
  for (let i = 0; i < count; i++) {
    const d = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth() - i, 1));
    out.push({
      value: d.toISOString().slice(0, 7),
      label: d.toLocaleString('en-NG', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    });
  }
  return out;
}

/**
 * Remittance schedules (issue 25 §4): pick a month, download the PAYE, pension and NHF CSVs built by
 * GET /payrolls/remittances/{month}/{kind}.csv from that month's paid rows. Only for a role with
 * canViewPayrollSensitiveData (the server refuses the others too).
 */
export function RemittanceSection() {
  const { t } = useTranslation('payroll');
  const role = useActiveAccount().data?.activeAccount?.role;
  const months = recentMonths();
  const [month, setMonth] = useState(months[0].value);
  const [busy, setBusy] = useState<RemittanceKind | null>(null);
  const download = async (kind: RemittanceKind) => {
    setBusy(kind);
    try {
      const { blob, filename } = await fetchFile(`/payrolls/remittances/${month}/${kind}.csv`, {
        accept: 'text/csv, application/json',
        fallbackName: `owo-${kind}-remittance-${month}.csv`,
        failMessage: 'Could not download the remittance schedule',
      });
      saveBlob(blob, filename);
    } catch (err) {
      toastError(err instanceof Error ? err.message : t('remittanceSection.couldNotDownloadTheRemittance'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card>
      <Stack gap="sm">
        <div>
          <Title order={4}>{t('remittanceSection.remittanceSchedules')}</Title>
          <Text c="dimmed" size="sm">
            {t('remittanceSection.csvSchedulesOfAMonthS')}
          </Text>
        </div>
        {canViewPayrollSensitiveData(role) ? (
          <Group align="flex-end">
            <Select
              label={t('remittanceSection.month')}
              data={months}
              value={month}
              onChange={(v) => v && setMonth(v)}
              allowDeselect={false}
              w={220}
            />
            {FILES.map((f) => (
              <Button
                key={f.kind}
                variant="secondary"
                loading={busy === f.kind}
                onClick={() => void download(f.kind)}
              >
                {t(`remittanceSection.file.${f.kind}`)}
              </Button>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {messageText(PAYROLL_MSG.noPermission)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
