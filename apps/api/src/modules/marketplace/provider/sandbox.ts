// The sandbox vending provider (default). Its books are `vending_sandbox_vends` (tables.ts), so it is
// shared by every process and survives restarts; a request id vends once (primary key).
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../platform/deps';
import { vendingSandboxVends } from '../tables';
import type { MeterQuery, VendingPort, VendRequest, VendResult, VerifiedMeter } from './port';
import { VendUnknownOutcome } from './port';
import { bandOf, parseTariffs, unitsFor } from './tariffs';
import { SANDBOX_DEBT_MINOR, SANDBOX_TEST_METERS as M, SANDBOX_TIMING } from './test-meters';

const FIRST = [
  'Adaeze',
  'Babatunde',
  'Chinedu',
  'Funmilayo',
  'Ibrahim',
  'Kemi',
  'Musa',
  'Ngozi',
  'Olumide',
  'Zainab',
];
const LAST = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Abubakar',
  'Nwosu',
  'Balogun',
  'Danjuma',
  'Okonkwo',
];
const STREETS = [
  'Allen Avenue',
  'Adeola Odeku Street',
  'Aminu Kano Crescent',
  'Ogui Road',
  'Ring Road',
  'Aba Road',
];
const TOWNS: Record<string, string> = {
  AEDC: 'Wuse, Abuja',
  BEDC: 'Benin City',
  EKEDC: 'Victoria Island, Lagos',
  IKEDC: 'Ikeja, Lagos',
  EEDC: 'Enugu',
  IBEDC: 'Ibadan',
  JED: 'Jos',
  KAEDCO: 'Kaduna',
  KEDCO: 'Kano',
  PHED: 'Port Harcourt',
  YEDC: 'Yola',
  ABA: 'Aba',
};

const digest = (s: string) => createHash('sha256').update(s).digest();

/** A deterministic customer for any meter: the same number always answers the same name and address. */
export function sandboxCustomer(disco: string, meterNo: string): VerifiedMeter {
  const h = digest(`${disco}:${meterNo}`);
  return {
    name: `${FIRST[h[0] % FIRST.length]} ${LAST[h[1] % LAST.length]}`.toUpperCase(),
    address: `${1 + (h[2] % 98)} ${STREETS[h[3] % STREETS.length]}, ${TOWNS[disco] ?? 'Lagos'}`,
  };
}

/** A 20-digit STS-style token derived from the request id, shown as 5 groups of 4. */
export function stsToken(requestId: string): string {
  const h = digest(`sts:${requestId}`);
  let d = '';
  for (let i = 0; d.length < 20; i++) d += String(h[i % h.length] % 10);
  return d.match(/.{4}/g)!.join('-');
}

type Row = typeof vendingSandboxVends.$inferSelect;
function toResult(r: Row): VendResult {
  return {
    requestId: r.requestId,
    status: r.status === 'delivered' ? 'success' : r.status,
    token: r.status === 'delivered' ? r.token : null,
    units: r.status === 'delivered' ? r.units : null,
    receiptNo: r.receiptNo,
    orderId: r.orderId,
    debtAmountMinor: r.debtAmountMinor ?? null,
    debtRemainingMinor: r.debtRemainingMinor ?? null,
    failureReason: r.failureReason,
  };
}

export function createSandboxVending(deps: Pick<AppDeps, 'db' | 'config'>): VendingPort {
  const tariff = parseTariffs(deps.config.ELECTRICITY_TARIFFS);
  const { db } = deps;
  return {
    name: 'sandbox',
    async verifyMeter(q: MeterQuery) {
      if (q.meterNo === M.unverifiable || !/^\d{10,15}$/.test(q.meterNo)) return null;
      return sandboxCustomer(q.disco, q.meterNo);
    },
    async vend(req: VendRequest) {
      if (req.meterNo === M.unverifiable) throw new Error('sandbox: meter does not exist');
      const h = digest(`rcpt:${req.requestId}`).toString('hex');
      const debt = req.meterNo === M.postpaidDebt ? SANDBOX_DEBT_MINOR : 0;
      const energy = Math.max(0, req.amountMinor - debt);
      const failed = req.meterNo === M.vendFails;
      const delayed = req.meterNo === M.delayed;
      const row = {
        requestId: req.requestId,
        disco: req.disco,
        meterNo: req.meterNo,
        vendType: req.vendType,
        amountMinor: req.amountMinor,
        status: (failed ? 'failed' : delayed ? 'pending' : 'delivered') as Row['status'],
        token: req.vendType === 'prepaid' && energy > 0 ? stsToken(req.requestId) : null,
        units: energy > 0 ? unitsFor(energy, tariff(req.disco, bandOf(req.meterNo))) : '0.00',
        receiptNo: `RCPT${parseInt(h.slice(0, 10), 16).toString().padStart(12, '0').slice(0, 12)}`,
        orderId: `SBX-${h.slice(10, 22).toUpperCase()}`,
        debtAmountMinor: debt || null,
        debtRemainingMinor: debt ? Math.max(0, debt - req.amountMinor) : null,
        failureReason: failed ? 'Disco service unavailable for this meter' : null,
        readyAt: new Date(Date.now() + (delayed ? SANDBOX_TIMING.vendDelayMs : 0)),
      };
      // Once per request id: a repeat (even after a timeout) answers the first vend.
      await db.insert(vendingSandboxVends).values(row).onConflictDoNothing();
      if (req.meterNo === M.timeout)
        throw new VendUnknownOutcome('sandbox: the provider did not answer in time');
      const found = await this.requery(req.requestId);
      return found!;
    },
    async requery(requestId: string) {
      // A delayed vend is decided on the first requery after its ready time.
      const [r] = await db
        .update(vendingSandboxVends)
        .set({ status: 'delivered' })
        .where(
          sql`${vendingSandboxVends.requestId} = ${requestId} and ${vendingSandboxVends.status} = 'pending' and ${vendingSandboxVends.readyAt} <= now()`,
        )
        .returning();
      if (r) return toResult(r);
      const [row] = await db
        .select()
        .from(vendingSandboxVends)
        .where(eq(vendingSandboxVends.requestId, requestId));
      return row ? toResult(row) : null;
    },
  };
}
