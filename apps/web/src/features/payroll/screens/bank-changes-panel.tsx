// Salary account changes employees asked for in the employee portal (issue 25 §5 add-bank), shown
// to HR on the employees screen with the approvals engine's shared actions and modals.
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { StaffBankChangeItem } from '@owo/contract/payroll-portal-bank';
import { ApprovalActions } from '../../approvals';
import { refreshPayroll, useEmployeeBankChanges } from '../api';

function ChangeRow({ item }: { item: StaffBankChangeItem }) {
  const c = item.change;
  return (
    <Stack gap={4} data-testid="employee-bank-change">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {item.employee.name}
        </Text>
        {!c.nameMatches && (
          <Badge color="red" variant="light">
            Name differs from the employee’s
          </Badge>
        )}
      </Group>
      <Text size="sm">
        New account: <b>{c.bankName}</b> {c.accountNumber} ({c.accountName}). Salaries keep going to the
        current account until it is approved; runs already created keep the account they were made with.
      </Text>
      <ApprovalActions item={item.approvalWorkflowPendingApprovalItem} onDone={() => void refreshPayroll()} />
    </Stack>
  );
}

/** Nothing when no change is waiting. */
export function BankChangesPanel() {
  const q = useEmployeeBankChanges();
  const items = q.data ?? [];
  if (!items.length) return null;
  return (
    <Alert color="yellow" title="Bank account changes awaiting approval">
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
