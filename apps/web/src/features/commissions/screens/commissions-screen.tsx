// /commissions, /commissions/all, /matured, /disbursement, /pending, /rejected (001 §2): an agent's
// own commissions (managers: every agent's) and, on Disbursement, the batches.
import { Box, Card, Table, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { COMMISSION_VIEWS, type CommissionView } from '@owo/contract';
import { PageHeader } from '../../../components/page-header';
import { ListBody, ListPagination } from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useBatches, useCommissions } from '../api';
import { StateBadge } from './parts';

const TAB_LABELS: Record<CommissionView, string> = {
  all: 'All',
  matured: 'Matured',
  disbursement: 'Disbursement',
  pending: 'Pending',
  rejected: 'Rejected',
};

export function CommissionsScreen() {
  const params = useParams();
  const navigate = useNavigate();
  const view: CommissionView = (COMMISSION_VIEWS as readonly string[]).includes(params.view ?? '')
    ? (params.view as CommissionView)
    : 'all';
  const manager = useCan('agentCommissionDisbursements', 'get');
  const scope = manager ? 'core' : 'self';
  return (
    <Box maw={1200} mx="auto">
      <PageHeader
        title="Commissions"
        description={
          manager
            ? 'Agents’ commissions on the invoices they create, and their payout batches'
            : 'Your commissions on the invoices you create. A commission matures once its invoice is approved and fully paid.'
        }
      />
      <Card p={0}>
        <Tabs
          value={view}
          onChange={(v) => v && navigate(v === 'all' ? '/commissions' : `/commissions/${v}`)}
        >
          <Tabs.List px="md" pt="xs">
            {COMMISSION_VIEWS.map((v) => (
              <Tabs.Tab key={v} value={v}>
                {TAB_LABELS[v]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Box p="md">
          {view === 'disbursement' ? (
            <BatchesTable key={scope} scope={scope} />
          ) : (
            <CommissionsTable key={`${scope}-${view}`} scope={scope} view={view} />
          )}
        </Box>
      </Card>
    </Box>
  );
}

function CommissionsTable(props: { scope: 'self' | 'core'; view: CommissionView }) {
  const [page, setPage] = useState(1);
  const q = useCommissions(props.scope, props.view, page);
  const navigate = useNavigate();
  return (
    <>
      <ListBody query={q} isEmpty={!q.data?.items.length}>
        <Table.ScrollContainer minWidth={800}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Commission</Table.Th>
                <Table.Th>Rate</Table.Th>
                <Table.Th>Payment Status</Table.Th>
                <Table.Th>Approval Status</Table.Th>
                <Table.Th>Payout Date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data?.items.map((c) => (
                <Table.Tr
                  key={c.id}
                  style={{ cursor: c.disbursementId ? 'pointer' : undefined }}
                  onClick={() =>
                    c.disbursementId && navigate(`/commissions/disbursement/${c.disbursementId}`)
                  }
                >
                  <Table.Td>{c.agent.name}</Table.Td>
                  <Table.Td>
                    {c.invoiceReference ?? '—'}
                    {c.kind === 'clawback' && (
                      <Text span size="xs" c="red" ml={6}>
                        clawback
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td c={c.amountDueMinor < 0 ? 'red' : undefined}>
                    {formatMoney(c.amountDueMinor)}
                  </Table.Td>
                  <Table.Td>{c.invoiceCommissionConfig.commissionRate}</Table.Td>
                  <Table.Td>
                    <StateBadge status={c.paymentStatus} />
                  </Table.Td>
                  <Table.Td>
                    <StateBadge status={c.approvalStatus} />
                  </Table.Td>
                  <Table.Td>{c.payoutDate ? formatDate(c.payoutDate) : 'N/A'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListBody>
      <ListPagination pagination={q.data?.pagination} page={page} onChange={setPage} />
    </>
  );
}

function BatchesTable(props: { scope: 'self' | 'core' }) {
  const [page, setPage] = useState(1);
  const q = useBatches(props.scope, page);
  const navigate = useNavigate();
  return (
    <>
      <ListBody query={q} isEmpty={!q.data?.items.length}>
        <Table.ScrollContainer minWidth={800}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>Items paid</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Approval</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data?.items.map((b) => (
                <Table.Tr
                  key={b.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(`/commissions/disbursement/${b.id}`)}
                >
                  <Table.Td>{b.reference}</Table.Td>
                  <Table.Td>{b.agent.name}</Table.Td>
                  <Table.Td>{formatMoney(b.totalAmountMinor)}</Table.Td>
                  <Table.Td>
                    {b.totalPaidItems} / {b.totalItems}
                  </Table.Td>
                  <Table.Td>
                    <StateBadge status={b.state} />
                  </Table.Td>
                  <Table.Td>
                    <StateBadge status={b.approvalStatus} />
                  </Table.Td>
                  <Table.Td>{formatDate(b.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListBody>
      <ListPagination pagination={q.data?.pagination} page={page} onChange={setPage} />
    </>
  );
}
