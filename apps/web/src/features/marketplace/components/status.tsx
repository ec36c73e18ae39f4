/** The words of a vend's status on the marketplace screens (colours come from the kit's StatusBadge). */
export const vendStatusLabel = (s: string) => (s === 'pending' ? 'Pending' : s);
export const approvalLabel = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
