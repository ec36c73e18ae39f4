/** The words of a batch's and an item's status (colours come from the kit's StatusBadge). */
import type { DisbursementItemStatus, DisbursementStatus } from '@owo/contract/disbursements';
import { i18n } from '../../../lib/i18n';

export const batchStatusLabel = (s: DisbursementStatus) => i18n.t(`disbursements:status.${s}`);
export const itemStatusLabel = (s: DisbursementItemStatus) => i18n.t(`disbursements:itemStatus.${s}`);
