import { Badge } from '@mantine/core';

const VEND: Record<string, string> = { SUCCESS: 'teal', FAILED: 'red', pending: 'yellow' };
const APPROVAL: Record<string, string> = { approved: 'teal', rejected: 'red', pending: 'yellow' };

export function VendStatusBadge(props: { status: string }) {
  return (
    <Badge color={VEND[props.status] ?? 'gray'} variant="light">
      {props.status === 'pending' ? 'Pending' : props.status}
    </Badge>
  );
}
export function ApprovalBadge(props: { status: string }) {
  const s = props.status;
  return (
    <Badge color={APPROVAL[s] ?? 'gray'} variant="light">
      {s.charAt(0).toUpperCase() + s.slice(1)}
    </Badge>
  );
}
