import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  changePasswordBody,
  envelope,
  IDENTITY_MSG,
  profileBody,
  profileSchema,
  recoveryCodesSchema,
  totpCodeBody,
  twoFactorSetupSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, needsSession } from '../../platform/guard';
import { ok, routerOf, type Router } from '../../platform/http';
import { hit } from '../../platform/rate-limit';
import { changePassword, profileOf, updateProfile } from './profile';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from './two-factor';

const tags = ['identity'];
const HOUR = 3600;
const profileEnvelope = { 200: envelope(z.object({ profile: profileSchema })) };
const messageEnvelope = { 200: envelope(z.null()) };

// The signed-in user's own settings: profile, password and two-factor authentication.
export async function registerMe(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  getProfileRoute(r, deps);
  updateProfileRoute(r, deps);
  changePasswordRoute(r, deps);
  startTwoFactorSetupRoute(r, deps);
  enableTwoFactorRoute(r, deps);
  disableTwoFactorRoute(r, deps);
  regenerateRecoveryCodesRoute(r, deps);
}

function getProfileRoute(r: Router, _deps: AppDeps) {
  // Unverified users read their profile too: the web decides from it where to send them (000 §2.4).
  r.get(
    '/api/me/settings/profile',
    {
      config: needsSession({ allowUnverified: true }),
      schema: {
        operationId: 'getProfile',
        summary: "Get the signed-in user's profile",
        tags,
        response: profileEnvelope,
      },
    },
    async (req) => {
      return ok({ profile: profileOf(authOf(req).user) });
    },
  );
}

function updateProfileRoute(r: Router, deps: AppDeps) {
  r.put(
    '/api/me/settings/profile',
    {
      config: needsSession(),
      schema: {
        operationId: 'updateProfile',
        summary: "Update the signed-in user's profile",
        tags,
        body: profileBody,
        response: profileEnvelope,
      },
    },
    async (req) => {
      return ok(
        { profile: await updateProfile(deps.db, authOf(req).user.id, req.body) },
        IDENTITY_MSG.profileUpdated,
      );
    },
  );
}

function changePasswordRoute(r: Router, deps: AppDeps) {
  r.put(
    '/api/me/settings/password',
    {
      config: needsSession(),
      schema: {
        operationId: 'changePassword',
        summary: "Change the signed-in user's password",
        tags,
        body: changePasswordBody,
        response: messageEnvelope,
      },
    },
    async (req) => {
      const auth = authOf(req);
      await hit(deps, `change-password:user:${auth.user.id}`, 10, HOUR);
      await changePassword(deps, auth.user, auth.familyId, req.body);
      return ok(null, IDENTITY_MSG.passwordChanged);
    },
  );
}

function startTwoFactorSetupRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/me/2fa/setup',
    {
      config: needsSession(),
      schema: {
        operationId: 'startTwoFactorSetup',
        summary: 'Start two-factor setup and get the TOTP secret',
        tags,
        response: { 200: envelope(twoFactorSetupSchema) },
      },
    },
    async (req) => {
      return ok(
        await startTwoFactorSetup(deps.db, deps.config, authOf(req).user),
        'Scan the QR code with your authenticator app, then enter a code to confirm',
      );
    },
  );
}

function enableTwoFactorRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/me/2fa/enable',
    {
      config: needsSession(),
      schema: {
        operationId: 'enableTwoFactor',
        summary: 'Enable two-factor authentication with a first code',
        tags,
        body: totpCodeBody,
        response: { 200: envelope(recoveryCodesSchema) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      await hit(deps, `2fa-manage:user:${auth.user.id}`, 10, 15 * 60);
      return ok(
        await enableTwoFactor(deps.db, deps.config, auth.user, req.body.code),
        IDENTITY_MSG.twoFaEnabled,
      );
    },
  );
}

function disableTwoFactorRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/me/2fa/disable',
    {
      config: needsSession(),
      schema: {
        operationId: 'disableTwoFactor',
        summary: 'Disable two-factor authentication',
        tags,
        body: totpCodeBody,
        response: messageEnvelope,
      },
    },
    async (req) => {
      const auth = authOf(req);
      await hit(deps, `2fa-manage:user:${auth.user.id}`, 10, 15 * 60);
      await disableTwoFactor(deps.db, deps.config, auth.user, req.body.code);
      return ok(null, IDENTITY_MSG.twoFaDisabled);
    },
  );
}

function regenerateRecoveryCodesRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/me/2fa/recovery-codes',
    {
      config: needsSession(),
      schema: {
        operationId: 'regenerateRecoveryCodes',
        summary: 'Issue a new set of two-factor recovery codes',
        tags,
        body: totpCodeBody,
        response: { 200: envelope(recoveryCodesSchema) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      await hit(deps, `2fa-manage:user:${auth.user.id}`, 10, 15 * 60);
      return ok(
        await regenerateRecoveryCodes(deps.db, deps.config, auth.user, req.body.code),
        IDENTITY_MSG.recoveryCodesRegenerated,
      );
    },
  );
}
