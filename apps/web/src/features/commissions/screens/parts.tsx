/** The words of a commission's status (colours come from the kit's StatusBadge). */
const LABELS: Record<string, string> = { initialized: 'Awaiting maturity', success: 'Paid' };
export const commissionStatusLabel = (s: string) => LABELS[s] ?? s.charAt(0).toUpperCase() + s.slice(1);
