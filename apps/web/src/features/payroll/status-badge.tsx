import { Badge } from '@mantine/core';

const COLOURS: Record<string, string> = {
  draft: 'gray',
  pending: 'yellow',
  rejected: 'red',
  approved: 'blue',
  paying: 'blue',
  completed: 'green',
  paid: 'green',
  partially_failed: 'orange',
  failed: 'red',
};

export function PayrollStatusBadge(props: { status: string }) {
  return (
    <Badge color={COLOURS[props.status] ?? 'gray'} variant="light">
      {props.status.replace('_', ' ')}
    </Badge>
  );
}

/** What a caller without canViewPayrollSensitiveData sees in place of a figure (002 §5). */
export const MASKED = '******';
