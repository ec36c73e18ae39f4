// /commissions, /commissions/all, /matured, /disbursement, /pending, /rejected (001 §2): an agent's
// own commissions (managers: every agent's) and, on Disbursement, the batches.
import { Box, Card, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { COMMISSION_VIEWS, type AgentCommission, type CommissionView } from '@owo/contract';
import { PageHeader } from '../../../components/page-header';
import { ListBody, ListPagination } from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useBatches, useCommissions } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { commissionStatusLabel } from './parts';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';

export function CommissionsScreen() {
  const { t } = useTranslation('commissions');
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
        title={t('commissionsScreen.commissions')}
        description={
          manager
            ? t('commissionsScreen.agentsCommissionsOnTheInvoices')
            : t('commissionsScreen.yourCommissionsOnTheInvoices')
        }
      />
      <Card p={0}>
        <Tabs
          value={view}
          onChange={(v) =>
            v &&
            navigate(v === 'all' ? paths.commissions.root.href() : paths.commissions.view.href({ view: v }))
          }
        >
          <Tabs.List px="md" pt="xs">
            {COMMISSION_VIEWS.map((v) => (
              <Tabs.Tab key={v} value={v}>
                {t(`commissionsScreen.tabs.${v}`)}
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
  return (
    <>
      <ListBody query={q} isEmpty={!q.data?.items.length}>
        <CommissionRows items={q.data?.items ?? []} />
      </ListBody>
      <ListPagination pagination={q.data?.pagination} page={page} onChange={setPage} />
    </>
  );
}

/**
 * The invoice detail's agent-commission table (002 §2 Invoice details): the invoice's commissions,
 * every agent's for a manager, the caller's own for an agent; nothing when there are none or the
 * role sees no commissions.
 */
export function InvoiceCommissions(props: { invoiceId: string }) {
  const { t } = useTranslation('commissions');
  const manager = useCan('agentCommissionDisbursements', 'get');
  const agent = useCan('agentCommissions', 'get');
  const [page, setPage] = useState(1);
  const q = useCommissions(manager ? 'core' : agent ? 'self' : null, 'all', page, props.invoiceId);
  if (!q.data?.items.length) return null;
  return (
    <Card padding={0} data-testid="invoice-commissions">
      <Title order={5} p="md" pb={0}>
        {t('commissionsScreen.agentCommission')}
      </Title>
      <CommissionRows items={q.data.items} />
      <ListPagination pagination={q.data.pagination} page={page} onChange={setPage} />
    </Card>
  );
}

function CommissionRows(props: { items: AgentCommission[] }) {
  const { t } = useTranslation('commissions');
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('commissionsScreen.agent')}</Table.Th>
            <Table.Th>{t('commissionsScreen.invoice')}</Table.Th>
            <Table.Th>{t('commissionsScreen.commission')}</Table.Th>
            <Table.Th>{t('commissionsScreen.rate')}</Table.Th>
            <Table.Th>{t('commissionsScreen.paymentStatus')}</Table.Th>
            <Table.Th>{t('commissionsScreen.approvalStatus')}</Table.Th>
            <Table.Th>{t('commissionsScreen.payoutDate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.items.map((c) => (
            <Table.Tr
              key={c.id}
              style={{ cursor: c.disbursementId ? 'pointer' : undefined }}
              onClick={() =>
                c.disbursementId &&
                navigate(paths.commissions.disbursement.href({ disbursementId: c.disbursementId }))
              }
            >
              <Table.Td>{c.agent.name}</Table.Td>
              <Table.Td>
                {c.invoiceReference ?? '—'}
                {c.kind === 'clawback' && (
                  <Text span size="xs" c="red" ml={6}>
                    {t('commissionsScreen.clawback')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td c={c.amountDueMinor < 0 ? 'red' : undefined}>
                {formatMoney(c.amountDueMinor)}
              </Table.Td>
              <Table.Td>{c.invoiceCommissionConfig.commissionRate}</Table.Td>
              <Table.Td>
                <StatusBadge status={c.paymentStatus} label={commissionStatusLabel(c.paymentStatus)} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={c.approvalStatus} label={commissionStatusLabel(c.approvalStatus)} />
              </Table.Td>
              <Table.Td>{c.payoutDate ? formatDate(c.payoutDate) : t('commissionsScreen.nA')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function BatchesTable(props: { scope: 'self' | 'core' }) {
  const { t } = useTranslation('commissions');
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
                <Table.Th>{t('commissionsScreen.reference')}</Table.Th>
                <Table.Th>{t('commissionsScreen.agent')}</Table.Th>
                <Table.Th>{t('commissionsScreen.total')}</Table.Th>
                <Table.Th>{t('commissionsScreen.itemsPaid')}</Table.Th>
                <Table.Th>{t('commissionsScreen.state')}</Table.Th>
                <Table.Th>{t('commissionsScreen.approval')}</Table.Th>
                <Table.Th>{t('commissionsScreen.created')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data?.items.map((b) => (
                <Table.Tr
                  key={b.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(paths.commissions.disbursement.href({ disbursementId: b.id }))}
                >
                  <Table.Td>{b.reference}</Table.Td>
                  <Table.Td>{b.agent.name}</Table.Td>
                  <Table.Td>{formatMoney(b.totalAmountMinor)}</Table.Td>
                  <Table.Td>
                    {b.totalPaidItems} / {b.totalItems}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={b.state} label={commissionStatusLabel(b.state)} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={b.approvalStatus} label={commissionStatusLabel(b.approvalStatus)} />
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
