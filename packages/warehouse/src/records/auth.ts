import { z } from 'zod';
import { singleLineTextSchema } from './common.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** scrypt hashes any length, but an unbounded password is a cheap way to burn server CPU. */
export const PASSWORD_MAX_LENGTH = 256;

const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254)
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const USERNAME_MAX_LENGTH = 64;

/**
 * A display name, not a handle: any printable text ("Jane Doe", "José", "李雷"), trimmed, 1-64
 * characters. Control characters and line breaks would corrupt every place the name is shown.
 */
export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'Username is required')
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(/^[^\p{Cc}\p{Cs}\p{Zl}\p{Zp}]+$/u, 'Username must not contain control characters or line breaks');

/** Body of POST /auth/register. */
export const registerBodySchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: singleLineTextSchema(PASSWORD_MAX_LENGTH).pipe(
    z.string().min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  ),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** Body of POST /auth/login: `username` holds the e-mail (OAuth2 password form naming). */
export const loginBodySchema = z.object({
  username: singleLineTextSchema(254)
    .pipe(z.string().trim().min(1, 'Email is required'))
    .transform((email) => email.toLowerCase()),
  password: singleLineTextSchema(PASSWORD_MAX_LENGTH).pipe(z.string().min(1, 'Password is required')),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const verificationCodeSchema = z
  .string()
  .trim()
  .min(1, 'Verification code is required')
  .regex(/^\d{6}$/, 'Verification code must be 6 digits');

/** Body of POST /auth/verify-email. */
export const verifyEmailBodySchema = z.object({ email: emailSchema, code: verificationCodeSchema });
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;

/** Body of POST /auth/resend-verification. */
export const resendVerificationBodySchema = z.object({ email: emailSchema });
export type ResendVerificationBody = z.input<typeof resendVerificationBodySchema>;

export const accessTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const userRecordSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** Every error answer of the API. */
export const errorBodySchema = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
