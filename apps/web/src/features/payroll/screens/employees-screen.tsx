import { Alert, Badge, Button, Card, Group, Menu, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PAYROLL_MSG, type PayrollEmployee } from '@owo/contract/payroll';
import { PAY_REVIEW_MSG } from '@owo/contract/payroll-pay';
import {
  ExportCsvButton,
  FilterBar,
  ListBody,
  ListPagination,
  listQuery,
  useListState,
  type FilterGroup,
  type ListFilters,
} from '../../../components/list';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { payrollApi, refreshPayroll, useEmployees, useGroups } from '../api';
import { MASKED } from '../labels';
import { EmployeeFormModal } from './employee-form';
import { BankChangesPanel, usePendingBankChangeIds } from './bank-changes-panel';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** Filters kept in the URL; `groupId` is the API's own parameter (not a `where` key). */
const URL_KEYS = ['groupId'] as const;
const NO_WHERE = [] as const;

/** /payroll/employees (002 §2): the directory; salary figures only when the server sends them. */
/** The list's one filter, the employee's group, and the company's groups as options. */
function useGroupFilter() {
  const { t } = useTranslation('payroll');
  const groups = useGroups();
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  const groupFilter: FilterGroup[] = [
    {
      key: 'groupId',
      label: t('employeesScreen.group'),
      placeholder: t('employeesScreen.allGroups'),
      options: groupOptions,
    },
  ];
  return { groupFilter, groupOptions };
}

export function EmployeesScreen() {
  const { t } = useTranslation('payroll');
  const { filters, page, setFilters, setPage } = useListState(URL_KEYS);
  const list = useEmployees({ ...listQuery(filters, NO_WHERE, page), groupId: filters.groupId });
  const canAdd = useCan('payrollEmployees', 'post');
  const canEdit = useCan('payrollEmployees', 'put');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PayrollEmployee | null>(null);
  const [grouping, setGrouping] = useState<PayrollEmployee | null>(null);
  const { groupFilter, groupOptions } = useGroupFilter();
  const items = list.data?.items ?? [];
  const bankChangeIds = usePendingBankChangeIds();
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('employeesScreen.employees')}
        description={t('employeesScreen.payrollEmployeesTheirSalariesAnd')}
        actions={<HeaderActions filters={filters} canAdd={canAdd} onAdd={() => setAdding(true)} />}
      />
      <DirectoryAlerts items={items} />
      <BankChangesPanel />
      <Card padding={0}>
        <FilterBar
          groups={groupFilter}
          value={filters}
          onChange={setFilters}
          dates={false}
          presets={[]}
          searchPlaceholder={t('employeesScreen.searchByNameOrEmail')}
        />
        <ListBody query={list} isEmpty={!items.length}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('employeesScreen.name')}</Table.Th>
                <Table.Th>{t('employeesScreen.email')}</Table.Th>
                <Table.Th>{t('employeesScreen.group')}</Table.Th>
                <Table.Th>{t('employeesScreen.bank')}</Table.Th>
                <Table.Th>{t('employeesScreen.salary')}</Table.Th>
                <Table.Th>{t('employeesScreen.grossPay')}</Table.Th>
                <Table.Th>{t('employeesScreen.netPay')}</Table.Th>
                <Table.Th>{t('employeesScreen.portal')}</Table.Th>
                {canEdit && <Table.Th aria-label={t('employeesScreen.actions')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((e) => (
                <EmployeeRow
                  key={e.id}
                  e={e}
                  canEdit={canEdit}
                  bankChangePending={bankChangeIds.has(e.id)}
                  onEdit={() => setEditing(e)}
                  onGroup={() => setGrouping(e)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
        <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      </Card>
      <EmployeeFormModal key="add" opened={adding} onClose={() => setAdding(false)} />
      <EmployeeFormModal
        key={editing?.id ?? 'edit'}
        opened={!!editing}
        employee={editing}
        onClose={() => setEditing(null)}
      />
      <ChangeGroupModal employee={grouping} options={groupOptions} onClose={() => setGrouping(null)} />
    </Stack>
  );
}

/** The page's notes: figures hidden for the role, and the employees whose pay wants a review. */
function DirectoryAlerts({ items }: { items: PayrollEmployee[] }) {
  const { t } = useTranslation('payroll');
  const masked = items.some((e) => !e.salaryVisible);
  const toReview = items.filter((e) => e.reviewFlags.length);
  return (
    <>
      {masked && (
        <Alert color="yellow" title={messageText(PAYROLL_MSG.noPermission)}>
          {t('employeesScreen.salaryFiguresAreHiddenFor')}
        </Alert>
      )}
      {toReview.length > 0 && (
        <Alert
          color="orange"
          title={t('employeesScreen.employeeToReview', {
            count: toReview.length,
          })}
        >
          {t('employeesScreen.nothingWasChangedOpenEdit', {
            componentsDoubleSalary: messageText(PAY_REVIEW_MSG.componentsDoubleSalary),
          })}
        </Alert>
      )}
    </>
  );
}

/** The Export, Import and Add buttons of the directory's header. */
function HeaderActions(props: { filters: ListFilters; canAdd: boolean; onAdd: () => void }) {
  const { t } = useTranslation('payroll');
  const { filters, canAdd } = props;
  return (
    <>
      <ExportCsvButton
        path="/payrolls/employees"
        filters={filters}
        groups={NO_WHERE}
        fixed={{ groupId: filters.groupId }}
        filename="owo-payroll-employees.csv"
      />
      {canAdd && (
        <Button variant="secondary" component={Link} to={paths.payroll.importEmployees.href()}>
          {t('employeesScreen.importEmployees')}
        </Button>
      )}
      {canAdd && <Button onClick={props.onAdd}>{t('employeesScreen.addEmployee')}</Button>}
    </>
  );
}

/** One employee of the directory: review and pending-change badges, masked figures, the actions menu. */
function EmployeeRow(props: {
  e: PayrollEmployee;
  canEdit: boolean;
  bankChangePending: boolean;
  onEdit: () => void;
  onGroup: () => void;
}) {
  const { t } = useTranslation('payroll');
  const { e, canEdit } = props;
  return (
    <Table.Tr>
      <Table.Td>
        {e.name}
        {e.reviewFlags.map((f) => (
          <Badge key={f} ml="xs" color="orange" variant="light" title={PAY_REVIEW_MSG[f]}>
            {t('employeesScreen.reviewPay')}
          </Badge>
        ))}
      </Table.Td>
      <Table.Td>{e.email}</Table.Td>
      <Table.Td>{e.groupName ?? '—'}</Table.Td>
      <Table.Td>
        {e.bankDetails.bankName} · {e.bankDetails.accountNumber}
        {props.bankChangePending && (
          <Badge ml="xs" color="yellow" variant="light">
            {t('employeesScreen.changePending')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td title={e.salaryVisible ? undefined : messageText(PAYROLL_MSG.noPermission)}>
        {e.salaryAmountMinor === null ? MASKED : formatMoney(e.salaryAmountMinor)}
      </Table.Td>
      <Table.Td title={e.salaryVisible ? undefined : messageText(PAYROLL_MSG.noPermission)}>
        {e.grossAmountMinor === null ? MASKED : formatMoney(e.grossAmountMinor)}
      </Table.Td>
      <Table.Td title={e.salaryVisible ? undefined : messageText(PAYROLL_MSG.noPermission)}>
        {e.finalAmountMinor === null ? MASKED : formatMoney(e.finalAmountMinor)}
      </Table.Td>
      <Table.Td>
        {e.invitationStatus === 'accepted' ? t('employeesScreen.joined') : t('employeesScreen.invited')}
      </Table.Td>
      {canEdit && (
        <Table.Td>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button
                size="xs"
                variant="secondary"
                aria-label={t('employeesScreen.actionsFor', { name: e.name })}
              >
                ⋯
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => props.onEdit()}>{t('employeesScreen.edit')}</Menu.Item>
              <Menu.Item onClick={() => props.onGroup()}>{t('employeesScreen.changeGroup')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

const NO_GROUP = 'none';

/** Change group: one of the company's groups, or "No group" (`groupId: null`). */
function ChangeGroupModal(props: {
  employee: PayrollEmployee | null;
  options: { value: string; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation('payroll');
  const e = props.employee;
  const [picked, setPicked] = useState<string | null>(null);
  const value = picked ?? e?.groupId ?? NO_GROUP;
  const close = () => {
    setPicked(null);
    props.onClose();
  };
  const save = useApiMutation({
    mutationFn: (groupId: string | null) => payrollApi.setEmployeeGroup(e!.id, groupId),
    onSuccess: () => {
      void refreshPayroll();
      close();
    },
  });
  return (
    <Modal opened={!!e} onClose={close} title={t('employeesScreen.changeGroup')}>
      <Stack>
        <Text size="sm">{e?.name}</Text>
        <Select
          label={t('employeesScreen.group')}
          data={[{ value: NO_GROUP, label: t('employeesScreen.noGroup') }, ...props.options]}
          value={value}
          onChange={(v) => setPicked(v ?? NO_GROUP)}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="secondary" onClick={close}>
            {t('employeesScreen.cancel')}
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate(value === NO_GROUP ? null : value)}>
            {t('employeesScreen.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
