import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ExtractedDocument } from '@owo/contract/documents';
import type { Payee } from '@owo/contract/payees';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { documentValues, type DocumentBank } from '../../documents';
import { usePayee, VendorFormModal } from '../../payees';
import { useTranslation } from 'react-i18next';

const accountLine = (b: { bankName: string | null; bankCode: string; accountNumber: string }) =>
  `${b.bankName ?? b.bankCode} ${b.accountNumber}`;
const nameOf = (b: DocumentBank) => b.accountName ?? 'name not confirmed by the bank';
const sameAccount = (a: DocumentBank, p: { bankCode: string; accountNumber: string }) =>
  a.bankCode === p.bankCode && a.accountNumber === p.accountNumber;

/**
 * The bank account a scanned invoice asks to be paid to, against the chosen vendor's saved one.
 * It never changes where the bill is paid: a different account is offered only as a bank change
 * for the vendor (approved by someone else), or as a new vendor when none is chosen.
 */
export function InvoiceBankCheck(props: {
  doc: ExtractedDocument;
  payeeId: string;
  onVendorAdded: (id: string) => void;
}) {
  const { t } = useTranslation('payouts');
  const bank = documentValues(props.doc).bank;
  const vendor = usePayee(props.payeeId || undefined);
  if (!bank) return null;
  if (!props.payeeId)
    return <NoVendorNotice bank={bank} name={props.doc.vendorName} onAdded={props.onVendorAdded} />;
  if (!vendor.data || vendor.data.id !== props.payeeId) return null;
  const saved = vendor.data;
  if (sameAccount(bank, saved))
    return (
      <Text size="sm" c="teal" data-testid="invoice-bank-matches">
        {t('invoiceBankCheck.theInvoiceSAccountMatchesS', { name: saved.name })}
      </Text>
    );
  return <BankMismatch bank={bank} vendor={saved} />;
}

function BankMismatch(props: { bank: DocumentBank; vendor: Payee }) {
  const { t } = useTranslation('payouts');
  const { bank, vendor } = props;
  const canEdit = useCan('payee', 'put');
  const [changing, setChanging] = useState(false);
  const pending = vendor.pendingBankChange && sameAccount(bank, vendor.pendingBankChange);
  return (
    <Alert color="yellow" title={t('invoiceBankCheck.bankDetailsDiffer')} data-testid="invoice-bank-mismatch">
      <Text size="sm">
        {t(
          pending
            ? 'invoiceBankCheck.thisInvoiceAsksForPaymentChangePending'
            : 'invoiceBankCheck.thisInvoiceAsksForPaymentRequestChange',
          { bank: accountLine(bank), bank2: nameOf(bank), name: vendor.name, vendor: accountLine(vendor) },
        )}
      </Text>
      {!pending && (
        <Group mt="sm">
          {canEdit ? (
            <Button size="xs" variant="secondary" onClick={() => setChanging(true)}>
              {t('invoiceBankCheck.requestABankChange')}
            </Button>
          ) : (
            <Anchor component={Link} to={paths.vendors.detail.href({ id: vendor.id })} size="sm">
              {t('invoiceBankCheck.open', { name: vendor.name })}
            </Anchor>
          )}
        </Group>
      )}
      {changing && (
        <VendorFormModal
          opened
          vendor={vendor}
          initial={{ bankCode: bank.bankCode, accountNumber: bank.accountNumber }}
          onClose={() => setChanging(false)}
        />
      )}
    </Alert>
  );
}

function NoVendorNotice(props: { bank: DocumentBank; name: string | null; onAdded: (id: string) => void }) {
  const { t } = useTranslation('payouts');
  const canAdd = useCan('payee', 'post');
  const [adding, setAdding] = useState(false);
  return (
    <Alert color="blue" data-testid="invoice-bank-no-vendor">
      <Text size="sm">
        {t('invoiceBankCheck.thisInvoiceAsksForPayment2', {
          bank: accountLine(props.bank),
          bank2: nameOf(props.bank),
        })}
      </Text>
      {canAdd && (
        <Group mt="sm">
          <Button size="xs" variant="secondary" onClick={() => setAdding(true)}>
            {t('invoiceBankCheck.addAsANewVendor')}
          </Button>
        </Group>
      )}
      {adding && (
        <VendorFormModal
          opened
          initial={{
            name: props.name ?? undefined,
            bankCode: props.bank.bankCode,
            accountNumber: props.bank.accountNumber,
          }}
          onClose={() => setAdding(false)}
          onSaved={(v) => props.onAdded(v.id)}
        />
      )}
    </Alert>
  );
}
