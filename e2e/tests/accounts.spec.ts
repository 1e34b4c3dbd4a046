import { expect, test } from '@playwright/test';
import { readVerificationCode, signUpAndLogIn, uniqueEmail } from '../support/accounts.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';

test('a newcomer registers, verifies with the logged code, logs in and logs out', async ({ page }) => {
  const { username } = await signUpAndLogIn(page, 'newcomer');
  await expect(page.getByText(username)).toBeVisible();
  await page.screenshot({ path: screenshotPath('dashboard'), fullPage: true });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login|\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows the spec message and an unverified account is told to verify', async ({ page }) => {
  const email = uniqueEmail('unverified');
  await page.goto('/register');
  await page.getByLabel('Username').fill(email.split('@')[0].replace(/\./g, '_'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('long enough password');
  await page.getByLabel('Confirm Password').fill('long enough password');
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await expect(page.getByText(email)).toBeVisible();
  expect(await readVerificationCode(email)).toMatch(/^\d{6}$/);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
});

test('a protected page sends a visitor to /login and back after signing in', async ({ page }) => {
  const account = await signUpAndLogIn(page, 'returning');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/solves');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/solves$/);
});

test('an unknown path shows the 404 page and Go Back returns to the previous page', async ({ page }) => {
  await page.goto('/');
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('unknown API paths answer JSON 404, not the app', async ({ request }) => {
  const response = await request.get('/api/v1/no-such-route');
  expect(response.status()).toBe(404);
  expect(await response.json()).toHaveProperty('detail');
});
