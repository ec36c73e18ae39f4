import type { FastifyInstance } from 'fastify';

import { z } from 'zod';
import {
  bankSchema,
  envelope,
  errorEnvelope,
  idParam,
  importConfirmSchema,
  importTemplateQuery,
  linkTokenParam,
  VENDOR_IMPORT_COLUMNS,
  VENDOR_INVITE_MSG,
  vendorBankDetailsBody,
  vendorImportSchema,
  vendorInvitationSchema,
  vendorInviteBody,
  vendorOnboardingDoneSchema,
  vendorOnboardingInfoSchema,
  vendorPersonalDetailsBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, linkOf, needs, needsLink, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { importUploadRoute } from '../../platform/imports/upload-route';
import { ok, routerOf, type Router } from '../../platform/http';
import { clientIp, hit } from '../../platform/rate-limit';
import { sendSheet } from '../../platform/spreadsheet';
import { listBanks } from '../banks';
import { commitImport, getImport } from '../../platform/imports';
import { batchDto, VENDOR_TEMPLATE_EXAMPLE, vendorImport } from './import';
import {
  checkOnboardingLink,
  completeOnboarding,
  inviteVendor,
  listInvitations,
  onboardingInfo,
  PAYEE_INVITATION_LINK,
  savePersonalDetails,
} from './onboarding';

/** The public onboarding pages' limit per client address. */
const limitPublic = (deps: AppDeps, ip: string) =>
  hit(deps, `vendor-onboarding:ip:${ip}`, PUBLIC_PER_HOUR, HOUR);

const tags = ['payees'];
const HOUR = 3600;
/** Per client IP over every public onboarding call; bank-detail submissions have their own tighter cap. */
const PUBLIC_PER_HOUR = 120;
const BANK_SUBMITS_PER_HOUR = 20;

const PUBLIC_NOTE =
  'Public (no sign-in), reached from the mailed link. Its token (a link token: 256 random bits, stored hashed) allows this invitation only, is spent when the bank step completes and expires after 7 days: unknown 404; used, expired or revoked 410 (status link-used, link-expired, link-revoked). Nothing of the company but its name is answered. Rate-limited per client IP.';
/** The invitation's link: the guard resolves its token to the invitation (platform/tokens.ts). */
const invitationLink = needsLink(PAYEE_INVITATION_LINK, 'submit', VENDOR_INVITE_MSG);

/** Vendor invite, public self-onboarding and import (issue 23 §1). */
export async function registerVendorOnboarding(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  inviteVendorRoute(r, deps);
  listVendorInvitationsRoute(r, deps);
  getVendorOnboardingRoute(r, deps);
  listVendorOnboardingBanksRoute(r, deps);
  saveVendorPersonalDetailsRoute(r, deps);
  completeVendorOnboardingRoute(r, deps);
  getVendorImportTemplateRoute(r, deps);
  getVendorImportRoute(r, deps);
  confirmVendorImportRoute(r, deps);
  await importUploadRoute(app, deps, {
    url: '/api/payee/import',
    config: needs('payee', 'post'),
    operationId: 'uploadVendorImport',
    summary:
      'Upload a vendor file (multipart `file`, CSV or xlsx, ≤ 2 MB, ≤ 1,000 rows): validated, nothing written',
    description:
      'Each row is checked (fields, NUBAN, name resolution: the resolved name wins) and duplicates are found by bank account, within the file and against existing vendors. The batch is stored; POST …/{id}/confirm writes it.',
    tags,
    schema: vendorImportSchema,
    kind: vendorImport,
    view: batchDto,
  });
}

function inviteVendorRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/payee/invite',
    {
      config: { ...needs('payee', 'post'), ...bodyRefs({ payeeId: 'payees' }) },
      schema: {
        operationId: 'inviteVendor',
        summary: 'Invite a vendor to add their own details and bank account (a single-use link is mailed)',
        description:
          'Without payeeId, the link creates a new vendor (never touches another). With payeeId, the link proposes that vendor’s new details and bank account: they wait for approval by someone other than the inviter (approval type payeeBankChange) and the vendor’s current email is told.',
        tags,
        body: vendorInviteBody,
        response: { 201: envelope(vendorInvitationSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      const inv = await inviteVendor(deps, {
        tenant: tenantOf(req),
        userId: authOf(req).user.id,
        body: req.body,
      });
      return reply.code(201).send(ok(inv, VENDOR_INVITE_MSG.sent));
    },
  );
}

function listVendorInvitationsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payee/invitations',
    {
      config: needs('payee', 'get'),
      schema: {
        operationId: 'listVendorInvitations',
        summary: 'The 50 latest vendor invitations and whether each was completed',
        tags,
        response: { 200: envelope(z.array(vendorInvitationSchema).max(50)) },
      },
    },
    async (req) => ok(await listInvitations(db, tenantOf(req).accountId)),
  );
}

function getVendorOnboardingRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/public/vendor-onboarding/:token',
    {
      config: invitationLink,
      schema: {
        operationId: 'getVendorOnboarding',
        summary: 'Public: the company name and invited email of a vendor self-onboarding link',
        description: PUBLIC_NOTE,
        tags,
        params: linkTokenParam,
        response: {
          200: envelope(vendorOnboardingInfoSchema),
          404: errorEnvelope,
          409: errorEnvelope,
          410: errorEnvelope,
        },
      },
    },
    async (req) => {
      await limitPublic(deps, clientIp(req));
      return ok(await onboardingInfo(db, linkOf(req)));
    },
  );
}

function listVendorOnboardingBanksRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/public/vendor-onboarding/:token/banks',
    {
      config: invitationLink,
      schema: {
        operationId: 'listVendorOnboardingBanks',
        summary: 'Public: the bank list for the onboarding bank step (only with a live link)',
        description: PUBLIC_NOTE,
        tags,
        params: linkTokenParam,
        response: {
          200: envelope(z.array(bankSchema)),
          404: errorEnvelope,
          409: errorEnvelope,
          410: errorEnvelope,
        },
      },
    },
    async (req) => {
      await limitPublic(deps, clientIp(req));
      await checkOnboardingLink(db, linkOf(req));
      return ok(await listBanks(deps));
    },
  );
}

function saveVendorPersonalDetailsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/public/vendor-onboarding/:token/personal-details',
    {
      config: invitationLink,
      schema: {
        operationId: 'saveVendorPersonalDetails',
        summary: 'Public: the vendor’s name, email, phone and billing address (step 1 of 2)',
        description: PUBLIC_NOTE,
        tags,
        params: linkTokenParam,
        body: vendorPersonalDetailsBody,
        response: { 200: envelope(z.null()), 404: errorEnvelope, 410: errorEnvelope },
      },
    },
    async (req) => {
      await limitPublic(deps, clientIp(req));
      await savePersonalDetails(db, linkOf(req), req.body);
      return ok(null, 'Details saved');
    },
  );
}

function completeVendorOnboardingRoute(r: Router, deps: AppDeps) {
  r.put(
    '/api/public/vendor-onboarding/:token/bank-details',
    {
      config: invitationLink,
      schema: {
        operationId: 'completeVendorOnboarding',
        summary:
          'Public: the vendor’s bank account (step 2 of 2): NUBAN-checked, resolved, and the link is used up',
        description: `${PUBLIC_NOTE} The resolved account name wins. A new-vendor invitation creates a new vendor. An invitation for an existing vendor changes nothing at once: new details or bank account wait for approval (pendingApproval true) and the vendor’s current email is told.`,
        tags,
        params: linkTokenParam,
        body: vendorBankDetailsBody,
        response: {
          200: envelope(vendorOnboardingDoneSchema),
          400: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
          410: errorEnvelope,
        },
      },
    },
    async (req) => {
      const ip = clientIp(req);
      await limitPublic(deps, ip);
      await hit(deps, `vendor-onboarding-bank:ip:${ip}`, BANK_SUBMITS_PER_HOUR, HOUR);
      const done = await completeOnboarding(deps, linkOf(req), req.body);
      return ok(
        done,
        done.pendingApproval ? VENDOR_INVITE_MSG.completedPendingApproval : VENDOR_INVITE_MSG.completed,
      );
    },
  );
}

function getVendorImportTemplateRoute(r: Router, _deps: AppDeps) {
  r.get(
    '/api/payee/import/template',
    {
      config: needs('payee', 'post'),
      schema: {
        operationId: 'getVendorImportTemplate',
        summary: 'The vendor import template (CSV or xlsx) with one example row',
        description: `Columns: ${VENDOR_IMPORT_COLUMNS.join(', ')}. bankCode is the CBN bank code (GET /api/banks).`,
        tags,
        querystring: importTemplateQuery,
        response: {
          200: z.any().describe('The file bytes (text/csv or an xlsx workbook)'),
          400: errorEnvelope,
        },
      },
    },
    async (req, reply) =>
      sendSheet(
        reply,
        'owo-vendors-template',
        VENDOR_IMPORT_COLUMNS,
        VENDOR_TEMPLATE_EXAMPLE,
        req.query.format,
      ),
  );
}

function getVendorImportRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payee/import/:id',
    {
      config: needs('payee', 'post'),
      schema: {
        operationId: 'getVendorImport',
        summary: 'An uploaded vendor file: every row with its errors (by spreadsheet row number)',
        tags,
        params: idParam,
        response: { 200: envelope(vendorImportSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(batchDto(await getImport(db, vendorImport, tenantOf(req).accountId, req.params.id))),
  );
}

function confirmVendorImportRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/payee/import/:id/confirm',
    {
      config: needs('payee', 'post'),
      schema: {
        operationId: 'confirmVendorImport',
        summary: 'Confirm an import: every row becomes a vendor, or none does (once)',
        description:
          '409 when the batch has rows with errors, was already confirmed, or a vendor with one of its bank accounts was added since the upload; nothing is written then.',
        tags,
        params: idParam,
        response: { 200: envelope(importConfirmSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      const created = await commitImport(deps, vendorImport, {
        accountId: tenantOf(req).accountId,
        userId: authOf(req).user.id,
        id: req.params.id,
      });
      return ok({ created }, `${created} vendor${created === 1 ? '' : 's'} imported`);
    },
  );
}
