/** The words of a commission's status (colours come from the kit's StatusBadge). */
import { i18n } from '../../../lib/i18n';
const LABELLED = new Set(['initialized', 'success']);
export const commissionStatusLabel = (s: string) =>
  LABELLED.has(s) ? i18n.t(`commissions:status.${s}`) : s.charAt(0).toUpperCase() + s.slice(1);
