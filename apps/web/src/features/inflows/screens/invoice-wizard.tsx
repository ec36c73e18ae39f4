// The full-screen invoice flow (002 §2): /inflows/new-invoice (Invoice Details), then
// /inflows/payment-terms-invoice, then /inflows/review-invoice; /inflows/edit-invoice?invoiceId=
// loads a draft. Every step is saved on the server (POST /inflows/invoice { step, payload }); the
// browser only remembers which invoice the draft is.
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
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
import { inflowApi, refreshInflows, useInvoice } from '../api';
import { paths } from '../../../lib/paths';
import { DetailsForm } from './invoice-details-form';
import { Frame, isEditing, readDraft, writeDraft } from './invoice-draft';
import { ProductsTable } from './invoice-sections';
import { useTranslation } from 'react-i18next';

/** /inflows/edit-invoice?invoiceId=: loads the draft, then continues at new-invoice. */
export function EditInvoiceScreen() {
  const [params] = useSearchParams();
  const id = params.get('invoiceId');
  if (id) writeDraft(id, true);
  return <Navigate to={paths.inflows.newInvoice.href()} replace />;
}

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

type Term = { name: string; percentage: string; dueDate: string };

export function PaymentTermsScreen() {
  const [draftId] = useState(readDraft);
  const inv = useInvoice(draftId ?? undefined);
  if (!draftId) return <Navigate to={paths.inflows.newInvoice.href()} replace />;
  if (inv.isLoading || !inv.data) return <Loader m="xl" />;
  return <TermsForm invoice={inv.data} />;
}

/** The terms: name, percentage (installments) and due date each, with Add term / Remove last and the total. */
function TermRows(props: {
  option: string;
  terms: Term[];
  setTerms: (terms: Term[]) => void;
  err: (k: string) => string | undefined;
}) {
  const { t } = useTranslation('inflows');
  const { option, terms, setTerms, err } = props;
  const sum = terms.reduce((a, term) => a + Number(term.percentage || 0), 0);
  return (
    <>
      {terms.map((term, i) => (
        <Group key={i} align="flex-start" grow>
          <TextInput
            label={t('invoiceWizard.name')}
            value={term.name}
            onChange={(e) =>
              setTerms(terms.map((x, j) => (j === i ? { ...x, name: e.currentTarget.value } : x)))
            }
            error={err(`terms.${i}.name`)}
          />
          {option === 'installments' && (
            <TextInput
              label={t('invoiceWizard.percentage')}
              placeholder={t('invoiceWizard.equalSplitWhenAllEmpty')}
              value={term.percentage}
              onChange={(e) =>
                setTerms(terms.map((x, j) => (j === i ? { ...x, percentage: e.currentTarget.value } : x)))
              }
            />
          )}
          <DateField
            label={t('invoiceWizard.dueDate')}
            value={term.dueDate}
            onChange={(v) => setTerms(terms.map((x, j) => (j === i ? { ...x, dueDate: v } : x)))}
            error={err(`terms.${i}.dueDate`)}
          />
        </Group>
      ))}
      {option === 'installments' && (
        <Group>
          <Button
            variant="secondary"
            size="xs"
            onClick={() => setTerms([...terms, { name: '', percentage: '', dueDate: '' }])}
          >
            {t('invoiceWizard.addTerm')}
          </Button>
          {terms.length > 1 && (
            <Button variant="danger" size="xs" onClick={() => setTerms(terms.slice(0, -1))}>
              {t('invoiceWizard.removeLast')}
            </Button>
          )}
          {sum > 0 && (
            <Text size="sm" c={sum === 100 ? 'teal' : 'red'}>
              {t('invoiceWizard.total', { sum })}
            </Text>
          )}
        </Group>
      )}
    </>
  );
}

function TermsForm(props: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('inflows');
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
  const save = useApiMutation({
    silentSuccess: true,
    mutationFn: () =>
      inflowApi.step(2, {
        invoiceId: inv.id,
        paymentOption: option,
        terms: terms.map((term) => ({
          name: term.name,
          dueDate: term.dueDate,
          ...(option === 'installments' && term.percentage ? { percentage: term.percentage } : {}),
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
          <Text>{t('invoiceWizard.total2', { amount: formatMoney(inv.amountMinor) })}</Text>
          <SegmentedControl
            value={option}
            onChange={setOption}
            data={[
              { value: 'one-time', label: t('invoiceWizard.oneTime') },
              { value: 'installments', label: t('invoiceWizard.installments') },
            ]}
          />
          <TermRows option={option} terms={terms} setTerms={setTerms} err={err} />
          {errors.terms && <Alert color="red">{errors.terms[0]}</Alert>}
          <Group justify="space-between">
            <Button variant="secondary" onClick={() => navigate(paths.inflows.newInvoice.href())}>
              {t('invoiceWizard.back')}
            </Button>
            <Button loading={save.isPending} onClick={() => save.mutate()}>
              {t('invoiceWizard.continue')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

/** The draft's products, amounts, discount, total and terms, as they will be submitted. */
function ReviewFigures({ inv }: { inv: InvoiceDetail }) {
  const { t } = useTranslation('inflows');
  return (
    <>
      <ProductsTable inv={inv} />
      <Text>{t('invoiceWizard.initialAmount', { amount: formatMoney(inv.initialAmountMinor) })}</Text>
      {inv.discountType && (
        <Text>
          {t('invoiceWizard.discount', {
            discount:
              inv.discountType === 'percentage' ? `${inv.discount}%` : formatMoney(inv.discountAmountMinor),
            amount: formatMoney(inv.discountAmountMinor),
          })}
        </Text>
      )}
      <Title order={4}>{t('invoiceWizard.total2', { amount: formatMoney(inv.amountMinor) })}</Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoiceWizard.term')}</Table.Th>
            <Table.Th>{t('invoiceWizard.percentage')}</Table.Th>
            <Table.Th>{t('invoiceWizard.amount')}</Table.Th>
            <Table.Th>{t('invoiceWizard.dueDate')}</Table.Th>
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
    </>
  );
}

export function ReviewInvoiceScreen() {
  const { t } = useTranslation('inflows');
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
          <ReviewFigures inv={inv} />
          <Group justify="space-between">
            <Button variant="secondary" onClick={() => navigate(paths.inflows.invoicePaymentTerms.href())}>
              {t('invoiceWizard.back')}
            </Button>
            <Button loading={submit.isPending} onClick={() => submit.mutate()}>
              {t('invoiceWizard.submitForApproval')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}
