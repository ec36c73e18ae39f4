import { Badge } from '@mantine/core';
import type { DisbursementItemStatus, DisbursementStatus } from '@owo/contract/disbursements';

export const STATUS_LABELS: Record<DisbursementStatus, string> = {
  validating: 'Validating',
  invalid: 'Needs fixing',
  pending: 'Pending approval',
  rejected: 'Rejected',
  paying: 'Paying',
  completed: 'Paid',
  partially_failed: 'Partially failed',
  failed: 'Failed',
};
const COLORS: Record<DisbursementStatus, string> = {
  validating: 'blue',
  invalid: 'orange',
  pending: 'yellow',
  rejected: 'red',
  paying: 'cyan',
  completed: 'green',
  partially_failed: 'orange',
  failed: 'red',
};
export const ITEM_LABELS: Record<DisbursementItemStatus, string> = {
  validating: 'Validating',
  valid: 'Valid',
  invalid: 'Failed validation',
  paying: 'Paying',
  paid: 'Paid',
  failed: 'Failed',
};
const ITEM_COLORS: Record<DisbursementItemStatus, string> = {
  validating: 'blue',
  valid: 'teal',
  invalid: 'orange',
  paying: 'cyan',
  paid: 'green',
  failed: 'red',
};

const style = { flexShrink: 0, overflow: 'visible' } as const;

export function DisbursementStatusBadge(props: { status: DisbursementStatus }) {
  return (
    <Badge color={COLORS[props.status]} variant="light" style={style}>
      {STATUS_LABELS[props.status]}
    </Badge>
  );
}

export function ItemStatusBadge(props: { status: DisbursementItemStatus }) {
  return (
    <Badge color={ITEM_COLORS[props.status]} variant="light" size="sm" style={style}>
      {ITEM_LABELS[props.status]}
    </Badge>
  );
}
