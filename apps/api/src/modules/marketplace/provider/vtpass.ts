// A VTpass-shaped adapter (merchant-verify, pay with request_id, requery; the token in the answer's
// text, e.g. purchased_code 'Token : 1234 5678 ...'). Tested against a local stub (vtpass.test.ts); the
// product never calls the network from tests. Response codes: '000' processed, '099' processing,
// '016' failed; transactions.status delivered | pending | failed.
import type { Config } from '../../../platform/config';
import type { MeterQuery, VendingPort, VendRequest, VendResult } from './port';
import { VendUnknownOutcome } from './port';

export const VTPASS_SERVICE_IDS: Record<string, string> = {
  AEDC: 'abuja-electric',
  BEDC: 'benin-electric',
  EKEDC: 'eko-electric',
  IKEDC: 'ikeja-electric',
  EEDC: 'enugu-electric',
  IBEDC: 'ibadan-electric',
  JED: 'jos-electric',
  KAEDCO: 'kaduna-electric',
  KEDCO: 'kano-electric',
  PHED: 'portharcourt-electric',
  YEDC: 'yola-electric',
  ABA: 'aba-electric',
};

type VtpassAnswer = {
  code?: string;
  response_description?: string;
  requestId?: string;
  content?: {
    transactions?: { status?: string; transactionId?: string };
    Customer_Name?: string;
    Address?: string;
    error?: string;
    WrongBillersCode?: boolean;
  };
  purchased_code?: string;
  Token?: string;
  units?: string | number;
  Units?: string | number;
  debtAmount?: string | number;
  debtRemaining?: string | number;
  receiptNo?: string;
};

const kobo = (v: unknown): number | null => {
  if (v === undefined || v === null || v === '') return null;
  const n = Number(
    (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '').replace(/[^\d.]/g, ''),
  );
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};

/** '20 digits' out of the answer's text ('Token : 1234 5678 ...' or 'Token: 12345678...'). */
export function tokenFromText(text: string | undefined | null): string | null {
  if (!text) return null;
  const digits = text.replace(/^[^\d]*/, '').replace(/[^\d]/g, '');
  if (digits.length < 20) return null;
  return digits.slice(0, 20).match(/.{4}/g)!.join('-');
}

function toResult(requestId: string, a: VtpassAnswer): VendResult {
  const status = a.content?.transactions?.status;
  const outcome: VendResult['status'] =
    a.code === '000' && status === 'delivered'
      ? 'success'
      : a.code === '016' || status === 'failed' || status === 'reversed'
        ? 'failed'
        : 'pending';
  return {
    requestId,
    status: outcome,
    token: outcome === 'success' ? tokenFromText(a.purchased_code ?? a.Token) : null,
    units: a.units !== undefined || a.Units !== undefined ? String(a.units ?? a.Units) : null,
    receiptNo: a.receiptNo ?? null,
    orderId: a.content?.transactions?.transactionId ?? null,
    debtAmountMinor: kobo(a.debtAmount),
    debtRemainingMinor: kobo(a.debtRemaining),
    failureReason: outcome === 'failed' ? (a.response_description ?? 'Vend failed') : null,
  };
}

export function createVtpassVending(
  config: Pick<Config, 'VTPASS_BASE_URL' | 'VTPASS_API_KEY' | 'VTPASS_SECRET_KEY'>,
  timeoutMs = 20_000,
): VendingPort {
  const base = config.VTPASS_BASE_URL.replace(/\/$/, '');
  async function post(path: string, body: object): Promise<VtpassAnswer> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'api-key': config.VTPASS_API_KEY ?? '',
          'secret-key': config.VTPASS_SECRET_KEY ?? '',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new VendUnknownOutcome(`vtpass ${path}: ${(err as Error).message}`);
    }
    if (res.status >= 500) throw new VendUnknownOutcome(`vtpass ${path}: HTTP ${res.status}`);
    return (await res.json()) as VtpassAnswer;
  }
  const serviceId = (disco: string) => VTPASS_SERVICE_IDS[disco] ?? disco.toLowerCase();
  return {
    name: 'vtpass',
    async verifyMeter(q: MeterQuery) {
      const a = await post('/merchant-verify', {
        billersCode: q.meterNo,
        serviceID: serviceId(q.disco),
        type: q.vendType,
      });
      if (a.code !== '000' || !a.content?.Customer_Name || a.content.WrongBillersCode || a.content.error)
        return null;
      return { name: a.content.Customer_Name.trim(), address: (a.content.Address ?? '').trim() };
    },
    async vend(req: VendRequest) {
      const a = await post('/pay', {
        request_id: req.requestId,
        serviceID: serviceId(req.disco),
        billersCode: req.meterNo,
        variation_code: req.vendType,
        amount: req.amountMinor / 100,
        phone: req.phone,
      });
      return toResult(req.requestId, a);
    },
    async requery(requestId: string) {
      const a = await post('/requery', { request_id: requestId });
      if (a.code === '015' || a.content?.error) return null; // invalid request id: never seen
      return toResult(requestId, a);
    },
  };
}
