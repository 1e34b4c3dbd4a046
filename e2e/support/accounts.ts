import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/**
 * Reads the newest verification code the embedded server logged for this address: the run's
 * server, or the one whose `logFile` is given (a journey that starts its own).
 */
export async function readVerificationCode(email: string, logFile = process.env.FLEETLAB_E2E_LOG): Promise<string> {
  if (!logFile) throw new Error('FLEETLAB_E2E_LOG is not set: global setup did not run');
  const pattern = new RegExp(`verification code for ${email.replace(/[.+]/g, '\\$&')}: (\\d{6})`, 'g');
  for (let attempt = 0; attempt < 40; attempt++) {
    const codes = [...readFileSync(logFile, 'utf8').matchAll(pattern)].map((match) => match[1]);
    if (codes.length > 0) return codes[codes.length - 1];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no verification code for ${email} in the server log`);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@fleetlab.test`;
}

/** Registers, verifies and signs in a fresh account through the UI; ends on the dashboard. */
export async function signUpAndLogIn(
  page: Page,
  prefix = 'planner',
  options: { logFile?: string } = {},
): Promise<{ email: string; username: string; password: string }> {
  const email = uniqueEmail(prefix);
  const username = email.split('@')[0].replace(/\./g, '_');
  const password = 'correct horse battery';
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await page.getByLabel(/code/i).fill(await readVerificationCode(email, options.logFile));
  await page.getByRole('button', { name: /verify/i }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Email verified successfully! Please log in with your account.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  return { email, username, password };
}
