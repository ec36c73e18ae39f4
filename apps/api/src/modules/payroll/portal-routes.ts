// The employee portal's routes (002 §7 Employee portal). They are `isPublic()` to the staff guard:
// the portal has its own sign-in, checked by `employeeGuard` (its own 401 statuses, 000 §8).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createEmployeeUserBody,
  employeeLoginBody,
  envelope,
  errorEnvelope,
  inviteInfoSchema,
  inviteValidateBody,
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
import { isPublic } from '../../platform/guard';
import { ok, routerOf, type Router } from '../../platform/http';
import { clientIp, hit } from '../../platform/rate-limit';
import {
  employeeProfile,
  requestEmployeeReset,
  resetEmployeePassword,
  switchEmployeeAccount,
  updateEmployeePassword,
} from './portal-account';
import { createEmployeeUser, employeeLogin, validateInvite } from './portal-join';
import {
  clearEmployeeCookie,
  portalOnly,
  employeeLogout,
  employeeOf,
  setEmployeeCookie,
} from './portal-session';
import {
  getEmployeeBankAccountRoute,
  listEmployeePortalBanksRoute,
  resolveEmployeePortalBankAccountRoute,
  requestEmployeeBankChangeRoute,
  listEmployeePayslipsRoute,
  getEmployeePayslipRoute,
  getEmployeePayslipPdfRoute,
  downloadEmployeePayslipRoute,
} from './portal-payslip-routes';

const tags = ['payroll'];
const HOUR = 3600;
const authErrors = { 401: errorEnvelope, 404: errorEnvelope };

/** Register after payroll. */
export async function registerEmployeePortal(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  validateEmployeeInviteRoute(r, deps);
  createEmployeeUserRoute(r, deps);
  requestEmployeePasswordResetRoute(r, deps);
  resetEmployeePasswordRoute(r, deps);
  loginEmployeeRoute(r, deps);
  logoutEmployeeRoute(r, deps);
  getEmployeeProfileRoute(r, deps);
  updateEmployeePasswordRoute(r, deps);
  switchEmployeeAccountRoute(r, deps);
  getEmployeeBankAccountRoute(r, deps);
  listEmployeePortalBanksRoute(r, deps);
  resolveEmployeePortalBankAccountRoute(r, deps);
  requestEmployeeBankChangeRoute(r, deps);
  listEmployeePayslipsRoute(r, deps);
  getEmployeePayslipRoute(r, deps);
  getEmployeePayslipPdfRoute(r, deps);
  downloadEmployeePayslipRoute(r, deps);
}

function validateEmployeeInviteRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

function createEmployeeUserRoute(r: Router, deps: AppDeps) {
  const { db, config } = deps;
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
}

function requestEmployeePasswordResetRoute(r: Router, deps: AppDeps) {
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
}

function resetEmployeePasswordRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

function loginEmployeeRoute(r: Router, deps: AppDeps) {
  const { db, config } = deps;
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
}

function logoutEmployeeRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/employee-portal/auth/logout',
    {
      ...portalOnly(db),
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
}

function getEmployeeProfileRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/employee-portal/profile',
    {
      ...portalOnly(db),
      schema: {
        operationId: 'getEmployeeProfile',
        summary: "The signed-in employee's own profile in the current company",
        tags,
        response: { 200: envelope(portalProfileSchema), ...authErrors },
      },
    },
    async (req) => ok(await employeeProfile(db, employeeOf(req))),
  );
}

function updateEmployeePasswordRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.patch(
    '/api/employee-portal/profile/update-password',
    {
      ...portalOnly(db),
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
}

function switchEmployeeAccountRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/employee-portal/profile/switch-account',
    {
      ...portalOnly(db),
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
}
