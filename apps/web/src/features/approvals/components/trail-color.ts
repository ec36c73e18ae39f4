/**
 * 000 §4.11: Approved and Pending as such, anything else as a rejection (Resolved/Resubmitted named;
 * Self-approved, the owner's own approval when nobody else could, stands out in orange).
 */
export function trailColor(status: string): string {
  if (status === 'Approved') return 'green';
  if (status === 'Self-approved') return 'orange';
  if (status === 'Pending') return 'yellow';
  if (status === 'Resolved' || status === 'Resubmitted') return 'blue';
  return 'red';
}
