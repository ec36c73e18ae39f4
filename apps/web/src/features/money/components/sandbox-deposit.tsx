import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  CURRENCY_INFO,
  sandboxDepositBody,
  type Currency,
  type SandboxStatus,
  type TransactionItem,
} from '@owo/contract';
import { api } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';

export const DEPOSIT_POLL_MS = 1500;
export const DEPOSIT_POLL_LIMIT = 40;

/** Is the sandbox deposit there (outside production, on sandbox rails)? The API says so. */
function useSandboxAvailable() {
  return useQuery({
    queryKey: ['sandbox', 'status'],
    staleTime: Infinity,
    queryFn: async () => (await api.get<SandboxStatus>('/sandbox/status')).data.deposits,
  });
}

/** Looks for the deposit the rail reported, by its provider reference. */
async function findDeposit(reference: string): Promise<TransactionItem | null> {
  const res = await api.get<TransactionItem[]>('/transactions', {
    query: { limit: 1, where: JSON.stringify({ providerRef: reference, type: 'deposit' }) },
  });
  return res.data?.[0] ?? null;
}

/** Polls for the deposit a sent transfer will make, until it lands or the poll limit runs out. */
function useDepositWatch(onLandedProp: (tx: TransactionItem) => void) {
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const onLanded = useRef(onLandedProp);
  onLanded.current = onLandedProp;

  useEffect(() => {
    if (!waitingFor) return;
    let tries = 0;
    let stopped = false;
    const timer = setInterval(() => {
      tries += 1;
      void findDeposit(waitingFor)
        .then((tx) => {
          if (stopped) return;
          if (tx) {
            stopped = true;
            clearInterval(timer);
            setWaitingFor(null);
            onLanded.current(tx);
          } else if (tries >= DEPOSIT_POLL_LIMIT) {
            stopped = true;
            clearInterval(timer);
            setWaitingFor(null);
            setTimedOut(true);
          }
        })
        .catch(() => undefined);
    }, DEPOSIT_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waitingFor]);

  const watch = (reference: string) => {
    setTimedOut(false);
    setWaitingFor(reference);
  };
  return { waitingFor, timedOut, watch };
}

/** Outside production: play a customer paying into the virtual account, then wait until it lands. */
export function SandboxDeposit(props: {
  accountNumber: string;
  currency?: Currency;
  onLanded: (tx: TransactionItem) => void;
}) {
  const { t } = useTranslation('money');
  const available = useSandboxAvailable();
  const { waitingFor, timedOut, watch } = useDepositWatch(props.onLanded);
  const form = useZodForm(sandboxDepositBody, {
    defaultValues: { accountNumber: props.accountNumber, amount: '', senderName: '' },
  });
  const send = useApiMutation({
    form,
    silentSuccess: true,
    mutationFn: (v: { amount: number; senderName?: string }) =>
      // The schema turned the amount into minor units; the API takes the decimal, so send what was typed.
      api.post<{ reference: string }>('/sandbox/deposits', {
        accountNumber: props.accountNumber,
        amount: form.getValues('amount'),
        senderName: v.senderName || undefined,
      }),
    onSuccess: (res) => watch(res.data.reference),
  });

  if (!available.data) return null;
  return (
    <Card bg="gray.0" data-testid="sandbox-deposit">
      <form onSubmit={form.handleSubmit((v) => send.mutate(v))} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={4}>{t('sandboxDeposit.simulateABankTransfer')}</Title>
            <Text size="sm" c="dimmed">
              {t('sandboxDeposit.sandboxOnlySendTestMoney')}
            </Text>
          </div>
          <FormGrid>
            <TextInput
              label={t('sandboxDeposit.amount', { symbol: CURRENCY_INFO[props.currency ?? 'NGN'].symbol })}
              placeholder="5000.00"
              inputMode="decimal"
              {...form.register('amount')}
              error={form.formState.errors.amount?.message}
              miw={160}
            />
            <TextInput
              label={t('sandboxDeposit.senderName')}
              placeholder={t('sandboxDeposit.adaOkafor')}
              {...form.register('senderName')}
              error={form.formState.errors.senderName?.message}
              miw={160}
            />
          </FormGrid>
          {waitingFor && <Alert color="blue">{t('sandboxDeposit.transferSentWaitingForThe')}</Alert>}
          {timedOut && <Alert color="yellow">{t('sandboxDeposit.theDepositHasNotArrived')}</Alert>}
          {form.formState.errors.root?.server && (
            <Alert color="red">{form.formState.errors.root.server.message}</Alert>
          )}
          <Button type="submit" loading={send.isPending || !!waitingFor} w="fit-content">
            {t('sandboxDeposit.sendTestTransfer')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
