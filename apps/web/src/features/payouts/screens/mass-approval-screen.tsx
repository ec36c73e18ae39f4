import { Alert, Badge, Button, Card, Checkbox, Group, Stack, Table, Textarea } from '@mantine/core';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useNavigate } from 'react-router-dom';
import { approvalNoteSchema } from '@owo/contract/approvals';
import type { MassApprovalResult, Payout } from '@owo/contract/payouts';
import { ListBody, ListPagination } from '../../../components/list';
import { useDraft } from '../../../lib/drafts';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { MASS_RESULT_DRAFT, payoutApi, refreshPayouts, usePayouts } from '../api';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

type MassResult = { decision: 'approved' | 'rejected'; results: (MassApprovalResult & { label: string })[] };

/** /payouts/mass-approval: select pending payouts, approve or reject them with one comment. */
export function MassApprovalScreen() {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = usePayouts({ status: 'pending' }, page, 50);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [comments, setComments] = useState('');
  const [error, setError] = useState('');
  const [, setResult] = useDraft<MassResult>(MASS_RESULT_DRAFT);
  const items = list.data?.items ?? [];
  const decide = useApiMutation({
    silentSuccess: true,
    mutationFn: (approvalStatus: 'approved' | 'rejected') =>
      payoutApi.massApproval({ ids: [...selected], approvalStatus, comments }),
    onSuccess: (res, approvalStatus) => {
      const labels = new Map(items.map((p) => [p.id, `${p.reference} · ${p.payee.name}`]));
      setResult({
        decision: approvalStatus,
        results: res.data.map((r) => ({ ...r, label: labels.get(r.id) ?? r.id })),
      });
      void refreshPayouts();
      void navigate(paths.payouts.massPayoutReview.href());
    },
  });
  const go = (s: 'approved' | 'rejected') => {
    const check = approvalNoteSchema.safeParse(comments);
    if (!check.success) return setError(messageText(check.error.issues[0].message));
    setError('');
    decide.mutate(s);
  };
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.payouts.root.href())}>
            {t('massApprovalScreen.payouts')}
          </Button>
        }
        title={t('massApprovalScreen.massApproval')}
        description={<>{t('massApprovalScreen.pendingPayoutsSelected', { size: selected.size })}</>}
      />
      <Card padding={0}>
        <ListBody query={list} isEmpty={!items.length}>
          <PendingPayoutsTable items={items} selected={selected} setSelected={setSelected} />
        </ListBody>
        <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      </Card>
      <Card>
        <Stack>
          <Textarea
            label={t('massApprovalScreen.comment')}
            description={t('massApprovalScreen.oneCommentForEverySelected')}
            value={comments}
            onChange={(e) => setComments(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button
              variant="danger"
              disabled={!selected.size}
              loading={decide.isPending}
              onClick={() => go('rejected')}
            >
              {t('massApprovalScreen.rejectSelected')}
            </Button>
            <Button disabled={!selected.size} loading={decide.isPending} onClick={() => go('approved')}>
              {t('massApprovalScreen.approveSelected')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** The pending payouts with a checkbox each, and one to select the whole page. */
function PendingPayoutsTable(props: {
  items: Payout[];
  selected: Set<string>;
  setSelected: Dispatch<SetStateAction<Set<string>>>;
}) {
  const { t } = useTranslation('payouts');
  const { items, selected, setSelected } = props;
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Checkbox
              aria-label={t('massApprovalScreen.selectAll')}
              checked={items.length > 0 && items.every((p) => selected.has(p.id))}
              onChange={(e) =>
                setSelected(e.currentTarget.checked ? new Set(items.map((p) => p.id)) : new Set())
              }
            />
          </Table.Th>
          <Table.Th>{t('massApprovalScreen.date')}</Table.Th>
          <Table.Th>{t('massApprovalScreen.reference')}</Table.Th>
          <Table.Th>{t('massApprovalScreen.vendor')}</Table.Th>
          <Table.Th>{t('massApprovalScreen.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>
              <Checkbox
                aria-label={t('massApprovalScreen.select', { reference: p.reference })}
                checked={selected.has(p.id)}
                onChange={() => toggle(p.id)}
              />
            </Table.Td>
            <Table.Td>{formatDate(p.createdAt)}</Table.Td>
            <Table.Td>{p.reference}</Table.Td>
            <Table.Td>{p.payee.name}</Table.Td>
            <Table.Td>{formatMoney(p.amountMinor, p.currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /payouts/mass-payout-review: the outcome per item of the last mass decision. */
export function MassPayoutReviewScreen() {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  const [result] = useDraft<MassResult>(MASS_RESULT_DRAFT);
  return (
    <Stack gap="lg">
      <PageHeader mb={0} title={t('massApprovalScreen.massApprovalResult')} />
      {!result ? (
        <Alert>{t('massApprovalScreen.nothingToReviewSelectPayouts')}</Alert>
      ) : (
        <Card padding={0}>
          <Table>
            <Table.Tbody>
              {result.results.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.label}</Table.Td>
                  <Table.Td>
                    <Badge color={r.ok ? 'green' : 'red'} variant="light">
                      {r.ok ? result.decision : t('massApprovalScreen.notChanged')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      <Group>
        <Button variant="secondary" onClick={() => navigate(paths.payouts.massApproval.href())}>
          {t('massApprovalScreen.backToMassApproval')}
        </Button>
        <Button onClick={() => navigate(paths.payouts.root.href())}>
          {t('massApprovalScreen.payouts2')}
        </Button>
      </Group>
    </Stack>
  );
}
