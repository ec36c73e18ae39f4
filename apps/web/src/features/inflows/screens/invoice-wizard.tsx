// The full-screen invoice flow (002 §2): /inflows/new-invoice (Invoice Details), then
// /inflows/payment-terms-invoice, then /inflows/review-invoice; /inflows/edit-invoice?invoiceId=
// loads a draft. Every step is saved on the server (POST /inflows/invoice { step, payload }); the
// browser only remembers which invoice the draft is.
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Container,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { InvoiceDetail } from '@owo/contract/inflows';
import { DateField } from '../../../components/date-field';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { inflowApi, refreshInflows, useCustomers, useInvoice, usePartners } from '../api';
import { CustomerModal } from '../components';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

const DRAFT_KEY = 'owo.invoice-draft';
const readDraft = (): string | null => sessionStorage.getItem(DRAFT_KEY);
const EDIT_KEY = 'owo.invoice-draft-edit';
const writeDraft = (id: string | null, editing?: boolean) => {
  if (id) sessionStorage.setItem(DRAFT_KEY, id);
  else sessionStorage.removeItem(DRAFT_KEY);
  if (editing !== undefined || !id)
    if (editing) sessionStorage.setItem(EDIT_KEY, '1');
    else sessionStorage.removeItem(EDIT_KEY);
};
/** "Edit Invoice" when the draft was opened from edit-invoice (Drafts' Continue, Edit Invoice). */
const isEditing = () => sessionStorage.getItem(EDIT_KEY) === '1';

function Frame(props: { step: number; editing: boolean; children: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeader
          mb={0}
          title={props.editing ? 'Edit Invoice' : 'New Invoice'}
          actions={
            <Button variant="subtle" onClick={() => navigate(paths.inflows.invoices.href())}>
              Close
            </Button>
          }
        />
        <Stepper active={props.step} size="sm">
          <Stepper.Step label="Invoice Details" />
          <Stepper.Step label="Payment Terms" />
          <Stepper.Step label="Review" />
        </Stepper>
        {props.children}
      </Stack>
    </Container>
  );
}

/** /inflows/edit-invoice?invoiceId=: loads the draft, then continues at new-invoice. */
export function EditInvoiceScreen() {
  const [params] = useSearchParams();
  const id = params.get('invoiceId');
  if (id) writeDraft(id, true);
  return <Navigate to={paths.inflows.newInvoice.href()} replace />;
}

type Line = { name: string; price: number | string; quantity: number | string };

export function InvoiceDetailsScreen() {
  const [params] = useSearchParams();
  // ?new=page (the header button) starts a fresh draft, once: the URL then drops the flag.
  if (params.get('new') === 'page') {
    writeDraft(null);
    return <Navigate to={paths.inflows.newInvoice.href()} replace />;
  }
  return <DetailsLoader />;
}

function DetailsLoader() {
  const [draftId] = useState(readDraft);
  const existing = useInvoice(draftId ?? undefined);
  if (draftId && existing.isLoading) return <Loader m="xl" />;
  return <DetailsForm key={existing.data?.id ?? 'new'} invoice={existing.data ?? null} />;
}

function DetailsForm(props: { invoice: InvoiceDetail | null }) {
  const navigate = useNavigate();
  const inv = props.invoice;
  const customers = useCustomers({ page: 1, limit: 100 });
  const partners = usePartners({ page: 1, limit: 100 });
  const [customerId, setCustomerId] = useState<string | null>(inv?.customer.id ?? null);
  const [lines, setLines] = useState<Line[]>(
    inv?.products.map((p) => ({ name: p.name, price: p.price, quantity: p.quantity })) ?? [
      { name: '', price: '', quantity: 1 },
    ],
  );
  const [discountType, setDiscountType] = useState<string | null>(inv?.discountType ?? null);
  const [discount, setDiscount] = useState<string>(inv?.discount ?? '');
  const [strategy, setStrategy] = useState<string>(inv?.settlementStrategy ?? 'consolidated');
  const [partnerIds, setPartnerIds] = useState<string[]>(inv?.partners.map((p) => p.id) ?? []);
  const [newCustomer, setNewCustomer] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useApiMutation({
    silentSuccess: true,
    mutationFn: () =>
      inflowApi.step(1, {
        invoiceId: inv?.id,
        customerId,
        products: lines.map((l) => ({ name: l.name, price: String(l.price), quantity: Number(l.quantity) })),
        discount: discount || undefined,
        discountType: discountType || undefined,
        settlementStrategy: strategy,
        partners: partnerIds,
      }),
    onSuccess: (res) => {
      writeDraft(res.data.id);
      void refreshInflows();
      void navigate(paths.inflows.invoicePaymentTerms.href());
    },
    onError: (err) => setErrors(err.errors ?? {}),
  });
  const total = lines.reduce(
    (a, l) => a + Math.round(Number(l.price || 0) * 100) * Number(l.quantity || 0),
    0,
  );
  const err = (k: string) => errors[k]?.[0];
  return (
    <Frame step={0} editing={isEditing()}>
      <Card>
        <Stack>
          <Group align="flex-end">
            <Select
              style={{ flex: 1 }}
              label="Customer"
              placeholder="Select a customer"
              searchable
              data={(customers.data?.items ?? []).map((c) => ({
                value: c.id,
                label: `${c.name} (${c.email})`,
              }))}
              value={customerId}
              onChange={setCustomerId}
              error={err('customerId')}
            />
            <Button variant="default" onClick={() => setNewCustomer(true)}>
              New customer
            </Button>
          </Group>
          <Text fw={600}>Products</Text>
          {lines.map((l, i) => (
            <Group key={i} align="flex-end">
              <TextInput
                style={{ flex: 2 }}
                label="Name"
                value={l.name}
                onChange={(e) =>
                  setLines(lines.map((x, j) => (j === i ? { ...x, name: e.currentTarget.value } : x)))
                }
                error={err(`products.${i}.name`)}
              />
              <TextInput
                style={{ flex: 1 }}
                label="Price (NGN)"
                value={String(l.price)}
                onChange={(e) =>
                  setLines(lines.map((x, j) => (j === i ? { ...x, price: e.currentTarget.value } : x)))
                }
                error={err(`products.${i}.price`)}
              />
              <NumberInput
                w={100}
                label="Quantity"
                min={1}
                value={l.quantity}
                onChange={(v) => setLines(lines.map((x, j) => (j === i ? { ...x, quantity: v } : x)))}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Remove product"
                disabled={lines.length === 1}
                onClick={() => setLines(lines.filter((_, j) => j !== i))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={() => setLines([...lines, { name: '', price: '', quantity: 1 }])}
            >
              Add product
            </Button>
            <Text size="sm" c="dimmed">
              Initial amount: {formatMoney(total)}
            </Text>
          </Group>
          <Group grow align="flex-start">
            <Select
              label="Discount type"
              clearable
              data={[
                { value: 'fixed', label: 'Fixed amount' },
                { value: 'percentage', label: 'Percentage' },
              ]}
              value={discountType}
              onChange={setDiscountType}
              error={err('discountType')}
            />
            <TextInput
              label="Discount"
              value={discount}
              onChange={(e) => setDiscount(e.currentTarget.value)}
              error={err('discount')}
            />
          </Group>
          <Select
            label="Mode of partners settlement"
            data={[
              { value: 'consolidated', label: 'Once after all collections' },
              { value: 'per-collection', label: 'After every collection' },
              { value: 'per-installment', label: 'After every installment' },
            ]}
            value={strategy}
            onChange={(v) => setStrategy(v ?? 'consolidated')}
          />
          <MultiSelect
            label="Partners"
            placeholder="Split collections with partners"
            data={(partners.data?.items ?? []).map((p) => ({
              value: p.id,
              label: `${p.customerName} (${p.percentage}%)`,
            }))}
            value={partnerIds}
            onChange={setPartnerIds}
            error={err('partners')}
          />
          {errors._ && <Alert color="red">{errors._[0]}</Alert>}
          <Group justify="flex-end">
            <Button loading={save.isPending} onClick={() => save.mutate()}>
              Continue
            </Button>
          </Group>
        </Stack>
      </Card>
      <CustomerModal
        opened={newCustomer}
        onClose={() => setNewCustomer(false)}
        onSaved={(c) => setCustomerId(c.id)}
      />
    </Frame>
  );
}

type Term = { name: string; percentage: string; dueDate: string };

export function PaymentTermsScreen() {
  const [draftId] = useState(readDraft);
  const inv = useInvoice(draftId ?? undefined);
  if (!draftId) return <Navigate to={paths.inflows.newInvoice.href()} replace />;
  if (inv.isLoading || !inv.data) return <Loader m="xl" />;
  return <TermsForm invoice={inv.data} />;
}

function TermsForm(props: { invoice: InvoiceDetail }) {
  const navigate = useNavigate();
  const inv = props.invoice;
  const [option, setOption] = useState<string>(inv.paymentOption ?? 'one-time');
  const fromInvoice = (): Term[] =>
    inv.invoiceInstallments.map((i) => ({
      name: i.name,
      percentage: i.percentage,
      dueDate: i.dueDate ?? '',
    }));
  const [terms, setTerms] = useState<Term[]>(
    inv.invoiceInstallments.length ? fromInvoice() : [{ name: 'Full payment', percentage: '', dueDate: '' }],
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // 002 §4: changing the payment option clears the terms.
  useEffect(() => {
    if (option !== (inv.paymentOption ?? 'one-time'))
      setTerms(
        option === 'one-time'
          ? [{ name: 'Full payment', percentage: '', dueDate: '' }]
          : [{ name: '', percentage: '', dueDate: '' }],
      );
  }, [option, inv.paymentOption]);
  const sum = terms.reduce((a, t) => a + Number(t.percentage || 0), 0);
  const save = useApiMutation({
    silentSuccess: true,
    mutationFn: () =>
      inflowApi.step(2, {
        invoiceId: inv.id,
        paymentOption: option,
        terms: terms.map((t) => ({
          name: t.name,
          dueDate: t.dueDate,
          ...(option === 'installments' && t.percentage ? { percentage: t.percentage } : {}),
        })),
      }),
    onSuccess: () => {
      void refreshInflows();
      void navigate(paths.inflows.reviewInvoice.href());
    },
    onError: (err) => setErrors(err.errors ?? {}),
  });
  const err = (k: string) => errors[k]?.[0];
  return (
    <Frame step={1} editing={isEditing()}>
      <Card>
        <Stack>
          <Text>Total: {formatMoney(inv.amountMinor)}</Text>
          <SegmentedControl
            value={option}
            onChange={setOption}
            data={[
              { value: 'one-time', label: 'One time' },
              { value: 'installments', label: 'Installments' },
            ]}
          />
          {terms.map((t, i) => (
            <Group key={i} align="flex-start" grow>
              <TextInput
                label="Name"
                value={t.name}
                onChange={(e) =>
                  setTerms(terms.map((x, j) => (j === i ? { ...x, name: e.currentTarget.value } : x)))
                }
                error={err(`terms.${i}.name`)}
              />
              {option === 'installments' && (
                <TextInput
                  label="Percentage"
                  placeholder="Equal split when all empty"
                  value={t.percentage}
                  onChange={(e) =>
                    setTerms(terms.map((x, j) => (j === i ? { ...x, percentage: e.currentTarget.value } : x)))
                  }
                />
              )}
              <DateField
                label="Due date"
                value={t.dueDate}
                onChange={(v) => setTerms(terms.map((x, j) => (j === i ? { ...x, dueDate: v } : x)))}
                error={err(`terms.${i}.dueDate`)}
              />
            </Group>
          ))}
          {option === 'installments' && (
            <Group>
              <Button
                variant="light"
                size="xs"
                onClick={() => setTerms([...terms, { name: '', percentage: '', dueDate: '' }])}
              >
                Add term
              </Button>
              {terms.length > 1 && (
                <Button variant="subtle" size="xs" color="red" onClick={() => setTerms(terms.slice(0, -1))}>
                  Remove last
                </Button>
              )}
              {sum > 0 && (
                <Text size="sm" c={sum === 100 ? 'teal' : 'red'}>
                  Total: {sum}%
                </Text>
              )}
            </Group>
          )}
          {errors.terms && <Alert color="red">{errors.terms[0]}</Alert>}
          <Group justify="space-between">
            <Button variant="default" onClick={() => navigate(paths.inflows.newInvoice.href())}>
              Back
            </Button>
            <Button loading={save.isPending} onClick={() => save.mutate()}>
              Continue
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

export function ReviewInvoiceScreen() {
  const navigate = useNavigate();
  const [draftId] = useState(readDraft);
  const q = useInvoice(draftId ?? undefined);
  const submit = useApiMutation({
    mutationFn: () => inflowApi.step(3, { invoiceId: draftId }),
    onSuccess: () => {
      writeDraft(null);
      void refreshInflows();
      void navigate(paths.inflows.invoices.href());
    },
  });
  if (!draftId) return <Navigate to={paths.inflows.newInvoice.href()} replace />;
  if (q.isLoading || !q.data) return <Loader m="xl" />;
  const inv = q.data;
  return (
    <Frame step={2} editing={isEditing()}>
      <Card>
        <Stack>
          <Group justify="space-between">
            <Text>
              {inv.customer.name} · {inv.customer.email}
            </Text>
            <Text c="dimmed">{inv.reference}</Text>
          </Group>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>QTY</Table.Th>
                <Table.Th>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inv.products.map((p, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{p.quantity}</Table.Td>
                  <Table.Td>{formatMoney(p.amountMinor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text>Initial amount: {formatMoney(inv.initialAmountMinor)}</Text>
          {inv.discountType && (
            <Text>
              Discount:{' '}
              {inv.discountType === 'percentage' ? `${inv.discount}%` : formatMoney(inv.discountAmountMinor)}{' '}
              ({formatMoney(inv.discountAmountMinor)})
            </Text>
          )}
          <Title order={4}>Total: {formatMoney(inv.amountMinor)}</Title>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Term</Table.Th>
                <Table.Th>Percentage</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Due date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inv.invoiceInstallments.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{i.name}</Table.Td>
                  <Table.Td>{i.percentage}%</Table.Td>
                  <Table.Td>{formatMoney(i.amountMinor)}</Table.Td>
                  <Table.Td>{i.dueDate ? formatDate(i.dueDate) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Button variant="default" onClick={() => navigate(paths.inflows.invoicePaymentTerms.href())}>
              Back
            </Button>
            <Button loading={submit.isPending} onClick={() => submit.mutate()}>
              Submit for approval
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}
