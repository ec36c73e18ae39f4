import { Badge } from '@mantine/core';
import { STATUS_COLORS, statusLabel } from '../rules';

export function TransactionStatusBadge(props: { status: string }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[props.status] ?? 'gray'} radius="sm" tt="none">
      {statusLabel(props.status)}
    </Badge>
  );
}
