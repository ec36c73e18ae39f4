/** The words of a request's status and purpose (colours come from the kit's StatusBadge). */
import type { RequestPurpose, RequestStatus } from '@owo/contract/requests';
import { i18n } from '../../../lib/i18n';

export const requestStatusLabel = (s: RequestStatus) => i18n.t(`requests:status.${s}`);
export const requestPurposeLabel = (p: RequestPurpose) => i18n.t(`requests:purpose.${p}`);
