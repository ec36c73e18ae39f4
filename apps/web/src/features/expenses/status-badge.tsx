import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  pending: 'yellow',
  rejected: 'red',
  approved: 'blue',
  scheduled: 'violet',
  paying: 'blue',
  completed: 'green',
  failed: 'red',
  retired: 'gray',
};
export function ExpenseStatusBadge(props: { status: string }) {
  return (
    <Badge color={COLORS[props.status] ?? 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
      {props.status}
    </Badge>
  );
}
