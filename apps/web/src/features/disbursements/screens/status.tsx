/** The words of a batch's and an item's status (colours come from the kit's StatusBadge). */
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
export const ITEM_LABELS: Record<DisbursementItemStatus, string> = {
  validating: 'Validating',
  valid: 'Valid',
  invalid: 'Failed validation',
  paying: 'Paying',
  paid: 'Paid',
  failed: 'Failed',
};
