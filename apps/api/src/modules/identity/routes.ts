import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  emailBody,
  envelope,
  IDENTITY_MSG,
  loginBody,
  MSG,
  registerBody,
  resetPasswordBody,
  resetPasswordParams,
  sessionDataSchema,
  STATUS,
  tokenBody,
  twoFactorLoginBody,
  authUserSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { unauthorized } from '../../platform/errors';
import { authOf, isPublic, needsSession } from '../../platform/guard';
import { ok, routerOf, type Router } from '../../platform/http';
import { clientIp, hit } from '../../platform/rate-limit';
import {
  clearSessionCookies,
  COOKIE_REFRESH,
  csrfFor,
  setSessionCookies,
  type IssuedSession,
} from '../../platform/sessions';
import { safeEqual, sha256 } from '../../platform/tokens';
import { sessions } from '../../platform/schema';
import { eq } from 'drizzle-orm';
import { registerMailbox } from './mailbox';
import { registerMe } from './me-routes';
import {
  confirmEmail,
  registerUser,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  sessionData,
  authUser,
  type User,
} from './service';
import { completeTwoFactor, endSession, loginUser, refreshSession } from './sign-in';

const tags = ['identity'];
const HOUR = 3600;
const sessionEnvelope = { 200: envelope(sessionDataSchema) };
const messageEnvelope = { 200: envelope(z.null()) };

export const metaOf = (req: FastifyRequest) => ({ userAgent: req.headers['user-agent'], ip: clientIp(req) });

function readBearer(req: FastifyRequest): string | null {
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return m ? m[1].trim() : null;
}

/** Answers a fresh session: tokens in the body for API clients, httpOnly cookies for browsers. */
function answerSession(
  reply: FastifyReply,
  deps: AppDeps,
  s: IssuedSession,
  user: User,
  pending: boolean,
  message: string,
) {
  setSessionCookies(reply, deps.config, s);
  const data = sessionData(s, user);
  return pending
    ? { status: STATUS.twoFaRequired, message: IDENTITY_MSG.twoFaRequired, data }
    : ok(data, message);
}

export async function registerIdentity(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  registerUserRoute(r, deps);
  confirmEmailRoute(r, deps);
  resendEmailConfirmationRoute(r, deps);
  signInRoute(r, deps);
  verifySignInTwoFactorRoute(r, deps);
  validateSessionRoute(r, deps);
  signOutRoute(r, deps);
  requestPasswordResetRoute(r, deps);
  resetPasswordRoute(r, deps);
  await registerMe(app, deps);
  await registerMailbox(app, deps);
}

function registerUserRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/auth/register',
    {
      config: isPublic(),
      schema: {
        operationId: 'registerUser',
        summary: 'Register a user and their business',
        tags,
        body: registerBody,
        response: sessionEnvelope,
      },
    },
    async (req, reply) => {
      await hit(deps, `register:ip:${clientIp(req)}`, 10, HOUR);
      const { user, session } = await registerUser(deps, req.body, metaOf(req));
      const message = user.emailVerifiedAt ? IDENTITY_MSG.registeredVerified : IDENTITY_MSG.registered;
      return answerSession(reply, deps, session, user, false, message);
    },
  );
}

function confirmEmailRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/auth/confirm-email',
    {
      config: isPublic(),
      schema: {
        operationId: 'confirmEmail',
        summary: 'Confirm an email address with the mailed token',
        tags,
        body: tokenBody,
        response: { 200: envelope(z.object({ user: authUserSchema })) },
      },
    },
    async (req) => {
      await hit(deps, `confirm:ip:${clientIp(req)}`, 30, HOUR);
      const user = await confirmEmail(deps, req.body.token);
      return ok({ user: authUser(user) }, IDENTITY_MSG.emailConfirmed);
    },
  );
}

function resendEmailConfirmationRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/auth/confirm-email/resend',
    {
      config: isPublic(),
      schema: {
        operationId: 'resendEmailConfirmation',
        summary: 'Send the email confirmation link again',
        tags,
        body: emailBody,
        response: messageEnvelope,
      },
    },
    async (req) => {
      await hit(deps, `confirm-resend:ip:${clientIp(req)}`, 10, HOUR);
      await hit(deps, `confirm-resend:email:${req.body.email}`, 3, HOUR);
      await resendConfirmation(deps, req.body.email);
      return ok(null, IDENTITY_MSG.confirmResent);
    },
  );
}

function signInRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/auth/login',
    {
      config: isPublic(),
      schema: {
        operationId: 'signIn',
        summary: 'Sign in with email and password',
        tags,
        body: loginBody,
        response: sessionEnvelope,
      },
    },
    async (req, reply) => {
      await hit(deps, `login:ip:${clientIp(req)}`, deps.config.SIGN_IN_ATTEMPTS_PER_IP, 15 * 60);
      const { user, session, twoFactorPending } = await loginUser(deps, req.body, metaOf(req));
      return answerSession(reply, deps, session, user, twoFactorPending, IDENTITY_MSG.loggedIn);
    },
  );
}

function verifySignInTwoFactorRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/auth/2fa',
    {
      config: needsSession({ allowPending2fa: true, allowUnverified: true }),
      schema: {
        operationId: 'verifySignInTwoFactor',
        summary: 'Complete sign-in with a two-factor code',
        tags,
        body: twoFactorLoginBody,
        response: sessionEnvelope,
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      await hit(deps, `2fa:ip:${clientIp(req)}`, 30, 15 * 60);
      await hit(deps, `2fa:user:${auth.user.id}`, 10, 15 * 60);
      const { user, session } = await completeTwoFactor(
        deps,
        auth,
        req.body.code,
        req.body.invitationCode,
        metaOf(req),
      );
      return answerSession(reply, deps, session, user, false, IDENTITY_MSG.loggedIn);
    },
  );
}

function validateSessionRoute(r: Router, deps: AppDeps) {
  // The refresh token is the credential here (bearer for API clients, the owo_rt cookie for browsers).
  r.get(
    '/api/auth/validate',
    {
      config: isPublic(),
      schema: {
        operationId: 'validateSession',
        summary: 'Check the current session and return the signed-in user',
        tags,
        response: sessionEnvelope,
      },
    },
    async (req, reply) => {
      const token = readBearer(req) ?? req.cookies?.[COOKIE_REFRESH];
      if (!token) throw unauthorized('Refresh token required', STATUS.sessionExpired);
      try {
        const { rotated, user } = await refreshSession(deps, token, metaOf(req));
        return answerSession(reply, deps, rotated, user, rotated.twoFactorPending, IDENTITY_MSG.refreshed);
      } catch (err) {
        clearSessionCookies(reply);
        throw err;
      }
    },
  );
}

function signOutRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/auth/logout',
    {
      config: isPublic(),
      schema: {
        operationId: 'signOut',
        summary: 'Sign out and revoke the session',
        tags,
        response: messageEnvelope,
      },
    },
    async (req, reply) => {
      const familyId = req.auth?.familyId ?? (await familyOfRefreshToken(req, deps));
      if (familyId) await endSession(deps.db, familyId);
      clearSessionCookies(reply);
      return ok(null, IDENTITY_MSG.loggedOut);
    },
  );
}

function requestPasswordResetRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/auth/password',
    {
      config: isPublic(),
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Request a password-reset link by email',
        tags,
        body: emailBody,
        response: messageEnvelope,
      },
    },
    async (req) => {
      await hit(deps, `forgot:ip:${clientIp(req)}`, 10, HOUR);
      await hit(deps, `forgot:email:${req.body.email}`, 3, HOUR);
      await requestPasswordReset(deps, req.body.email);
      return ok(null, MSG.forgotPasswordSent);
    },
  );
}

function resetPasswordRoute(r: Router, deps: AppDeps) {
  // logLevel warn: the request log would otherwise record the reset token in the URL.
  r.put(
    '/api/auth/password/:ref',
    {
      config: isPublic(),
      logLevel: 'warn',
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset link',
        tags,
        params: resetPasswordParams,
        body: resetPasswordBody,
        response: messageEnvelope,
      },
    },
    async (req, reply) => {
      await hit(deps, `reset:ip:${clientIp(req)}`, 20, HOUR);
      await resetPassword(deps, req.params.ref, req.body.password);
      clearSessionCookies(reply);
      return ok(null, IDENTITY_MSG.passwordReset);
    },
  );
}

/**
 * Sign-out with an expired access token: the refresh token names the family. From a cookie it
 * counts only with the family's CSRF token, so another site cannot sign the user out.
 */
async function familyOfRefreshToken(req: FastifyRequest, deps: AppDeps): Promise<string | null> {
  const bearer = readBearer(req);
  const token = bearer ?? req.cookies?.[COOKIE_REFRESH];
  if (!token) return null;
  const [row] = await deps.db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.refreshTokenHash, sha256(token)));
  if (!row) return null;
  if (!bearer) {
    const sent = req.headers['x-csrf-token'];
    if (typeof sent !== 'string' || !safeEqual(sent, csrfFor(deps.config, row.familyId))) return null;
  }
  return row.familyId;
}
