import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  pending: 'yellow',
  rejected: 'red',
  approved: 'blue',
  scheduled: 'grape',
  paying: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
};
export function PayoutStatusBadge(props: { status: string }) {
  return (
    <Badge
      color={COLORS[props.status] ?? 'gray'}
      variant="light"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {props.status}
    </Badge>
  );
}
