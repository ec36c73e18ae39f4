import { Alert, Anchor, Card, Divider, Loader, Select, Stack } from '@mantine/core';
import { fromMinor, receivingDetailRows, type TransactionItem } from '@owo/contract';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useFundingAccount, useInvalidateMoney, useWallets } from '../api';
import { CopyField } from '../components/copy-field';
import { SandboxDeposit } from '../components/sandbox-deposit';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** The funding account's details, each with a copy button (the first one large). */
function FundingDetails({ funding }: { funding: ReturnType<typeof useFundingAccount> }) {
  const { t } = useTranslation('money');
  return (
    <>
      {funding.isLoading && <Loader size="sm" aria-label={t('addFundsScreen.loadingFundingAccount')} />}
      {funding.error && <Alert color="red">{messageText(funding.error.message)}</Alert>}
      {funding.data && (
        <Stack gap="md" data-testid="funding-account">
          {receivingDetailRows(funding.data).map((r, i) => (
            <CopyField key={r.label} label={r.label} value={r.display} copy={r.value} large={i === 0} />
          ))}
        </Stack>
      )}
    </>
  );
}

/**
 * /wallet/add-funds (001 §2): the wallet's receiving account to transfer into, with copy buttons: the
 * NGN virtual account, or the USD/GBP wallet's receiving details (SWIFT/BIC, routing number or sort
 * code and IBAN) for a transfer from abroad.
 */
export function AddFundsScreen() {
  const { t } = useTranslation('money');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const wallets = useWallets();
  const invalidate = useInvalidateMoney();
  const walletId =
    search.get('wallet') ??
    wallets.data?.find((w) => w.currency === 'NGN')?.id ??
    wallets.data?.[0]?.id ??
    null;
  const wallet = wallets.data?.find((w) => w.id === walletId);
  const funding = useFundingAccount(wallet?.id ?? null);
  const foreign = !!wallet && wallet.currency !== 'NGN';

  useEffect(() => {
    if (wallets.data && search.get('wallet') && !wallet) setSearch({}, { replace: true });
  }, [wallets.data, wallet, search, setSearch]);

  // A flow that sent the user here to top up (pay-someone step 9) gets them back after the deposit.
  const returnTo = search.get('returnTo');
  const back = returnTo && /^\/[a-z0-9/-]*$/.test(returnTo) ? returnTo : null;

  function landed(tx: TransactionItem) {
    void invalidate();
    if (back) return void navigate(back);
    void navigate(
      paths.wallet.addFundsSuccess.href({ transactionId: tx.id, amount: fromMinor(tx.amountMinor) }),
    );
  }

  return (
    <Stack gap="lg" maw={640} mx="auto" w="100%">
      <PageHeader
        mb={0}
        title={t('addFundsScreen.addFunds')}
        description={
          foreign
            ? t('addFundsScreen.sendFromABankAccount', {
                currency: wallet.currency,
                currency2: wallet.currency,
              })
            : t('addFundsScreen.transferFromAnyNigerianBank')
        }
      >
        {back && (
          <Anchor component={Link} to={back} size="sm">
            {t('addFundsScreen.backToYourPayment')}
          </Anchor>
        )}
      </PageHeader>
      <Card>
        <Stack gap="md">
          <Select
            label={t('addFundsScreen.wallet')}
            value={walletId}
            allowDeselect={false}
            onChange={(v) =>
              v && setSearch({ wallet: v, ...(back ? { returnTo: back } : {}) }, { replace: true })
            }
            data={(wallets.data ?? []).map((w) => ({ value: w.id, label: `${w.name} (${w.currency})` }))}
            disabled={wallets.isLoading}
          />
          <Divider />
          <FundingDetails funding={funding} />
        </Stack>
      </Card>
      {funding.data && (
        <SandboxDeposit
          accountNumber={funding.data.accountNumber}
          currency={wallet?.currency}
          onLanded={landed}
        />
      )}
    </Stack>
  );
}
