// The AP policy and the platform's KYC cap (settings), registered by registerApprovals.
import { recordAuditChange } from '../audit';
import {
  apPolicyBody,
  apPolicySchema,
  envelope,
  errorEnvelope,
  fromMinor,
  PLATFORM_LIMITS_MSG,
  platformKycCapBody,
  platformKycCapSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, isPlatformAdmin, needs, needsSession, tenantOf } from '../../platform/guard';
import { forbidden } from '../../platform/errors';
import { ok, type Router } from '../../platform/http';
import { apPolicyDto, getApPolicy, platformKycCap, saveApPolicy, setPlatformKycCap } from './policy';

// The platform's KYC cap (issue 34 §5): everyone signed in reads it (it bounds their own AP
// policy); only a platform administrator (PLATFORM_ADMIN_EMAILS, confirmed email) changes it.
const kycCapDto = (c: { capMinor: number; updatedAt: Date | null }, editable: boolean) => ({
  editable,
  kycIncompleteCap: fromMinor(c.capMinor),
  kycIncompleteCapMinor: c.capMinor,
  updatedAt: c.updatedAt?.toISOString() ?? null,
});

const tags = ['approvals'];

export function getApPolicyRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/settings/ap-policy',
    {
      config: needs('policy', 'get'),
      schema: {
        operationId: 'getApPolicy',
        summary: 'The account’s AP policy',
        tags,
        response: { 200: envelope(apPolicySchema) },
      },
    },
    async (req) => ok(apPolicyDto(await getApPolicy(db, tenantOf(req).accountId))),
  );
}

export function updateApPolicyRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/settings/ap-policy',
    {
      config: needs('policy', 'put'),
      schema: {
        operationId: 'updateApPolicy',
        summary: 'Change the AP policy (threshold, four eyes, budgets, receipts, KYC cap)',
        description:
          'The KYC cap may be lowered below the platform’s (platformKycIncompleteCap), never raised above it: 422 with a field error, nothing changes.',
        tags,
        body: apPolicyBody,
        response: { 200: envelope(apPolicySchema), 400: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => {
      const before = apPolicyDto(await getApPolicy(db, tenantOf(req).accountId));
      const p = await db.transaction((tx) =>
        saveApPolicy(tx, { accountId: tenantOf(req).accountId, userId: authOf(req).user.id, body: req.body }),
      );
      recordAuditChange(req, before, apPolicyDto(p));
      return ok(apPolicyDto(p), 'AP policy updated successfully');
    },
  );
}

export function getPlatformKycCapRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/platform/kyc-cap',
    {
      config: needsSession(),
      schema: {
        operationId: 'getPlatformKycCap',
        summary: 'The platform KYC cap: the most a company without complete KYB pays in one transaction',
        tags,
        response: { 200: envelope(platformKycCapSchema) },
      },
    },
    async (req) => ok(kycCapDto(await platformKycCap(db), isPlatformAdmin(deps.config, req))),
  );
}

export function setPlatformKycCapRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // The platform's KYC cap (issue 34 §5): everyone signed in reads it (it bounds their own AP
  // policy); only a platform administrator (PLATFORM_ADMIN_EMAILS, confirmed email) changes it.
  r.put(
    '/api/platform/kyc-cap',
    {
      config: needsSession(),
      schema: {
        operationId: 'setPlatformKycCap',
        summary: 'Set the platform KYC cap (platform administrators only)',
        tags,
        body: platformKycCapBody,
        response: { 200: envelope(platformKycCapSchema), 400: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (req) => {
      if (!isPlatformAdmin(deps.config, req)) throw forbidden(PLATFORM_LIMITS_MSG.platformAdminOnly);
      const c = await db.transaction((tx) =>
        setPlatformKycCap(tx, { userId: authOf(req).user.id, capMinor: req.body.kycIncompleteCap }),
      );
      req.log.info({ kycIncompleteCapMinor: c.capMinor }, 'platform KYC cap changed');
      return ok(kycCapDto(c, true), PLATFORM_LIMITS_MSG.saved);
    },
  );
}
