// The "copy account email link" dialog (000 §2.7; the bill inbox) and the bill tiers dialog.
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { BILL_TIERS, type BillTier, type BillTierBand } from '@owo/contract/payouts-bills';
import { useApiMutation } from '../../../lib/query';
import { billExtrasApi, useBillInbox, useBillTiers, usePayoutWorkflows } from '../api';
import { queryClient } from '../../../lib/query';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** Copies the account's own bill address: mail sent to it becomes a draft bill. */
export function BillInboxModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('payouts');
  const q = useBillInbox(props.opened);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('billTools.copyAccountEmailLink')}
      size="lg"
    >
      <Stack>
        <Text size="sm">{t('billTools.askVendorsToEmailBills')}</Text>
        {q.isLoading ? (
          <Loader size="sm" />
        ) : q.data ? (
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label={t('billTools.billInbox')}
              readOnly
              value={q.data.email}
              style={{ flex: 1 }}
              data-testid="bill-inbox-email"
            />
            <CopyButton value={q.data.email}>
              {({ copied, copy }) => (
                <Button variant="secondary" onClick={copy}>
                  {copied ? t('billTools.copied') : t('billTools.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Alert color="red">{messageText(q.error?.message ?? t('billTools.couldNotLoadTheAddress'))}</Alert>
        )}
      </Stack>
    </Modal>
  );
}

const LABEL: Record<BillTier, string> = { one: 'Tier one', two: 'Tier two', three: 'Tier three' };

type TierEdit = { tier: BillTier; workflowId: string; from: number | string; to: number | string };

/** Bill tiers: three amount bands, each naming the payout workflow that approves bills in it. */
export function BillTiersModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('payouts');
  const tiers = useBillTiers(props.opened);
  const workflows = usePayoutWorkflows(props.opened);
  const [edit, setEdit] = useState<TierEdit | null>(null);
  const save = useApiMutation({
    mutationFn: () =>
      billExtrasApi.setTier(edit!.tier, edit!.workflowId, {
        fromAmount: Number(edit!.from || 0),
        toAmount: edit!.to === '' ? null : Number(edit!.to),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['payouts', 'bill-tiers'] });
      setEdit(null);
    },
  });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('billTools.billTiers')} size="lg">
      <Stack>
        <Alert color="blue" variant="light" data-testid="not-kyb">
          {t('billTools.billTiersAreApprovalBands')}
        </Alert>
        <TiersTable bands={tiers.data} onEdit={setEdit} />
        {edit && (
          <Stack gap="xs">
            <Text fw={600}>{LABEL[edit.tier]}</Text>
            <FormGrid>
              <NumberInput
                label={t('billTools.from')}
                min={0}
                decimalScale={2}
                value={edit.from}
                onChange={(v) => setEdit({ ...edit, from: v })}
                error={save.error?.errors?.fromAmount?.[0]}
              />
              <NumberInput
                label={t('billTools.toEmptyNoUpperBound')}
                min={0}
                decimalScale={2}
                value={edit.to}
                onChange={(v) => setEdit({ ...edit, to: v })}
                error={save.error?.errors?.toAmount?.[0]}
              />
            </FormGrid>
            <Select
              label={t('billTools.approvalWorkflowPayouts')}
              data={(workflows.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
              value={edit.workflowId || null}
              onChange={(v) => setEdit({ ...edit, workflowId: v ?? '' })}
              nothingFoundMessage={t('billTools.createAPayoutWorkflowIn')}
            />
            <Group justify="flex-end">
              <Button variant="secondary" onClick={() => setEdit(null)}>
                {t('billTools.cancel')}
              </Button>
              <Button loading={save.isPending} disabled={!edit.workflowId} onClick={() => save.mutate()}>
                {t('billTools.saveTier')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

/** The three tiers with their bands and workflow; Edit opens a tier in the editor below. */
function TiersTable(props: { bands: BillTierBand[] | undefined; onEdit: (edit: TierEdit) => void }) {
  const { t } = useTranslation('payouts');
  const band = (tier: BillTier) => props.bands?.find((x) => x.tier === tier);
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billTools.tier')}</Table.Th>
          <Table.Th>{t('billTools.from')}</Table.Th>
          <Table.Th>{t('billTools.to')}</Table.Th>
          <Table.Th>{t('billTools.approvedBy')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {BILL_TIERS.map((tier) => {
          const b = band(tier);
          return (
            <Table.Tr key={tier}>
              <Table.Td>{LABEL[tier]}</Table.Td>
              <Table.Td>{b ? b.fromAmount : '—'}</Table.Td>
              <Table.Td>{b ? (b.toAmount ?? t('billTools.andAbove')) : '—'}</Table.Td>
              <Table.Td>{b?.workflowName ?? t('billTools.usualWorkflowMatching')}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="secondary"
                  onClick={() =>
                    props.onEdit({
                      tier: tier,
                      workflowId: b?.workflowId ?? '',
                      from: b?.fromAmount ?? '',
                      to: b?.toAmount ?? '',
                    })
                  }
                >
                  {t('billTools.edit')}
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
