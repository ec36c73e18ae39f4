import { Alert, Stack, Title } from '@mantine/core';
import { EMPLOYEE_PORTAL_NOT_OPEN } from './employee-login';

/** Behind the employee guard until the payroll issue mounts the payslip and profile screens. */
export function EmployeePendingScreen({ title }: { title: string }) {
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={2}>{title}</Title>
      <Alert color="yellow" variant="light">
        {EMPLOYEE_PORTAL_NOT_OPEN}
      </Alert>
    </Stack>
  );
}
export const PayslipsPending = () => <EmployeePendingScreen title="Payslips" />;
export const ProfilePending = () => <EmployeePendingScreen title="Profile" />;
