// Client-side rules of spec §5 for the account screens. Each returns one message per field.
import { usernameSchema } from '@fleetlab/warehouse';

export interface LoginErrors {
  email?: string;
  password?: string;
}

export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = 'Email is required';
  if (!password) errors.password = 'Password is required';
  return errors;
}

const MIN_PASSWORD_LENGTH = 8;

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}
export interface RegisterErrors {
  username?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}

export function validateRegister(input: RegisterInput): RegisterErrors {
  const errors: RegisterErrors = {};
  // The server's own rule, so the form says what the API would answer.
  const username = usernameSchema.safeParse(input.username);
  if (!username.success) errors.username = username.error.issues[0].message;
  if (!input.email.trim()) errors.email = 'Email is required';
  if (!input.password) errors.password = 'Password is required';
  else if (input.password.length < MIN_PASSWORD_LENGTH) errors.password = 'Password must be at least 8 characters';
  if (input.password && input.confirmPassword !== input.password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

const VERIFICATION_CODE_LENGTH = 6;

/** The code input keeps digits only, at most six (spec §5). */
export function sanitizeVerificationCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}

export function validateVerificationCode(code: string): string | undefined {
  if (!code) return 'Verification code is required';
  if (!/^\d{6}$/.test(code)) return 'Verification code must be 6 digits';
  return undefined;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

/** Spec §2: what /login shows after a successful verification. */
export const EMAIL_VERIFIED_MESSAGE = 'Email verified successfully! Please log in with your account.';
