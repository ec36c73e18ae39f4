// Customer portal (000 §2.11, §3 customer session, §8; issue 24 §4). A customer signs in with a
// one-time code mailed to the email their invoices were addressed to, and gets a customer session
// that has nothing to do with staff sessions: its own table, its own cookie (`owo_customer`, path
// /api/customer) or `x-customer-token` header, and its own 401 statuses (customer-token-required,
// customer-token-expired) that log out only the customer. Routes are `isPublic()` to the staff
// guard and authenticate the customer in `customerAuth` (a staff token is not a customer token).
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CUSTOMER_PORTAL_MSG,
  CUSTOMER_TOKEN_HEADER,
  customerAuthBody,
  customerInvoiceDetailSchema,
  customerInvoiceQuery,
  customerInvoiceSchema,
  customerProfileSchema,
  customerSessionSchema,
  customerVerifyBody,
  envelope,
  errorEnvelope,
  fromMinor,
  idParam,
  INFLOW_MSG,
  listEnvelope,
  STATUS,
  type CustomerInvoice,
  type CustomerProfile,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError, unauthorized } from '../../platform/errors';
import { isPublic } from '../../platform/guard';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { clientIp, hit } from '../../platform/rate-limit';
import { newToken, safeEqual, sha256 } from '../../platform/tokens';
import { accounts } from '../../platform/tenancy-tables';
import { sendMail } from '../mail';
import { publicInvoice } from './collect';
import { payLinkOf } from './invoice-read';
import { customerPortalCodes, customerPortalSessions, inflowCustomers, invoices } from './tables';

const tags = ['inflows'];
const e401 = { 401: errorEnvelope };
/** A customer-portal route's sign-in check (the portal's own session). */
const signedIn = (deps: AppDeps) => ({ preHandler: customerAuth.bind(deps) });

export const CUSTOMER_COOKIE = 'owo_customer';
const COOKIE_PATH = '/api/customer';
const CODE_TTL_MS = 10 * 60_000;
const CODE_TRIES = 5;
const SESSION_TTL_MS = 12 * 3_600_000;
const HOUR = 3600;

declare module 'fastify' {
  interface FastifyRequest {
    customer?: { sessionId: string; email: string };
  }
}

/** Every company that has this email as a customer: one profile each (000 §3 allCustomerProfiles). */
export async function customerProfiles(deps: Pick<AppDeps, 'db'>, email: string): Promise<CustomerProfile[]> {
  const rows = await deps.db
    .select({
      accountId: inflowCustomers.accountId,
      companyName: accounts.name,
      customerName: sql<string>`min(${inflowCustomers.name})`,
    })
    .from(inflowCustomers)
    .innerJoin(accounts, eq(accounts.id, inflowCustomers.accountId))
    .where(eq(inflowCustomers.email, email))
    .groupBy(inflowCustomers.accountId, accounts.name)
    .orderBy(asc(accounts.name));
  return rows.map((r) => ({ id: r.accountId, ...r, email }));
}

/** Mails a 6-digit code when the email is a known customer; says the same either way. */
export async function requestCode(deps: AppDeps, email: string) {
  const profiles = await customerProfiles(deps, email);
  if (!profiles.length) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction(async (tx) => {
    // A new code replaces any earlier one still open.
    await tx
      .update(customerPortalCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(customerPortalCodes.email, email), isNull(customerPortalCodes.usedAt)));
    await tx.insert(customerPortalCodes).values({
      email,
      codeHash: sha256(`${email}:${code}`),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    const link = `${deps.config.appUrl.replace(/\/$/, '')}/customer/login`;
    await sendMail(
      deps,
      {
        to: email,
        subject: `Your Owo sign-in code: ${code}`,
        text: `Hello,\n\nUse this code to view your invoices from ${profiles.map((p) => p.companyName).join(', ')}: ${code}\n\nIt expires in 10 minutes. Sign in at ${link}\n\nIf you did not ask for it, ignore this email.\n\nOwo`,
      },
      tx,
    );
  });
}

/** Checks the newest open code for the email; a right one opens a customer session. */
export async function verifyCode(deps: AppDeps, email: string, code: string) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(customerPortalCodes)
      .where(
        and(
          eq(customerPortalCodes.email, email),
          isNull(customerPortalCodes.usedAt),
          gt(customerPortalCodes.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(customerPortalCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row || row.attempts >= CODE_TRIES) return null;
    if (!safeEqual(row.codeHash, sha256(`${email}:${code}`))) {
      await tx
        .update(customerPortalCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(customerPortalCodes.id, row.id));
      return null;
    }
    await tx
      .update(customerPortalCodes)
      .set({ usedAt: new Date() })
      .where(eq(customerPortalCodes.id, row.id));
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await tx.insert(customerPortalSessions).values({ email, tokenHash: sha256(token), expiresAt });
    return { token, expiresAt };
  });
}

const readToken = (req: FastifyRequest) => {
  const h = req.headers[CUSTOMER_TOKEN_HEADER];
  if (typeof h === 'string' && h) return h;
  return req.cookies?.[CUSTOMER_COOKIE] || null;
};

/** preHandler of every signed-in customer route: 401 customer-token-required / -expired. */
async function customerAuth(this: AppDeps, req: FastifyRequest) {
  const token = readToken(req);
  if (!token) throw unauthorized(CUSTOMER_PORTAL_MSG.tokenRequired, STATUS.customerTokenRequired);
  const [s] = await this.db
    .select()
    .from(customerPortalSessions)
    .where(eq(customerPortalSessions.tokenHash, sha256(token.slice(0, 200))));
  if (!s || s.revokedAt || s.expiresAt.getTime() <= Date.now())
    throw unauthorized(CUSTOMER_PORTAL_MSG.tokenExpired, STATUS.customerTokenExpired);
  req.customer = { sessionId: s.id, email: s.email };
}

const customerOf = (req: FastifyRequest) => {
  if (!req.customer) throw unauthorized(CUSTOMER_PORTAL_MSG.tokenRequired, STATUS.customerTokenRequired);
  return req.customer;
};

function setCookie(deps: AppDeps, reply: FastifyReply, token: string) {
  reply.setCookie(CUSTOMER_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.appUrl.startsWith('https://'),
    path: COOKIE_PATH,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/** Approved invoices addressed to `email` by one company (the current profile), newest first. */
export async function listCustomerInvoices(
  deps: AppDeps,
  email: string,
  q: z.infer<typeof customerInvoiceQuery>,
) {
  const profiles = await customerProfiles(deps, email);
  const accountId = q.accountId ?? profiles[0]?.accountId;
  const profile = profiles.find((p) => p.accountId === accountId);
  if (!profile) return paged([] as CustomerInvoice[], q, 0);
  const where = and(
    eq(invoices.accountId, profile.accountId),
    eq(invoices.customerEmail, email),
    eq(invoices.approvalStatus, 'approved'),
  );
  const [{ n }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(where);
  const rows = await deps.db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const items: CustomerInvoice[] = rows.map((i) => ({
    id: i.id,
    accountId: i.accountId,
    companyName: profile.companyName,
    reference: i.reference,
    status: i.status as CustomerInvoice['status'],
    amount: fromMinor(i.amountMinor),
    amountMinor: i.amountMinor,
    amountPaid: fromMinor(i.amountPaidMinor),
    amountPaidMinor: i.amountPaidMinor,
    createdAt: i.createdAt.toISOString(),
  }));
  return paged(items, q, n, { profile });
}

/** One invoice of this email with its pay details (the public pay page's data); else 404. */
export async function customerInvoice(deps: AppDeps, email: string, id: string) {
  const [i] = await deps.db
    .select({ id: invoices.id, accountId: invoices.accountId })
    .from(invoices)
    .where(
      and(eq(invoices.id, id), eq(invoices.customerEmail, email), eq(invoices.approvalStatus, 'approved')),
    );
  if (!i) throw new AppError(404, 'not-found', INFLOW_MSG.invoiceNotFound);
  const pub = await publicInvoice(deps.db, i.accountId, i.id);
  return { ...pub, id: i.id, accountId: i.accountId, payLink: payLinkOf(deps, i) };
}

export function registerCustomerPortal(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  requestCustomerCodeRoute(r, deps);
  verifyCustomerCodeRoute(r, deps);
  listCustomerProfilesRoute(r, deps);
  listCustomerInvoicesRoute(r, deps);
  getCustomerInvoiceRoute(r, deps);
  logoutCustomerRoute(r, deps);
}

function requestCustomerCodeRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/customer/auth',
    {
      config: isPublic(),
      schema: {
        operationId: 'requestCustomerCode',
        summary:
          'Customer portal sign-in: mails a one-time code when the email has invoices (same answer either way)',
        tags,
        body: customerAuthBody,
        response: { 200: envelope(z.object({ email: z.string() })), 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => {
      await hit(deps, `customer-auth:ip:${clientIp(req)}`, 10, HOUR);
      await hit(deps, `customer-auth:email:${req.body.email}`, 3, HOUR);
      await requestCode(deps, req.body.email);
      return ok({ email: req.body.email }, CUSTOMER_PORTAL_MSG.codeSent);
    },
  );
}

function verifyCustomerCodeRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/customer/auth/verify',
    {
      config: isPublic(),
      schema: {
        operationId: 'verifyCustomerCode',
        summary:
          'Exchanges the mailed code for a customer session (cookie, and the token for non-browser clients)',
        tags,
        body: customerVerifyBody,
        response: { 200: envelope(customerSessionSchema), 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req, reply) => {
      await hit(deps, `customer-verify:ip:${clientIp(req)}`, 30, HOUR);
      await hit(deps, `customer-verify:email:${req.body.email}`, 10, HOUR);
      const s = await verifyCode(deps, req.body.email, req.body.code);
      if (!s) throw fieldError('code', CUSTOMER_PORTAL_MSG.codeInvalid);
      setCookie(deps, reply, s.token);
      const all = await customerProfiles(deps, req.body.email);
      return ok(
        {
          email: req.body.email,
          token: s.token,
          expiresAt: s.expiresAt.toISOString(),
          allCustomerProfiles: all,
          currentCustomerProfile: all[0] ?? null,
        },
        CUSTOMER_PORTAL_MSG.signedIn,
      );
    },
  );
}

function listCustomerProfilesRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/customer/profiles',
    {
      config: isPublic(),
      ...signedIn(deps),
      schema: {
        operationId: 'listCustomerProfiles',
        summary: "The signed-in customer's profiles, one per company",
        tags,
        response: {
          200: envelope(z.object({ email: z.string(), allCustomerProfiles: z.array(customerProfileSchema) })),
          ...e401,
        },
      },
    },
    async (req) => {
      const { email } = customerOf(req);
      return ok({ email, allCustomerProfiles: await customerProfiles(deps, email) });
    },
  );
}

function listCustomerInvoicesRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/customer/invoices',
    {
      config: isPublic(),
      ...signedIn(deps),
      schema: {
        operationId: 'listCustomerInvoices',
        summary:
          'Approved invoices addressed to the customer by one company (accountId: the current profile)',
        tags,
        querystring: customerInvoiceQuery,
        response: { 200: listEnvelope(customerInvoiceSchema), 400: errorEnvelope, ...e401 },
      },
    },
    async (req) => listCustomerInvoices(deps, customerOf(req).email, req.query),
  );
}

function getCustomerInvoiceRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/customer/invoices/:id',
    {
      config: isPublic(),
      ...signedIn(deps),
      schema: {
        operationId: 'getCustomerInvoice',
        summary: "One of the customer's invoices with its pay details",
        tags,
        params: idParam,
        response: {
          200: envelope(customerInvoiceDetailSchema),
          400: errorEnvelope,
          404: errorEnvelope,
          ...e401,
        },
      },
    },
    async (req) => ok(await customerInvoice(deps, customerOf(req).email, req.params.id)),
  );
}

function logoutCustomerRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/customer/logout',
    {
      config: isPublic(),
      ...signedIn(deps),
      schema: {
        operationId: 'logoutCustomer',
        summary: 'Ends the customer session (staff sessions are untouched)',
        tags,
        response: { 200: envelope(z.null()), ...e401 },
      },
    },
    async (req, reply) => {
      await deps.db
        .update(customerPortalSessions)
        .set({ revokedAt: new Date() })
        .where(eq(customerPortalSessions.id, customerOf(req).sessionId));
      reply.clearCookie(CUSTOMER_COOKIE, { path: COOKIE_PATH });
      return ok(null, CUSTOMER_PORTAL_MSG.loggedOut);
    },
  );
}
