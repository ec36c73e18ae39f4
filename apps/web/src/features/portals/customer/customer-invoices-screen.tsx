import { Alert, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useStore } from '../../../lib/store';
import { PORTAL_NOT_OPEN } from './customer-login';

/**
 * Landing of /customer/invoice and /customer/invoice/:id behind the customer guard. The list and
 * details screens come with the invoices issue (receivables); they replace this element.
 */
export function CustomerInvoicesScreen() {
  const email = useStore((s) => s.customer.email);
  const { id } = useParams();
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={2}>{id ? 'Invoice' : 'Your invoices'}</Title>
      <Text c="dimmed">Signed in as {email}</Text>
      <Alert color="yellow" variant="light">
        {PORTAL_NOT_OPEN}
      </Alert>
    </Stack>
  );
}
