// The sign-in schemas, written with zod/mini so the /auth/login page ships only the validators
// it uses (the full zod build is ~25 KB gzip). The API validates POST /api/auth/login with the
// same objects (fastify-type-provider-zod accepts any zod 4 core schema); they mix freely with
// the classic schemas of identity.ts.
import * as z from 'zod/mini';
import { IDENTITY_MSG, PASSWORD_MAX_LENGTH } from './identity-messages';

/** An email address, trimmed and lower-cased (000 §5). */
export const emailSchema = z.pipe(
  z
    .string({ error: IDENTITY_MSG.emailInvalid })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, IDENTITY_MSG.emailInvalid)),
  z.email(IDENTITY_MSG.emailInvalid),
);

/** An invitation code (/auth/login/:code, /auth/register/:code). */
export const invitationCodeField = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

export const loginBody = z.object({
  email: emailSchema,
  password: z
    .string({ error: IDENTITY_MSG.passwordRequired })
    .check(z.minLength(1, IDENTITY_MSG.passwordRequired), z.maxLength(PASSWORD_MAX_LENGTH * 4)),
  /** Invitation code of /auth/login/:code: an existing user joining an account. */
  code: z.optional(invitationCodeField),
});
export type LoginBody = z.infer<typeof loginBody>;
