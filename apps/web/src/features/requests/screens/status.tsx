import { Badge } from '@mantine/core';
import type { RequestPurpose, RequestStatus } from '@owo/contract/requests';

export const STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  moreInfo: 'More info needed',
  approved: 'Approved',
  scheduled: 'Scheduled',
  paying: 'Paying',
  completed: 'Paid',
  failed: 'Failed',
};
const COLORS: Record<RequestStatus, string> = {
  pending: 'yellow',
  moreInfo: 'orange',
  approved: 'blue',
  scheduled: 'grape',
  paying: 'cyan',
  completed: 'green',
  failed: 'red',
};
export const PURPOSE_LABELS: Record<RequestPurpose, string> = {
  vendorPayment: 'Vendor payment',
  reimbursement: 'Reimbursement',
  travel: 'Travel',
  supplies: 'Supplies',
  salary: 'Salary advance',
  other: 'Other',
};

export function RequestStatusBadge(props: { status: RequestStatus }) {
  return (
    <Badge color={COLORS[props.status]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
      {STATUS_LABELS[props.status]}
    </Badge>
  );
}
