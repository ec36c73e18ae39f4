// Pay someone (000 §4.3, 001 §4): the draft, the exchange quote and the create call.
import type { ExchangeQuoteAnswer } from '@owo/contract/exchange';
import type { PayoutDetail } from '@owo/contract/payouts';
import type { WirePurpose } from '@owo/contract/payouts-pay-someone';
import { api } from '../../../lib/api';

export const PAY_SOMEONE_DRAFT = 'paySomeone';
export type PayCurrency = 'NGN' | 'USD' | 'GBP';

/** The draft sections of 000 §4.3: amountAndSource, recipient, senderDetails, wirePurpose, scheduling. */
export type PaySomeoneDraft = {
  idempotencyKey: string;
  amountAndSource?: {
    walletId: string;
    walletCurrency: string;
    amount: string;
    currency: PayCurrency;
    quote: ExchangeQuoteAnswer;
    /** 000 §4.3: the recipient step is reachable once a quote exists (payment required or not). */
    isPaymentRequired: boolean;
  };
  recipient?: {
    payeeId?: string;
    name: string;
    email?: string;
    bankCode?: string;
    bankName?: string;
    accountNumber?: string;
    accountName?: string;
    foreign?: {
      accountName: string;
      accountNumber: string;
      swiftCode: string;
      sortCode?: string;
      routingNumber?: string;
      bankName: string;
      country: string;
      address: string;
    };
  };
  senderDetails?: { name: string; address: string; country: string; phone?: string };
  wirePurpose?: { purpose: WirePurpose; narration: string } | null;
  scheduling?: { scheduledDate: string };
  done?: PayoutDetail;
};

export const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const paySomeoneApi = {
  quote: (walletId: string, amount: string, currency: string) =>
    api.post<ExchangeQuoteAnswer>(`/exchange/disbursement/payouts/${walletId}`, { amount, currency }),
  create: (d: PaySomeoneDraft) => {
    const a = d.amountAndSource!;
    const r = d.recipient!;
    return api.post<PayoutDetail>(
      '/pay-someone',
      {
        walletId: a.walletId,
        amount: a.amount,
        currency: a.currency,
        ...(r.payeeId
          ? { payeeId: r.payeeId }
          : {
              recipient: {
                name: r.name,
                email: r.email || null,
                ...(r.foreign
                  ? { foreign: r.foreign }
                  : { bankCode: r.bankCode, accountNumber: r.accountNumber }),
              },
            }),
        senderDetails: d.senderDetails ?? null,
        wirePurpose: d.wirePurpose ?? null,
        scheduledDate: d.scheduling?.scheduledDate || null,
      },
      { headers: { 'Idempotency-Key': d.idempotencyKey } },
    );
  },
};
