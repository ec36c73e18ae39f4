import { Button, Card, Stack, Table, Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Payroll } from '@owo/contract/payroll-runs';
import { FilterBar, ListBody, ListPagination, listQuery, useListState } from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { usePayrolls } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { MASKED, payrollStatusLabel } from '../labels';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

/** The lists of /payroll (titles in payroll:payrollsScreen.list.<key>). */
const LISTS: { key: string; query: Record<string, string> }[] = [
  { key: 'all', query: {} },
  { key: 'recurring', query: { type: 'recurring' } },
  { key: 'pending', query: { status: 'pending' } },
  { key: 'rejected', query: { status: 'rejected' } },
];
const GROUPS = [] as const;

/** /payroll, /payroll/recurring, /payroll/pending, /payroll/rejected (002 §2). */
export function PayrollsScreen() {
  const { t } = useTranslation('payroll');
  const list = useLocation().pathname.split('/')[2] ?? 'all';
  const navigate = useNavigate();
  const current = LISTS.find((l) => l.key === list) ?? LISTS[0];
  const { filters, page, setFilters, setPage } = useListState(GROUPS);
  const q = usePayrolls({ ...listQuery(filters, GROUPS, page), ...current.query });
  const items = q.data?.items ?? [];
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('payrollsScreen.payroll')}
        description={t(`payrollsScreen.list.${current.key}`)}
        actions={<PayrollsActions />}
      />
      <Tabs
        value={current.key}
        onChange={(v) =>
          navigate(v === 'all' ? paths.payroll.root.href() : paths.payroll.tab.href({ tab: String(v) }))
        }
      >
        <Tabs.List>
          {LISTS.map((l) => (
            <Tabs.Tab key={l.key} value={l.key}>
              {t(`payrollsScreen.list.${l.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Card padding={0}>
        <FilterBar
          groups={[]}
          value={filters}
          onChange={setFilters}
          dates={false}
          presets={[]}
          searchPlaceholder={t('payrollsScreen.searchByNameOrReference')}
        />
        <ListBody query={q} isEmpty={!items.length}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payrollsScreen.date')}</Table.Th>
                <Table.Th>{t('payrollsScreen.name')}</Table.Th>
                <Table.Th>{t('payrollsScreen.type')}</Table.Th>
                <Table.Th>{t('payrollsScreen.employees')}</Table.Th>
                <Table.Th>{t('payrollsScreen.netPay')}</Table.Th>
                <Table.Th>{t('payrollsScreen.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <PayrollRow key={p.id} p={p} />
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
        <ListPagination pagination={q.data?.pagination} page={page} onChange={setPage} />
      </Card>
    </Stack>
  );
}

/** The header's links to employees, groups and settings, and New payroll, as the user's rights allow. */
function PayrollsActions() {
  const { t } = useTranslation('payroll');
  const navigate = useNavigate();
  const canCreate = useCan('payrolls', 'post');
  const canEmployees = useCan('payrollEmployees', 'get');
  const canGroups = useCan('payrollGroups', 'get');
  const canSettings = useCan('payrolls', 'put');
  return (
    <>
      {canEmployees && (
        <Button variant="secondary" onClick={() => navigate(paths.payroll.employees.href())}>
          {t('payrollsScreen.employees')}
        </Button>
      )}
      {canGroups && (
        <Button variant="secondary" onClick={() => navigate(paths.payroll.groups.href())}>
          {t('payrollsScreen.groups')}
        </Button>
      )}
      {canSettings && (
        <Button variant="secondary" onClick={() => navigate(paths.payroll.settings.href())}>
          {t('payrollsScreen.settings')}
        </Button>
      )}
      {canCreate && (
        <Button onClick={() => navigate(paths.payroll.create.href())}>
          {t('payrollsScreen.newPayroll')}
        </Button>
      )}
    </>
  );
}

/** One run; the row opens its details. */
function PayrollRow({ p }: { p: Payroll }) {
  const { t } = useTranslation('payroll');
  const navigate = useNavigate();
  return (
    <Table.Tr
      style={{ cursor: 'pointer' }}
      onClick={() => navigate(paths.payroll.details.href({ ref: p.id }))}
    >
      <Table.Td>{formatDate(p.createdAt)}</Table.Td>
      <Table.Td>{p.name}</Table.Td>
      <Table.Td>{p.type === 'once' ? t('payrollsScreen.once') : t('payrollsScreen.recurring')}</Table.Td>
      <Table.Td>{p.employeeCount}</Table.Td>
      <Table.Td>{p.netAmountMinor === null ? MASKED : formatMoney(p.netAmountMinor)}</Table.Td>
      <Table.Td>
        <StatusBadge status={p.status} label={payrollStatusLabel(p.status)} />
      </Table.Td>
    </Table.Tr>
  );
}
