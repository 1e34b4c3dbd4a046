import { describe, expect, it } from 'vitest';
import {
  sanitizeVerificationCode,
  validateLogin,
  validateRegister,
  validateVerificationCode,
} from './auth-validation.ts';
import { loginErrorText } from './auth-errors.ts';
import { ApiError } from '../api/client.ts';

describe('account validation (spec §5)', () => {
  it('login needs both fields', () => {
    expect(validateLogin('', '')).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateLogin('  ', 'x')).toEqual({ email: 'Email is required' });
    expect(validateLogin('ada@fleetlab.test', 'x')).toEqual({});
  });

  it('register checks each field, the password length and the confirmation', () => {
    expect(validateRegister({ username: '', email: '', password: '', confirmPassword: '' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateRegister({ username: 'ada', email: 'a@b.c', password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(
      validateRegister({ username: 'ada', email: 'a@b.c', password: 'longenough', confirmPassword: 'different' }),
    ).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(
      validateRegister({ username: 'ada', email: 'a@b.c', password: '12345678', confirmPassword: '12345678' }),
    ).toEqual({});
    expect(
      validateRegister({ username: ' Jane Doe ', email: 'a@b.c', password: '12345678', confirmPassword: '12345678' }),
    ).toEqual({});
    expect(
      validateRegister({ username: 'Jane\tDoe', email: 'a@b.c', password: '12345678', confirmPassword: '12345678' }),
    ).toEqual({
      username: 'Username must not contain control characters or line breaks',
    });
  });

  it('the verification code is digits only, six of them', () => {
    expect(sanitizeVerificationCode('12a3-45 678')).toBe('123456');
    expect(validateVerificationCode('')).toBe('Verification code is required');
    expect(validateVerificationCode('12345')).toBe('Verification code must be 6 digits');
    expect(validateVerificationCode('123456')).toBeUndefined();
  });
});

describe('loginErrorText (spec §8)', () => {
  it('maps status 400 to the credentials message and keeps other fallbacks', () => {
    expect(loginErrorText(new ApiError(400, { detail: 'Incorrect email or password' }))).toBe(
      'Incorrect email or password',
    );
    expect(loginErrorText(new ApiError(403, { detail: 'Verify your e-mail address before logging in' }))).toBe(
      'Verify your e-mail address before logging in',
    );
    expect(loginErrorText(new ApiError(500, null))).toBe('Failed to login');
    expect(loginErrorText('boom')).toBe('Failed to login');
  });
});
