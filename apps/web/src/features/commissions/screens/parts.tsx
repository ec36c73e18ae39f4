import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  initialized: 'gray',
  matured: 'teal',
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  paid: 'green',
  success: 'green',
  processing: 'blue',
  failed: 'red',
  partial: 'orange',
};
const LABELS: Record<string, string> = { initialized: 'Awaiting maturity', success: 'Paid' };

export function StateBadge(props: { status: string }) {
  const label = LABELS[props.status] ?? props.status.charAt(0).toUpperCase() + props.status.slice(1);
  return (
    <Badge color={COLORS[props.status] ?? 'gray'} variant="light">
      {label}
    </Badge>
  );
}
