// The invoice wizard's first step (Invoice Details): customer, products, discount, partners.
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { InvoiceDetail } from '@owo/contract/inflows';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { inflowApi, refreshInflows, useCustomers, usePartners } from '../api';
import { CustomerModal } from '../components';
import { paths } from '../../../lib/paths';
import { Frame, isEditing, writeDraft } from './invoice-draft';
import { useTranslation } from 'react-i18next';
import { FormGrid } from '../../../components/form-grid';

type Line = { name: string; price: number | string; quantity: number | string };
type Err = (k: string) => string | undefined;

/** The step's typed values (from the draft when there is one) and its save (step 1, then Payment Terms). */
function useDetailsForm(inv: InvoiceDetail | null) {
  const navigate = useNavigate();
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
  return {
    ...{ customerId, setCustomerId, lines, setLines, discountType, setDiscountType, discount, setDiscount },
    ...{ strategy, setStrategy, partnerIds, setPartnerIds, errors, save },
  };
}
type DetailsState = ReturnType<typeof useDetailsForm>;

/** The products: a name, price and quantity each, Add product and the initial amount. */
function ProductLines({ f, err }: { f: DetailsState; err: Err }) {
  const { t } = useTranslation('inflows');
  const { lines, setLines } = f;
  const total = lines.reduce(
    (a, l) => a + Math.round(Number(l.price || 0) * 100) * Number(l.quantity || 0),
    0,
  );
  return (
    <>
      <Text fw={600}>{t('invoiceDetailsForm.products')}</Text>
      {lines.map((l, i) => (
        <Group key={i} align="flex-end">
          <TextInput
            style={{ flex: 2 }}
            label={t('invoiceDetailsForm.name')}
            value={l.name}
            onChange={(e) =>
              setLines(lines.map((x, j) => (j === i ? { ...x, name: e.currentTarget.value } : x)))
            }
            error={err(`products.${i}.name`)}
          />
          <TextInput
            style={{ flex: 1 }}
            label={t('invoiceDetailsForm.priceNgn')}
            value={String(l.price)}
            onChange={(e) =>
              setLines(lines.map((x, j) => (j === i ? { ...x, price: e.currentTarget.value } : x)))
            }
            error={err(`products.${i}.price`)}
          />
          <NumberInput
            w={100}
            label={t('invoiceDetailsForm.quantity')}
            min={1}
            value={l.quantity}
            onChange={(v) => setLines(lines.map((x, j) => (j === i ? { ...x, quantity: v } : x)))}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('invoiceDetailsForm.removeProduct')}
            disabled={lines.length === 1}
            onClick={() => setLines(lines.filter((_, j) => j !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="secondary"
          size="xs"
          onClick={() => setLines([...lines, { name: '', price: '', quantity: 1 }])}
        >
          {t('invoiceDetailsForm.addProduct')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('invoiceDetailsForm.initialAmount', { amount: formatMoney(total) })}
        </Text>
      </Group>
    </>
  );
}

/** The discount, the partners' settlement mode and the partners. */
function DiscountAndPartners({ f, err }: { f: DetailsState; err: Err }) {
  const { t } = useTranslation('inflows');
  const partners = usePartners({ page: 1, limit: 100 });
  return (
    <>
      <FormGrid>
        <Select
          label={t('invoiceDetailsForm.discountType')}
          clearable
          data={[
            { value: 'fixed', label: t('invoiceDetailsForm.fixedAmount') },
            { value: 'percentage', label: t('invoiceDetailsForm.percentage') },
          ]}
          value={f.discountType}
          onChange={f.setDiscountType}
          error={err('discountType')}
        />
        <TextInput
          label={t('invoiceDetailsForm.discount')}
          value={f.discount}
          onChange={(e) => f.setDiscount(e.currentTarget.value)}
          error={err('discount')}
        />
      </FormGrid>
      <Select
        label={t('invoiceDetailsForm.modeOfPartnersSettlement')}
        data={[
          { value: 'consolidated', label: t('invoiceDetailsForm.onceAfterAllCollections') },
          { value: 'per-collection', label: t('invoiceDetailsForm.afterEveryCollection') },
          { value: 'per-installment', label: t('invoiceDetailsForm.afterEveryInstallment') },
        ]}
        value={f.strategy}
        onChange={(v) => f.setStrategy(v ?? 'consolidated')}
      />
      <MultiSelect
        label={t('invoiceDetailsForm.partners')}
        placeholder={t('invoiceDetailsForm.splitCollectionsWithPartners')}
        data={(partners.data?.items ?? []).map((p) => ({
          value: p.id,
          label: `${p.customerName} (${p.percentage}%)`,
        }))}
        value={f.partnerIds}
        onChange={f.setPartnerIds}
        error={err('partners')}
      />
    </>
  );
}

/** Step 1 of the wizard, prefilled from the draft `invoice` when there is one. */
export function DetailsForm(props: { invoice: InvoiceDetail | null }) {
  const { t } = useTranslation('inflows');
  const customers = useCustomers({ page: 1, limit: 100 });
  const f = useDetailsForm(props.invoice);
  const [newCustomer, setNewCustomer] = useState(false);
  const err = (k: string) => f.errors[k]?.[0];
  return (
    <Frame step={0} editing={isEditing()}>
      <Card>
        <Stack>
          <Group align="flex-end">
            <Select
              style={{ flex: 1 }}
              label={t('invoiceDetailsForm.customer')}
              placeholder={t('invoiceDetailsForm.selectACustomer')}
              searchable
              data={(customers.data?.items ?? []).map((c) => ({
                value: c.id,
                label: `${c.name} (${c.email})`,
              }))}
              value={f.customerId}
              onChange={f.setCustomerId}
              error={err('customerId')}
            />
            <Button variant="secondary" onClick={() => setNewCustomer(true)}>
              {t('invoiceDetailsForm.newCustomer')}
            </Button>
          </Group>
          <ProductLines f={f} err={err} />
          <DiscountAndPartners f={f} err={err} />
          {f.errors._ && <Alert color="red">{f.errors._[0]}</Alert>}
          <Group justify="flex-end">
            <Button loading={f.save.isPending} onClick={() => f.save.mutate()}>
              {t('invoiceDetailsForm.continue')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <CustomerModal
        opened={newCustomer}
        onClose={() => setNewCustomer(false)}
        onSaved={(c) => f.setCustomerId(c.id)}
      />
    </Frame>
  );
}
