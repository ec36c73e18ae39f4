import type { Config } from '../../platform/config';
import { findBank, NIGERIAN_BANKS } from '../banks';
import { RailsError } from '../errors';
import type {
  Bank,
  ChargeRecord,
  RailsEvent,
  RailsPort,
  TransferRequest,
  TransferResult,
  TransferStatus,
  VirtualAccount,
} from '../port';
import { sandboxFxRate } from '../sandbox/resolve';
import { failure, PaystackClient, type PaystackClientOptions } from './client';
import { parsePaystackEvent, verifyPaystackSignature } from './webhook';

// The Paystack adapter (RAILS_PROVIDER=paystack): bank list, resolve, transfer recipients and
// transfers (reference-idempotent), verify, dedicated virtual accounts. Paystack has no FX: rates
// come from config.FX_RATES, as in the sandbox. Webhooks are signed with the secret key.

type PsBank = {
  name: string;
  code: string;
  slug?: string;
  active?: boolean;
  is_deleted?: boolean;
  currency?: string;
  type?: string;
};
type PsCharge = {
  reference?: string;
  status?: string;
  amount?: number;
  currency?: string;
  authorization?: { receiver_bank_account_number?: string | null; narration?: string | null } | null;
  metadata?: { receiver_account_number?: string | null; narration?: string | null } | null;
};
type PsTransfer = {
  reference: string;
  status: string;
  transfer_code?: string;
  failures?: unknown;
  reason?: string;
  gateway_response?: string;
};

const STATUSES: readonly TransferStatus[] = [
  'pending',
  'otp',
  'received',
  'success',
  'failed',
  'reversed',
  'abandoned',
  'blocked',
  'rejected',
];
const BANK_CACHE_MS = 60 * 60 * 1000;
const DUPLICATE_REFERENCE = /duplicate|already (been )?(used|exists)|reference.*(exists|used)/i;

const toStatus = (s: string): TransferStatus =>
  STATUSES.includes(s as TransferStatus) ? (s as TransferStatus) : 'pending';

function toResult(t: PsTransfer): TransferResult {
  const status = toStatus(t.status);
  const failureReason = ['failed', 'reversed', 'abandoned', 'blocked', 'rejected'].includes(status)
    ? (typeof t.failures === 'string' && t.failures) || t.gateway_response || 'Transfer was not completed'
    : null;
  return { reference: t.reference, status, providerRef: t.transfer_code ?? null, failureReason };
}

function splitName(name: string): { first_name: string; last_name: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return { first_name: parts[0] ?? name, last_name: parts[0] ?? name };
  return { first_name: parts.slice(0, -1).join(' '), last_name: parts[parts.length - 1] };
}

export class PaystackRails implements RailsPort {
  readonly name = 'paystack';
  private readonly client: PaystackClient;
  private banks: { at: number; rows: PsBank[] } | null = null;

  constructor(
    private readonly config: Config,
    opts: Partial<PaystackClientOptions> = {},
  ) {
    this.client = new PaystackClient({
      baseUrl: config.PAYSTACK_BASE_URL,
      secretKey: config.PAYSTACK_SECRET_KEY ?? '',
      ...opts,
    });
  }

  private get secret(): string {
    return this.config.PAYSTACK_SECRET_KEY ?? '';
  }

  /** Every NGN bank page by cursor, cached for an hour. */
  private async rawBanks(): Promise<PsBank[]> {
    if (this.banks && Date.now() - this.banks.at < BANK_CACHE_MS) return this.banks.rows;
    const rows: PsBank[] = [];
    let next: string | undefined;
    for (let page = 0; page < 20; page++) {
      const res = await this.client.ok<PsBank[]>('GET', '/bank', undefined, {
        country: 'nigeria',
        currency: 'NGN',
        use_cursor: true,
        perPage: 100,
        next,
      });
      rows.push(...res.data);
      next = typeof res.meta?.next === 'string' && res.meta.next ? res.meta.next : undefined;
      if (!next) break;
    }
    this.banks = { at: Date.now(), rows };
    return rows;
  }

  async listBanks(): Promise<Bank[]> {
    const rows = await this.rawBanks();
    return rows
      .filter((b) => !b.is_deleted)
      .map((b): Bank => {
        const known = findBank(NIGERIAN_BANKS, b.code);
        // Unknown institutions are treated as microfinance: the NUBAN check only warns there.
        return {
          code: b.code,
          name: b.name,
          nipCode: known?.nipCode ?? null,
          type: known?.type ?? 'mfb',
          active: b.active !== false,
          currency: 'NGN',
        };
      });
  }

  async resolveAccount(accountNumber: string, bankCode: string): Promise<{ accountName: string } | null> {
    const a = await this.client.call<{ account_name?: string }>('GET', '/bank/resolve', undefined, {
      account_number: accountNumber,
      bank_code: bankCode,
    });
    if (a.httpStatus >= 200 && a.httpStatus < 300 && a.body?.status && a.body.data?.account_name)
      return { accountName: a.body.data.account_name };
    // Paystack answers 422 (sometimes 400) "Could not resolve account name" for unknown numbers.
    if (a.httpStatus === 422 || a.httpStatus === 400 || a.httpStatus === 404) return null;
    throw failure(a);
  }

  async createTransfer(req: TransferRequest): Promise<TransferResult> {
    // Paystack's transfer API pays NUBAN accounts only; a USD/GBP wire is refused before any call.
    if (req.currency !== 'NGN')
      throw new RailsError('rejected', `${req.currency} wires are not supported by paystack`);
    const recipient = await this.client.ok<{ recipient_code: string }>('POST', '/transferrecipient', {
      type: 'nuban',
      name: req.accountName,
      account_number: req.accountNumber,
      bank_code: req.bankCode,
      currency: req.currency,
    });
    const a = await this.client.call<PsTransfer>('POST', '/transfer', {
      source: 'balance',
      amount: req.amount,
      currency: req.currency,
      recipient: recipient.data.recipient_code,
      reference: req.reference,
      reason: req.reason,
    });
    if (a.httpStatus >= 200 && a.httpStatus < 300 && a.body?.status)
      return toResult({ ...a.body.data, reference: a.body.data.reference ?? req.reference });
    // The same reference never pays twice: Paystack refuses the duplicate, we answer the first transfer.
    if (a.httpStatus < 500 && DUPLICATE_REFERENCE.test(a.body?.message ?? '')) {
      const first = await this.getTransfer(req.reference);
      if (first) return first;
    }
    throw failure(a);
  }

  async getTransfer(reference: string): Promise<TransferResult | null> {
    const a = await this.client.call<PsTransfer>('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
    if (a.httpStatus >= 200 && a.httpStatus < 300 && a.body?.status)
      return toResult({ ...a.body.data, reference: a.body.data.reference ?? reference });
    if (a.httpStatus === 404 || a.httpStatus === 400) return null;
    throw failure(a);
  }

  /** The deposit as Paystack's books hold it (`GET /transaction/verify/:reference`); null when unknown. */
  async getCharge(reference: string): Promise<ChargeRecord | null> {
    const a = await this.client.call<PsCharge>('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    if (a.httpStatus === 404 || a.httpStatus === 400) return null;
    if (!(a.httpStatus >= 200 && a.httpStatus < 300 && a.body?.status)) throw failure(a);
    const d = a.body.data ?? {};
    const accountNumber =
      d.authorization?.receiver_bank_account_number ?? d.metadata?.receiver_account_number;
    if (!accountNumber || typeof d.amount !== 'number') return null; // not a deposit into a dedicated account
    return {
      reference: d.reference ?? reference,
      status: d.status ?? 'unknown',
      amount: d.amount,
      currency: d.currency ?? null,
      accountNumber,
      narration: d.authorization?.narration ?? d.metadata?.narration ?? null,
    };
  }

  async createVirtualAccount(input: { customerRef: string; name: string }): Promise<VirtualAccount> {
    // Paystack needs an email per customer; ours is a stable address derived from the reference.
    const email = `${input.customerRef.toLowerCase().replace(/[^a-z0-9._-]/g, '')}@customers.owo.ng`;
    const customer = await this.client.ok<{ customer_code: string }>('POST', '/customer', {
      email,
      ...splitName(input.name),
      metadata: { customerRef: input.customerRef },
    });
    const preferredBank = this.secret.startsWith('sk_test_') ? 'test-bank' : 'wema-bank';
    const res = await this.client.ok<{
      id: number | string;
      account_name: string;
      account_number: string;
      bank: { name: string; slug?: string; id?: number };
    }>('POST', '/dedicated_account', {
      customer: customer.data.customer_code,
      preferred_bank: preferredBank,
    });
    const d = res.data;
    const bankCode = await this.codeOfBank(d.bank);
    return {
      accountNumber: d.account_number,
      bankCode,
      bankName: d.bank.name,
      accountName: d.account_name,
      providerRef: String(d.id),
    };
  }

  private async codeOfBank(bank: { name: string; slug?: string }): Promise<string> {
    try {
      const rows = await this.rawBanks();
      const hit = rows.find(
        (b) => (bank.slug && b.slug === bank.slug) || b.name.toLowerCase() === bank.name.toLowerCase(),
      );
      if (hit) return hit.code;
    } catch (err) {
      if (!(err instanceof RailsError)) throw err;
    }
    return NIGERIAN_BANKS.find((b) => b.name.toLowerCase() === bank.name.toLowerCase())?.code ?? '';
  }

  async fxRate(from: string, to: string): Promise<string> {
    return sandboxFxRate(this.config, from, to);
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean {
    return verifyPaystackSignature(rawBody, headers, this.secret);
  }

  parseWebhook(rawBody: Buffer): RailsEvent | null {
    return parsePaystackEvent(rawBody);
  }
}

export function createPaystackRails(config: Config, opts: Partial<PaystackClientOptions> = {}): RailsPort {
  return new PaystackRails(config, opts);
}
