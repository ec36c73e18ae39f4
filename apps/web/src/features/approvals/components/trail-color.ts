/** 000 §4.11: Approved and Pending as such, anything else as a rejection (Resolved/Resubmitted named). */
export function trailColor(status: string): string {
  if (status === 'Approved') return 'green';
  if (status === 'Pending') return 'yellow';
  if (status === 'Resolved' || status === 'Resubmitted') return 'blue';
  return 'red';
}
