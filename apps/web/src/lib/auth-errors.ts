import { isApiError } from '../api/client.ts';

const INCORRECT_CREDENTIALS = 'Incorrect email or password';

/**
 * The login form's error text (spec §8). 'Request failed with status code 400' reads as
 * wrong credentials; a 401 from the sign-in call means the same. A 403 is the server
 * refusing an unverified account: its detail tells the user what to do.
 */
export function loginErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.message === 'Request failed with status code 400' || error.status === 401) return INCORRECT_CREDENTIALS;
    if (error.status === 403 || error.status === 429) return error.detail ?? 'Failed to login';
    return 'Failed to login';
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Failed to login';
}

/** The server's detail text when it sent one, else the screen's fallback of spec §8. */
export function apiErrorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.detail ?? fallback;
  return fallback;
}

export function isUnverifiedAccountError(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}
