// The payouts table (the payouts list, an asset's payouts); a row opens its payout. Cards on a phone.
import { Table } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { Payout } from '@owo/contract/payouts';
import { StatusBadge } from '../../../components/status-badge';
import { RowCards, usePhone } from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';

/** The payouts table; a row opens its payout. */
export function PayoutsTable(props: { items: Payout[] }) {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  const phone = usePhone();
  const open = (p: Payout) => navigate(paths.payouts.detail.href({ ref: p.id }));
  if (phone)
    return (
      <RowCards
        label={t('payoutsTable.payouts')}
        rows={props.items.map((p) => ({
          key: p.id,
          title: p.payee.name,
          subtitle: `${formatDate(p.createdAt)} · ${p.narration || p.reference}`,
          amount: formatMoney(p.amountMinor, p.currency),
          status: <StatusBadge status={p.status} />,
          onOpen: () => open(p),
        }))}
      />
    );
  return (
    <Table highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('payoutsTable.date')}</Table.Th>
          <Table.Th>{t('payoutsTable.reference')}</Table.Th>
          <Table.Th>{t('payoutsTable.vendor')}</Table.Th>
          <Table.Th>{t('payoutsTable.narration')}</Table.Th>
          <Table.Th>{t('payoutsTable.amount')}</Table.Th>
          <Table.Th>{t('payoutsTable.scheduled')}</Table.Th>
          <Table.Th>{t('payoutsTable.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.items.map((p) => (
          <Table.Tr key={p.id} style={{ cursor: 'pointer' }} onClick={() => open(p)}>
            <Table.Td>{formatDate(p.createdAt)}</Table.Td>
            <Table.Td>{p.reference}</Table.Td>
            <Table.Td>{p.payee.name}</Table.Td>
            <Table.Td>{p.narration}</Table.Td>
            <Table.Td>{formatMoney(p.amountMinor, p.currency)}</Table.Td>
            <Table.Td>{p.scheduledDate ? formatDate(p.scheduledDate) : '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 120 }}>
              <StatusBadge status={p.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
