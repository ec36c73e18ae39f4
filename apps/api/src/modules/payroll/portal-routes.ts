// The employee portal's routes (002 §7 Employee portal). They are `isPublic()` to the staff guard:
// the portal has its own sign-in, checked by `employeeGuard` (its own 401 statuses, 000 §8).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEmployeeUserBody,
  employeeLoginBody,
  envelope,
  errorEnvelope,
  idParam,
  inviteInfoSchema,
  inviteValidateBody,
  listEnvelope,
  payslipFileQuery,
  payslipPdfLinkSchema,
  portalPayslipSchema,
  portalPayslipsQuery,
  bankSchema,
  portalBankBody,
  validateAccountResult,
  portalBankSchema,
  PORTAL_BANK_MSG,
  portalProfileSchema,
  portalSessionSchema,
  PORTAL_MSG,
  PORTAL_RESET_MSG,
  portalResetBody,
  portalResetRequestBody,
  resetRefParam,
  switchAccountBody,
  updatePortalPasswordBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { isPublic } from '../../platform/guard';
import { ok, paged } from '../../platform/http';
import { clientIp, hit } from '../../platform/rate-limit';
import { sendStoredDocument, storageOf } from '../../platform/storage';
import {
  employeeProfile,
  requestEmployeeReset,
  resetEmployeePassword,
  switchEmployeeAccount,
  updateEmployeePassword,
} from './portal-account';
import { createEmployeeUser, employeeLogin, validateInvite } from './portal-join';
import {
  getEmployeePayslip,
  listEmployeePayslips,
  payslipDocument,
  payslipLink,
  verifyPayslipLink,
} from './portal-payslips';
import {
  clearEmployeeCookie,
  employeeGuard,
  employeeLogout,
  employeeOf,
  setEmployeeCookie,
} from './portal-session';
import { listBanks, resolveAccountName } from '../banks';
import { getPortalBank, submitPortalBank } from './portal-bank';

const tags = ['payroll'];
const HOUR = 3600;
const authErrors = { 401: errorEnvelope, 404: errorEnvelope };
const file = z.any().describe('A PDF file');
const PAYSLIP_FILE = /^([0-9a-f-]{36})\.pdf$/i;

/** Register after payroll. */
export async function registerEmployeePortal(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  const guard = employeeGuard(db);
  const portal = { config: isPublic(), preHandler: guard };

  r.post(
    '/api/employee-portal/invites/validate',
    {
      config: isPublic(),
      schema: {
        operationId: 'validateEmployeeInvite',
        summary: 'Validate an employee portal invitation token (who is invited, by which company)',
        tags,
        body: inviteValidateBody,
        response: { 200: envelope(inviteInfoSchema), 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => {
      await hit(deps, `emp-invite:ip:${clientIp(req)}`, 60, HOUR);
      return ok(await validateInvite(db, req.body.token), 'Invitation is valid');
    },
  );

  r.post(
    '/api/employee-portal/auth/create-user',
    {
      config: isPublic(),
      schema: {
        operationId: 'createEmployeeUser',
        summary: 'Accept an invitation: set the portal password and sign the employee in',
        description:
          'Single-use token. An email that already has a portal account (another company) must give that password. Answers a Bearer token and sets the portal cookie.',
        tags,
        body: createEmployeeUserBody,
        response: {
          201: envelope(portalSessionSchema),
          400: errorEnvelope,
          409: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      await hit(deps, `emp-create:ip:${clientIp(req)}`, 30, HOUR);
      const s = await createEmployeeUser(db, req.body);
      setEmployeeCookie(reply, config, s.token);
      return reply.code(201).send(ok(s, PORTAL_MSG.accountCreated));
    },
  );

  r.post(
    '/api/employee-portal/auth/reset-password',
    {
      config: isPublic(),
      schema: {
        operationId: 'requestEmployeePasswordReset',
        summary:
          'Mail a single-use, 1-hour password reset reference to an employee portal account (same answer whether or not the email has one)',
        tags,
        body: portalResetRequestBody,
        response: { 200: envelope(z.null()), 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => {
      await hit(deps, `emp-reset:ip:${clientIp(req)}`, 20, HOUR);
      await hit(deps, `emp-reset:email:${req.body.email}`, 5, HOUR);
      await requestEmployeeReset(deps, req.body.email);
      return ok(null, PORTAL_RESET_MSG.requested);
    },
  );

  r.put(
    '/api/employee-portal/auth/reset-password/:ref',
    {
      config: isPublic(),
      schema: {
        operationId: 'resetEmployeePassword',
        summary:
          'Set a new portal password with a mailed reference (single use; every session is signed out)',
        tags,
        params: resetRefParam,
        body: portalResetBody,
        response: { 200: envelope(z.null()), 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req) => {
      await hit(deps, `emp-reset-ref:ip:${clientIp(req)}`, 30, HOUR);
      await resetEmployeePassword(db, req.params.ref, req.body.password);
      return ok(null, PORTAL_RESET_MSG.reset);
    },
  );

  r.post(
    '/api/employee-portal/auth/login',
    {
      config: isPublic(),
      schema: {
        operationId: 'loginEmployee',
        summary:
          'Employee portal sign-in (separate from staff): answers a Bearer token and sets the portal cookie',
        tags,
        body: employeeLoginBody,
        response: {
          200: envelope(portalSessionSchema),
          400: errorEnvelope,
          401: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      await hit(deps, `emp-login:ip:${clientIp(req)}`, deps.config.SIGN_IN_ATTEMPTS_PER_IP, 900);
      await hit(deps, `emp-login:email:${req.body.email}`, 10, 900);
      const s = await employeeLogin(db, req.body);
      setEmployeeCookie(reply, config, s.token);
      return ok(s, PORTAL_MSG.loggedIn);
    },
  );

  r.post(
    '/api/employee-portal/auth/logout',
    {
      ...portal,
      schema: {
        operationId: 'logoutEmployee',
        summary: 'End the employee portal session',
        tags,
        response: { 200: envelope(z.null()), 401: errorEnvelope },
      },
    },
    async (req, reply) => {
      await employeeLogout(db, employeeOf(req));
      clearEmployeeCookie(reply);
      return ok(null, 'Logged out');
    },
  );

  r.get(
    '/api/employee-portal/profile',
    {
      ...portal,
      schema: {
        operationId: 'getEmployeeProfile',
        summary: "The signed-in employee's own profile in the current company",
        tags,
        response: { 200: envelope(portalProfileSchema), ...authErrors },
      },
    },
    async (req) => ok(await employeeProfile(db, employeeOf(req))),
  );

  r.patch(
    '/api/employee-portal/profile/update-password',
    {
      ...portal,
      schema: {
        operationId: 'updateEmployeePassword',
        summary: 'Change the employee portal password (old password required; other sessions end)',
        tags,
        body: updatePortalPasswordBody,
        response: { 200: envelope(z.null()), 400: errorEnvelope, 401: errorEnvelope },
      },
    },
    async (req) => {
      await updateEmployeePassword(db, employeeOf(req), req.body);
      return ok(null, PORTAL_MSG.passwordChanged);
    },
  );

  r.post(
    '/api/employee-portal/profile/switch-account',
    {
      ...portal,
      schema: {
        operationId: 'switchEmployeeAccount',
        summary: 'Switch the portal session to another company that employs this email',
        tags,
        body: switchAccountBody,
        response: {
          200: envelope(portalSessionSchema.omit({ token: true, expiresAt: true })),
          400: errorEnvelope,
          401: errorEnvelope,
        },
      },
    },
    async (req) =>
      ok(await switchEmployeeAccount(db, employeeOf(req), req.body.accountId), PORTAL_MSG.accountSwitched),
  );

  r.get(
    '/api/employee-portal/bank-account',
    {
      ...portal,
      schema: {
        operationId: 'getEmployeeBankAccount',
        summary:
          "The signed-in employee's salary account (masked), any change awaiting HR, the last decision",
        tags,
        response: { 200: envelope(portalBankSchema), ...authErrors },
      },
    },
    async (req) => ok(await getPortalBank(db, employeeOf(req))),
  );

  r.get(
    '/api/employee-portal/banks',
    {
      ...portal,
      schema: {
        operationId: 'listEmployeePortalBanks',
        summary: 'Nigerian banks, for the portal add-bank form',
        tags,
        response: { 200: envelope(z.array(bankSchema)), 401: errorEnvelope },
      },
    },
    async () => ok(await listBanks(deps)),
  );

  r.get(
    '/api/employee-portal/bank-account/resolve',
    {
      ...portal,
      schema: {
        operationId: 'resolveEmployeePortalBankAccount',
        summary:
          'Resolve an account number to its name before submitting it (empty when it fails NUBAN or is unknown)',
        tags,
        querystring: portalBankBody,
        response: {
          200: envelope(validateAccountResult),
          400: errorEnvelope,
          401: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (req) => {
      await hit(deps, `emp-resolve:${employeeOf(req).payrollEmployeeId}`, 60, HOUR);
      const { accountName } = await resolveAccountName(deps, req.query);
      return ok({ accountName }, accountName ? 'Account resolved' : 'Account could not be resolved');
    },
  );

  r.post(
    '/api/employee-portal/bank-account',
    {
      ...portal,
      schema: {
        operationId: 'requestEmployeeBankChange',
        summary: 'Ask for a new salary account: NUBAN-checked and resolved, then awaits HR approval',
        description:
          'Stores a pending change and submits it to the approvals engine (type employeeBankChange; approved by owners/admins or an employeeBankChange workflow, never auto-approved). One pending change at a time: 409 while one waits. The account applies to runs created after approval.',
        tags,
        body: portalBankBody,
        response: {
          201: envelope(portalBankSchema),
          400: errorEnvelope,
          409: errorEnvelope,
          ...authErrors,
          429: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const ctx = employeeOf(req);
      await hit(deps, `emp-bank:${ctx.payrollEmployeeId}`, 10, HOUR);
      await submitPortalBank(deps, ctx, req.body);
      return reply.code(201).send(ok(await getPortalBank(db, ctx), PORTAL_BANK_MSG.submitted));
    },
  );

  r.get(
    '/api/employee-portal/payslips',
    {
      ...portal,
      schema: {
        operationId: 'listEmployeePayslips',
        summary: "The signed-in employee's own payslips in the current company, newest first (20 a page)",
        tags,
        querystring: portalPayslipsQuery,
        response: { 200: listEnvelope(portalPayslipSchema), 400: errorEnvelope, 401: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listEmployeePayslips(db, employeeOf(req), req.query);
      return paged(items, req.query, total);
    },
  );

  r.get(
    '/api/employee-portal/payslips/:id',
    {
      ...portal,
      schema: {
        operationId: 'getEmployeePayslip',
        summary: "One of the signed-in employee's own payslips",
        tags,
        params: idParam,
        response: { 200: envelope(portalPayslipSchema), 400: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await getEmployeePayslip(db, employeeOf(req), req.params.id)),
  );

  r.get(
    '/api/employee-portal/payslips/:id/pdf',
    {
      ...portal,
      schema: {
        operationId: 'getEmployeePayslipPdf',
        summary: "A signed link (10 minutes) to the payslip's PDF; only when paid",
        tags,
        params: idParam,
        response: {
          200: envelope(payslipPdfLinkSchema),
          400: errorEnvelope,
          409: errorEnvelope,
          ...authErrors,
        },
      },
    },
    async (req) => ok(await payslipLink(db, config, employeeOf(req), req.params.id), PORTAL_MSG.payslipReady),
  );

  r.get(
    '/api/employee-portal/payslip-files/:file',
    {
      config: isPublic(),
      schema: {
        operationId: 'downloadEmployeePayslip',
        summary: 'Download a payslip PDF by its signed link',
        description:
          'The PDF behind a link from GET /api/employee-portal/payslips/{id}/pdf. 403 for a bad signature, 410 once expired.',
        tags,
        params: z.object({ file: z.string().max(64) }),
        querystring: payslipFileQuery,
        response: {
          200: file,
          400: errorEnvelope,
          403: errorEnvelope,
          409: errorEnvelope,
          410: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const m = PAYSLIP_FILE.exec(req.params.file);
      if (!m) throw forbidden(PORTAL_MSG.linkInvalid);
      const id = m[1].toLowerCase();
      verifyPayslipLink(config, id, req.query.exp, req.query.sig);
      const d = await payslipDocument(db, id);
      return sendStoredDocument(reply, storageOf(config), {
        ...d,
        contentType: 'application/pdf',
        disposition: 'attachment',
      });
    },
  );
}
