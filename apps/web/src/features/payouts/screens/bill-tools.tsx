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

/** Copies the account's own bill address: mail sent to it becomes a draft bill. */
export function BillInboxModal(props: { opened: boolean; onClose: () => void }) {
  const q = useBillInbox(props.opened);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Copy account email link" size="lg">
      <Stack>
        <Text size="sm">
          Ask vendors to email bills to this address. Each mail becomes a draft bill with its PDF or image
          attached; the amount, invoice number and due date are read from the PDF where we can.
        </Text>
        {q.isLoading ? (
          <Loader size="sm" />
        ) : q.data ? (
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label="Bill inbox"
              readOnly
              value={q.data.email}
              style={{ flex: 1 }}
              data-testid="bill-inbox-email"
            />
            <CopyButton value={q.data.email}>
              {({ copied, copy }) => (
                <Button variant="secondary" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Alert color="red">{q.error?.message ?? 'Could not load the address'}</Alert>
        )}
      </Stack>
    </Modal>
  );
}

const LABEL: Record<BillTier, string> = { one: 'Tier one', two: 'Tier two', three: 'Tier three' };

type TierEdit = { tier: BillTier; workflowId: string; from: number | string; to: number | string };

/** Bill tiers: three amount bands, each naming the payout workflow that approves bills in it. */
export function BillTiersModal(props: { opened: boolean; onClose: () => void }) {
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
    <Modal opened={props.opened} onClose={props.onClose} title="Bill tiers" size="lg">
      <Stack>
        <Alert color="blue" variant="light" data-testid="not-kyb">
          Bill tiers are approval bands by amount: a bill sent for payment is approved by the workflow of the
          band its amount falls in. They are not your KYB tiers (your account’s verification level and payout
          limits).
        </Alert>
        <TiersTable bands={tiers.data} onEdit={setEdit} />
        {edit && (
          <Stack gap="xs">
            <Text fw={600}>{LABEL[edit.tier]}</Text>
            <FormGrid>
              <NumberInput
                label="From (₦)"
                min={0}
                decimalScale={2}
                value={edit.from}
                onChange={(v) => setEdit({ ...edit, from: v })}
                error={save.error?.errors?.fromAmount?.[0]}
              />
              <NumberInput
                label="To (₦, empty: no upper bound)"
                min={0}
                decimalScale={2}
                value={edit.to}
                onChange={(v) => setEdit({ ...edit, to: v })}
                error={save.error?.errors?.toAmount?.[0]}
              />
            </FormGrid>
            <Select
              label="Approval workflow (payouts)"
              data={(workflows.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
              value={edit.workflowId || null}
              onChange={(v) => setEdit({ ...edit, workflowId: v ?? '' })}
              nothingFoundMessage="Create a payout workflow in Settings first"
            />
            <Group justify="flex-end">
              <Button variant="secondary" onClick={() => setEdit(null)}>
                Cancel
              </Button>
              <Button loading={save.isPending} disabled={!edit.workflowId} onClick={() => save.mutate()}>
                Save tier
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
  const band = (t: BillTier) => props.bands?.find((x) => x.tier === t);
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tier</Table.Th>
          <Table.Th>From (₦)</Table.Th>
          <Table.Th>To (₦)</Table.Th>
          <Table.Th>Approved by</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {BILL_TIERS.map((t) => {
          const b = band(t);
          return (
            <Table.Tr key={t}>
              <Table.Td>{LABEL[t]}</Table.Td>
              <Table.Td>{b ? b.fromAmount : '—'}</Table.Td>
              <Table.Td>{b ? (b.toAmount ?? 'and above') : '—'}</Table.Td>
              <Table.Td>{b?.workflowName ?? 'Usual workflow matching'}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="secondary"
                  onClick={() =>
                    props.onEdit({
                      tier: t,
                      workflowId: b?.workflowId ?? '',
                      from: b?.fromAmount ?? '',
                      to: b?.toAmount ?? '',
                    })
                  }
                >
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
