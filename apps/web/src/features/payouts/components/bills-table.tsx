import { Table } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { Bill } from '@owo/contract/payouts-bills';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';

/** A bill as a row of the table: what the bills list and a vendor's open bills both carry. */
export type BillRow = Pick<
  Bill,
  'id' | 'reference' | 'status' | 'amountMinor' | 'invoiceNumber' | 'dueDate' | 'createdAt'
> & { email?: string };

/** The bills table; a row opens its bill. The email column shows when the rows carry one. */
export function BillsTable(props: { items: BillRow[]; withEmail?: boolean }) {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  return (
    <Table highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billsTable.requested')}</Table.Th>
          {props.withEmail && <Table.Th>{t('billsTable.email')}</Table.Th>}
          <Table.Th>{t('billsTable.invoice')}</Table.Th>
          <Table.Th>{t('billsTable.amount')}</Table.Th>
          <Table.Th>{t('billsTable.due')}</Table.Th>
          <Table.Th>{t('billsTable.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.items.map((b) => (
          <Table.Tr
            key={b.id}
            style={{ cursor: 'pointer' }}
            onClick={() => void navigate(paths.bills.inDashboard.href({ ref: b.reference }))}
          >
            <Table.Td>{formatDate(b.createdAt)}</Table.Td>
            {props.withEmail && <Table.Td>{b.email}</Table.Td>}
            <Table.Td>{b.invoiceNumber ?? '—'}</Table.Td>
            <Table.Td>{b.amountMinor === null ? '—' : formatMoney(b.amountMinor)}</Table.Td>
            <Table.Td>{b.dueDate ? formatDate(b.dueDate) : '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <StatusBadge status={b.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
