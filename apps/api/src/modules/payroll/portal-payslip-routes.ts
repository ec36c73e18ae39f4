// The employee portal's bank account and payslip routes (002 §7 Employee portal), registered by
// registerEmployeePortal. Behind the portal's own sign-in (employeeGuard), except signed payslip files.
import { z } from 'zod';
import {
  envelope,
  errorEnvelope,
  idParam,
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
  PORTAL_MSG,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { isPublic } from '../../platform/guard';
import { ok, paged, type Router } from '../../platform/http';
import { hit } from '../../platform/rate-limit';
import { sendStoredDocument, storageOf } from '../../platform/storage';
import {
  getEmployeePayslip,
  listEmployeePayslips,
  payslipDocument,
  payslipLink,
  verifyPayslipLink,
} from './portal-payslips';
import { portalOnly, employeeOf } from './portal-session';
import { listBanks, resolveAccountName } from '../banks';
import { getPortalBank, submitPortalBank } from './portal-bank';

const tags = ['payroll'];

const HOUR = 3600;

const authErrors = { 401: errorEnvelope, 404: errorEnvelope };

const file = z.any().describe('A PDF file');

const PAYSLIP_FILE = /^([0-9a-f-]{36})\.pdf$/i;

export function getEmployeeBankAccountRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/employee-portal/bank-account',
    {
      ...portalOnly(db),
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
}

export function listEmployeePortalBanksRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/employee-portal/banks',
    {
      ...portalOnly(db),
      schema: {
        operationId: 'listEmployeePortalBanks',
        summary: 'Nigerian banks, for the portal add-bank form',
        tags,
        response: { 200: envelope(z.array(bankSchema)), 401: errorEnvelope },
      },
    },
    async () => ok(await listBanks(deps)),
  );
}

export function resolveEmployeePortalBankAccountRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/employee-portal/bank-account/resolve',
    {
      ...portalOnly(db),
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
}

export function requestEmployeeBankChangeRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/employee-portal/bank-account',
    {
      ...portalOnly(db),
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
}

export function listEmployeePayslipsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/employee-portal/payslips',
    {
      ...portalOnly(db),
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
}

export function getEmployeePayslipRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/employee-portal/payslips/:id',
    {
      ...portalOnly(db),
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
}

export function getEmployeePayslipPdfRoute(r: Router, deps: AppDeps) {
  const { db, config } = deps;
  r.get(
    '/api/employee-portal/payslips/:id/pdf',
    {
      ...portalOnly(db),
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
}

export function downloadEmployeePayslipRoute(r: Router, deps: AppDeps) {
  const { db, config } = deps;
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
