/** The words of a request's status and purpose (colours come from the kit's StatusBadge). */
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
export const PURPOSE_LABELS: Record<RequestPurpose, string> = {
  vendorPayment: 'Vendor payment',
  reimbursement: 'Reimbursement',
  travel: 'Travel',
  supplies: 'Supplies',
  salary: 'Salary advance',
  other: 'Other',
};
