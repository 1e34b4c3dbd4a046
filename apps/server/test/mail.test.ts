import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema.ts';
import { createLogMailer, createMailer, createSmtpMailer } from '../src/services/mail.ts';
import { startMailCatcher, type MailCatcher } from './support/mail-catcher.ts';
import { FAST_SCRYPT } from './support/test-app.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';

describe('verification mail', () => {
  let catcher: MailCatcher;
  let database: TestDatabase;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await catcher?.close();
    await database?.dispose();
  });

  it('sends real mail over SMTP from MAIL_FROM with the code in the text', async () => {
    const mailer = createMailer({ smtpUrl: catcher.smtpUrl, mailFrom: 'Fleetlab Test <fleet@example.com>' });
    await mailer.sendVerificationCode('reader@example.com', '042917');
    await mailer.close();
    expect(catcher.countFor('reader@example.com')).toBe(1);
    const raw = catcher.messages.at(-1)!.raw;
    expect(raw).toMatch(/^From: Fleetlab Test <fleet@example\.com>$/m);
    expect(raw).toMatch(/^To: reader@example\.com$/m);
    expect(raw).toMatch(/^Subject: Your Fleetlab verification code$/m);
    expect(catcher.latestCodeFor('reader@example.com')).toBe('042917');
  });

  it('without SMTP_URL, writes exactly one marked line with the address and the code', async () => {
    const lines: string[] = [];
    const mailer = createLogMailer((line) => lines.push(line));
    await mailer.sendVerificationCode('a@b.co', '123456');
    expect(lines).toEqual(['[fleetlab] verification code for a@b.co: 123456']);
  });

  it('registration through the API delivers the code that verifies the account', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SMTP_URL: catcher.smtpUrl,
      WEB_DIST_DIR: '/nonexistent/fleetlab-web-dist',
    });
    const mailer = createSmtpMailer(catcher.smtpUrl, config.mailFrom);
    const app = await buildApp({ config, db: database.handle.db, mailer, scryptParameters: FAST_SCRYPT });
    try {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: 'Mailed@Example.com', username: 'mailed', password: 'longenough' },
      });
      expect(registered.statusCode).toBe(201);
      const code = catcher.latestCodeFor('mailed@example.com');
      const verified = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify-email',
        payload: { email: 'mailed@example.com', code },
      });
      expect(verified.statusCode).toBe(200);
    } finally {
      await app.close();
      await mailer.close();
    }
  });

  it('when the mail server is unreachable, answers 503 and keeps no account, so registering again works', async () => {
    const deadSmtp = 'smtp://127.0.0.1:1';
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SMTP_URL: deadSmtp,
      WEB_DIST_DIR: '/nonexistent/fleetlab-web-dist',
    });
    const mailer = createSmtpMailer(deadSmtp, config.mailFrom);
    const app = await buildApp({ config, db: database.handle.db, mailer, scryptParameters: FAST_SCRYPT });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: 'bounce@example.com', username: 'bounce', password: 'longenough' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: 'Could not send the verification e-mail. Please try again later.' });
      expect(await database.handle.db.select().from(users).where(eq(users.email, 'bounce@example.com'))).toEqual([]);
    } finally {
      await app.close();
      await mailer.close();
    }
  });
});
