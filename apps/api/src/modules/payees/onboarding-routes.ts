import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankSchema,
  envelope,
  errorEnvelope,
  idParam,
  IMPORT_MSG,
  importConfirmSchema,
  importTemplateQuery,
  publicRefParam,
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
import { authOf, isPublic, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok } from '../../platform/http';
import { clientIp, hit } from '../../platform/rate-limit';
import { sendSheet, readUploadedFile } from '../../platform/spreadsheet';
import { listBanks } from '../banks';
import { confirmVendorImport, getVendorImport, uploadVendorImport, VENDOR_TEMPLATE_EXAMPLE } from './import';
import {
  checkOnboardingRef,
  completeOnboarding,
  inviteVendor,
  listInvitations,
  onboardingInfo,
  savePersonalDetails,
} from './onboarding';

const tags = ['payees'];
const HOUR = 3600;
const IMPORT_FILE_MAX = 2 * 1024 * 1024;
/** Per client IP over every public onboarding call; bank-detail submissions have their own tighter cap. */
const PUBLIC_PER_HOUR = 120;
const BANK_SUBMITS_PER_HOUR = 20;

const PUBLIC_NOTE =
  'Public (no sign-in), reached from the mailed link. The reference is 128 random bits, single use and expires after 7 days: unknown 404, already used 409, expired 410. Nothing of the company but its name is answered. Rate-limited per client IP.';

/** Vendor invite, public self-onboarding and import (issue 23 §1). */
export async function registerVendorOnboarding(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const limitPublic = (ip: string) => hit(deps, `vendor-onboarding:ip:${ip}`, PUBLIC_PER_HOUR, HOUR);

  r.post(
    '/api/payee/invite',
    {
      config: { ...needs('payee', 'post'), ...bodyRefs({ payeeId: 'payees' }) },
      schema: {
        operationId: 'inviteVendor',
        summary: 'Invite a vendor to add their own details and bank account (a single-use link is mailed)',
        description:
          'With payeeId, the existing vendor updates their details; a new bank account then needs approval by someone other than the inviter (approval type payeeBankChange).',
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

  r.get(
    '/api/public/vendor-onboarding/:ref',
    {
      config: isPublic(),
      schema: {
        operationId: 'getVendorOnboarding',
        summary: 'Public: the company name and invited email of a vendor self-onboarding link',
        description: PUBLIC_NOTE,
        tags,
        params: publicRefParam,
        response: {
          200: envelope(vendorOnboardingInfoSchema),
          404: errorEnvelope,
          409: errorEnvelope,
          410: errorEnvelope,
        },
      },
    },
    async (req) => {
      await limitPublic(clientIp(req));
      return ok(await onboardingInfo(db, req.params.ref));
    },
  );

  r.get(
    '/api/public/vendor-onboarding/:ref/banks',
    {
      config: isPublic(),
      schema: {
        operationId: 'listVendorOnboardingBanks',
        summary: 'Public: the bank list for the onboarding bank step (only with a live link)',
        description: PUBLIC_NOTE,
        tags,
        params: publicRefParam,
        response: {
          200: envelope(z.array(bankSchema)),
          404: errorEnvelope,
          409: errorEnvelope,
          410: errorEnvelope,
        },
      },
    },
    async (req) => {
      await limitPublic(clientIp(req));
      await checkOnboardingRef(db, req.params.ref);
      return ok(await listBanks(deps));
    },
  );

  r.put(
    '/api/public/vendor-onboarding/:ref/personal-details',
    {
      config: isPublic(),
      schema: {
        operationId: 'saveVendorPersonalDetails',
        summary: 'Public: the vendor’s name, email, phone and billing address (step 1 of 2)',
        description: PUBLIC_NOTE,
        tags,
        params: publicRefParam,
        body: vendorPersonalDetailsBody,
        response: { 200: envelope(z.null()), 404: errorEnvelope, 409: errorEnvelope, 410: errorEnvelope },
      },
    },
    async (req) => {
      await limitPublic(clientIp(req));
      await savePersonalDetails(db, req.params.ref, req.body);
      return ok(null, 'Details saved');
    },
  );

  r.put(
    '/api/public/vendor-onboarding/:ref/bank-details',
    {
      config: isPublic(),
      schema: {
        operationId: 'completeVendorOnboarding',
        summary:
          'Public: the vendor’s bank account (step 2 of 2): NUBAN-checked, resolved, and the link is used up',
        description: `${PUBLIC_NOTE} The resolved account name wins. A vendor the company already has whose account differs gets a bank change awaiting approval (pendingApproval true), never an immediate change.`,
        tags,
        params: publicRefParam,
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
      await limitPublic(ip);
      await hit(deps, `vendor-onboarding-bank:ip:${ip}`, BANK_SUBMITS_PER_HOUR, HOUR);
      const done = await completeOnboarding(deps, req.params.ref, req.body);
      return ok(
        done,
        done.pendingApproval ? VENDOR_INVITE_MSG.completedPendingApproval : VENDOR_INVITE_MSG.completed,
      );
    },
  );

  // ---- import ----

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
    async (req) => ok(await getVendorImport(db, tenantOf(req).accountId, req.params.id)),
  );

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
      const created = await confirmVendorImport(deps, {
        tenant: tenantOf(req),
        userId: authOf(req).user.id,
        id: req.params.id,
      });
      return ok({ created }, `${created} vendor${created === 1 ? '' : 's'} imported`);
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_FILE_MAX, files: 1, fields: 5, parts: 6 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payee/import',
      {
        config: needs('payee', 'post'),
        schema: {
          operationId: 'uploadVendorImport',
          summary:
            'Upload a vendor file (multipart `file`, CSV or xlsx, ≤ 2 MB, ≤ 1,000 rows): validated, nothing written',
          description:
            'Each row is checked (fields, NUBAN, name resolution: the resolved name wins) and duplicates are found by bank account, within the file and against existing vendors. The batch is stored; POST …/{id}/confirm writes it.',
          tags,
          consumes: ['multipart/form-data'],
          response: { 201: envelope(vendorImportSchema), 400: errorEnvelope },
        },
      },
      async (req, reply) => {
        const file = await readUploadedFile(req);
        const batch = await uploadVendorImport(deps, {
          tenant: tenantOf(req),
          userId: authOf(req).user.id,
          file,
        });
        return reply
          .code(201)
          .send(ok(batch, batch.errorRows ? IMPORT_MSG.hasErrors : 'File checked. Confirm to import'));
      },
    );
  });
}
