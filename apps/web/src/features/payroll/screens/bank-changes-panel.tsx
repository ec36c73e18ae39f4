// Salary account changes employees asked for in the employee portal (issue 25 §5 add-bank), shown
// to HR on the employees screen with the approvals engine's shared actions and modals.
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { StaffBankChangeItem } from '@owo/contract/payroll-portal-bank';
import { ApprovalActions } from '../../approvals';
import { refreshPayroll, useEmployeeBankChanges } from '../api';
import { Trans, useTranslation } from 'react-i18next';

function ChangeRow({ item }: { item: StaffBankChangeItem }) {
  const { t } = useTranslation('payroll');
  const c = item.change;
  return (
    <Stack gap={4} data-testid="employee-bank-change">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {item.employee.name}
        </Text>
        {!c.nameMatches && (
          <Badge color="red" variant="light">
            {t('bankChangesPanel.nameDiffersFromTheEmployeeS')}
          </Badge>
        )}
      </Group>
      <Text size="sm">
        <Trans
          t={t}
          i18nKey="bankChangesPanel.newAccount"
          values={{ bank: c.bankName, accountNumber: c.accountNumber, accountName: c.accountName }}
          shouldUnescape
          components={{ b: <b /> }}
        />
      </Text>
      <ApprovalActions item={item.approvalWorkflowPendingApprovalItem} onDone={() => void refreshPayroll()} />
    </Stack>
  );
}

/** Nothing when no change is waiting. */
export function BankChangesPanel() {
  const { t } = useTranslation('payroll');
  const q = useEmployeeBankChanges();
  const items = q.data ?? [];
  if (!items.length) return null;
  return (
    <Alert color="yellow" title={t('bankChangesPanel.bankAccountChangesAwaitingApproval')}>
      <Stack gap="md">
        {items.map((i) => (
          <ChangeRow key={i.change.id} item={i} />
        ))}
      </Stack>
    </Alert>
  );
}

/** The ids of employees with a change waiting, for a badge on their row. */
export function usePendingBankChangeIds(): Set<string> {
  const q = useEmployeeBankChanges();
  return new Set((q.data ?? []).map((i) => i.employee.id));
}
