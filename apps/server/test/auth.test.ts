import { eq } from 'drizzle-orm';
import { accessTokenSchema, userRecordSchema } from '@fleetlab/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, emailVerificationCodes, users } from '../src/db/schema.ts';
import { AUTH_LIMITS, EMAIL_NOT_VERIFIED, INCORRECT_CREDENTIALS } from '../src/services/auth-service.ts';
import { databaseKinds } from './support/test-database.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const REGISTER = '/api/v1/auth/register';
const VERIFY = '/api/v1/auth/verify-email';
const RESEND = '/api/v1/auth/resend-verification';
const LOGIN = '/api/v1/auth/login';
const ME = '/api/v1/auth/me';

/** A code that is certainly not `code` (same length, digits only). */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  describe('register', () => {
    it('creates an unverified account, answers 201 with id, username and email, and mails a 6-digit code', async () => {
      const response = await post(REGISTER, { email: 'Grace@Example.com', username: 'grace', password: 'hopper1906' });
      expect(response.statusCode).toBe(201);
      const body = userRecordSchema.parse(response.json());
      expect(body).toEqual({ id: body.id, username: 'grace', email: 'grace@example.com' });
      expect(t.mail.latestCodeFor('grace@example.com')).toMatch(/^\d{6}$/);
      const [row] = await t.db.select().from(users).where(eq(users.id, body.id));
      expect(row.email_verified_at).toBeNull();
      expect(row.password_hash).not.toContain('hopper1906');
      const [code] = await t.db
        .select()
        .from(emailVerificationCodes)
        .where(eq(emailVerificationCodes.user_id, body.id));
      expect(code.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(code.code_hash).not.toContain(t.mail.latestCodeFor('grace@example.com'));
      expect(code.expires_at.getTime() - t.clock.now().getTime()).toBe(10 * 60_000);
    });

    it.each([
      [{ username: 'a', password: 'longenough' }, 'body.email: Required'],
      [{ email: 'x@example.com', password: 'longenough' }, 'body.username: Required'],
      [{ email: 'x@example.com', username: 'x' }, 'body.password: Required'],
      [{ email: 'not-an-email', username: 'x', password: 'longenough' }, 'body.email: Enter a valid email address'],
      [
        { email: 'x@example.com', username: 'x', password: 'seven77' },
        'body.password: Password must be at least 8 characters',
      ],
      [{ email: 'x@example.com', username: '', password: 'longenough' }, 'body.username: Username is required'],
      [{ email: 'x@example.com', username: '   ', password: 'longenough' }, 'body.username: Username is required'],
      [
        { email: 'x@example.com', username: 'Jane\u0007Doe', password: 'longenough' },
        'body.username: Username must not contain control characters or line breaks',
      ],
      [
        { email: 'x@example.com', username: 'Jane\nDoe', password: 'longenough' },
        'body.username: Username must not contain control characters or line breaks',
      ],
      [
        { email: 'x@example.com', username: 'x'.repeat(65), password: 'longenough' },
        'body.username: Username must be at most 64 characters',
      ],
    ])('rejects %j with 400 naming the field', async (payload, detail) => {
      const response = await post(REGISTER, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('accepts any printable name: spaces, accents, other scripts, punctuation; trimmed; 64 characters at most', async () => {
      for (const [index, username] of [
        'Jane Doe',
        '  José Álvarez  ',
        '李雷',
        "O'Brien & Sons (Ops)",
        'é'.repeat(64),
      ].entries()) {
        const response = await post(REGISTER, { email: `name${index}@example.com`, username, password: 'longenough' });
        expect(response.statusCode).toBe(201);
        expect(response.json().username).toBe(username.trim());
      }
      const taken = await post(REGISTER, { email: 'jane2@example.com', username: 'JANE DOE', password: 'longenough' });
      expect(taken.json()).toEqual({ detail: 'This username is already taken' });
    });

    it('rejects a duplicate e-mail (any case) and a duplicate username (any case) with 400', async () => {
      await post(REGISTER, { email: 'ada@example.com', username: 'ada', password: 'lovelace1815' });
      const sameEmail = await post(REGISTER, { email: 'ADA@example.com', username: 'ada2', password: 'lovelace1815' });
      expect(sameEmail.statusCode).toBe(400);
      expect(sameEmail.json()).toEqual({ detail: 'An account with this email already exists' });
      const sameUsername = await post(REGISTER, {
        email: 'ada2@example.com',
        username: 'ADA',
        password: 'lovelace1815',
      });
      expect(sameUsername.statusCode).toBe(400);
      expect(sameUsername.json()).toEqual({ detail: 'This username is already taken' });
    });

    it('lets exactly one of two simultaneous registrations of one e-mail win; the other gets 400', async () => {
      const attempt = (username: string) =>
        post(REGISTER, { email: 'race@example.com', username, password: 'longenough' });
      const responses = await Promise.all([attempt('racer1'), attempt('racer2')]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
      const loser = responses.find((response) => response.statusCode === 400)!;
      expect(loser.json()).toEqual({ detail: 'An account with this email already exists' });
      expect(await t.db.select().from(users).where(eq(users.email, 'race@example.com'))).toHaveLength(1);
    });

    it('ignores fields it does not know (an attempt to pre-verify or pick an id)', async () => {
      const response = await post(REGISTER, {
        email: 'mallory@example.com',
        username: 'mallory',
        password: 'longenough',
        id: 1,
        email_verified_at: '2020-01-01T00:00:00Z',
      });
      expect(response.statusCode).toBe(201);
      const login = await post(LOGIN, { username: 'mallory@example.com', password: 'longenough' });
      expect(login.statusCode).toBe(403);
    });
  });

  describe('verify-email', () => {
    it('accepts the mailed code once, then the account can log in', async () => {
      const user = await t.register('verify');
      const code = t.mail.latestCodeFor(user.email);
      const first = await post(VERIFY, { email: user.email, code });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ detail: 'Email verified successfully' });
      const reused = await post(VERIFY, { email: user.email, code });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ detail: 'Email is already verified. Please log in.' });
      const login = await post(LOGIN, { username: user.email, password: user.password });
      expect(login.statusCode).toBe(200);
    });

    it('rejects a wrong code with the attempts left, and burns the code on the 5th wrong attempt', async () => {
      const user = await t.register('attempts');
      const code = t.mail.latestCodeFor(user.email);
      const wrong = otherCode(code);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const response = await post(VERIFY, { email: user.email, code: wrong });
        expect(response.statusCode).toBe(400);
        const left = 5 - attempt;
        expect(response.json()).toEqual({
          detail: `Invalid verification code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
        });
      }
      const fifth = await post(VERIFY, { email: user.email, code: wrong });
      expect(fifth.json()).toEqual({
        detail: 'Too many wrong attempts. This code is no longer valid; please request a new code.',
      });
      const rightButBurnt = await post(VERIFY, { email: user.email, code });
      expect(rightButBurnt.statusCode).toBe(400);
      expect(rightButBurnt.json()).toEqual({ detail: 'No valid verification code. Please request a new code.' });
    });

    it('rejects a code after its 10 minutes', async () => {
      const user = await t.register('expiry');
      const code = t.mail.latestCodeFor(user.email);
      t.clock.advance(AUTH_LIMITS.codeLifetimeMs);
      const response = await post(VERIFY, { email: user.email, code });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Verification code has expired. Please request a new code.' });
    });

    it('accepts a code just before it expires', async () => {
      const user = await t.register('almost');
      t.clock.advance(AUTH_LIMITS.codeLifetimeMs - 1000);
      const response = await post(VERIFY, { email: user.email, code: t.mail.latestCodeFor(user.email) });
      expect(response.statusCode).toBe(200);
    });

    it('answers an unknown e-mail like a wrong code', async () => {
      const response = await post(VERIFY, { email: 'nobody@example.com', code: '123456' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Invalid verification code' });
    });

    it.each([
      [{ email: 'a@example.com' }, 'body.code: Required'],
      [{ email: 'a@example.com', code: '' }, 'body.code: Verification code is required'],
      [{ email: 'a@example.com', code: '12345' }, 'body.code: Verification code must be 6 digits'],
      [{ email: 'a@example.com', code: '12345a' }, 'body.code: Verification code must be 6 digits'],
      [{ code: '123456' }, 'body.email: Required'],
    ])('rejects %j with 400 naming the field', async (payload, detail) => {
      const response = await post(VERIFY, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    });
  });

  describe('resend-verification', () => {
    it('replaces the old code with a new one after 60 seconds', async () => {
      const user = await t.register('resend');
      const oldCode = t.mail.latestCodeFor(user.email);
      t.clock.advanceSeconds(60);
      const response = await post(RESEND, { email: user.email });
      expect(response.statusCode).toBe(200);
      expect(t.mail.countFor(user.email)).toBe(2);
      const newCode = t.mail.latestCodeFor(user.email);
      if (newCode !== oldCode) {
        const old = await post(VERIFY, { email: user.email, code: oldCode });
        expect(old.statusCode).toBe(400);
      }
      const fresh = await post(VERIFY, { email: user.email, code: newCode });
      expect(fresh.statusCode).toBe(200);
    });

    it('inside the 60 s cooldown answers 200 with the seconds left and sends no mail (a resend straight after registering is no error)', async () => {
      const user = await t.register('interval');
      const straightAway = await post(RESEND, { email: user.email });
      expect(straightAway.statusCode).toBe(200);
      expect(straightAway.json()).toEqual({
        detail: 'A code was sent less than a minute ago. You can request a new one in 60 seconds.',
        code_sent: false,
        retry_after_s: 60,
      });
      t.clock.advanceSeconds(15);
      const tooSoon = await post(RESEND, { email: user.email });
      expect(tooSoon.statusCode).toBe(200);
      expect(tooSoon.headers['retry-after']).toBeUndefined();
      expect(tooSoon.json()).toEqual({
        detail: 'A code was sent less than a minute ago. You can request a new one in 45 seconds.',
        code_sent: false,
        retry_after_s: 45,
      });
      t.clock.advanceSeconds(44.5);
      expect((await post(RESEND, { email: user.email })).json().detail).toBe(
        'A code was sent less than a minute ago. You can request a new one in 1 second.',
      );
      expect(t.mail.countFor(user.email)).toBe(1);
      t.clock.advanceSeconds(0.5);
      const sent = await post(RESEND, { email: user.email });
      expect(sent.json()).toEqual({
        detail: 'If the account exists and is not verified yet, a new code has been sent',
        code_sent: true,
        retry_after_s: 60,
      });
      expect(t.mail.countFor(user.email)).toBe(2);
    });

    it('allows 5 resends per hour: the 6th answers 429 until the first leaves the hour', async () => {
      const user = await t.register('hourly');
      for (let resend = 1; resend <= 5; resend += 1) {
        t.clock.advanceSeconds(61);
        expect((await post(RESEND, { email: user.email })).statusCode).toBe(200);
      }
      t.clock.advanceSeconds(61);
      const sixth = await post(RESEND, { email: user.email });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ detail: 'Too many codes requested. Please try again later.' });
      // First resend was at +61 s, now is +366 s: it leaves the hour at +3661 s.
      expect(sixth.headers['retry-after']).toBe(String(3661 - 366));
      t.clock.advanceSeconds(3661 - 366);
      expect((await post(RESEND, { email: user.email })).statusCode).toBe(200);
      expect(t.mail.countFor(user.email)).toBe(7);
    });

    it('answers an unknown e-mail like a known one and sends nothing', async () => {
      const response = await post(RESEND, { email: 'ghost@example.com' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        detail: 'If the account exists and is not verified yet, a new code has been sent',
        code_sent: true,
        retry_after_s: 60,
      });
      expect(t.mail.countFor('ghost@example.com')).toBe(0);
    });

    it('refuses a verified account with 400', async () => {
      const user = await t.signUp('verified');
      t.clock.advanceSeconds(61);
      const response = await post(RESEND, { email: user.email });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Email is already verified. Please log in.' });
    });

    it('rejects a missing e-mail with 400 naming the field', async () => {
      const response = await post(RESEND, {});
      expect(response.json()).toEqual({ detail: 'body.email: Required' });
    });
  });

  describe('login', () => {
    it('returns a bearer token (stored only as a SHA-256 hash) that GET /auth/me accepts', async () => {
      const user = await t.signUp('login');
      const response = await post(LOGIN, { username: user.email.toUpperCase(), password: user.password });
      expect(response.statusCode).toBe(200);
      const token = accessTokenSchema.parse(response.json());
      expect(token.token_type).toBe('bearer');
      const stored = await t.db.select().from(authTokens).where(eq(authTokens.user_id, user.id));
      expect(stored.map((row) => row.token_hash)).not.toContain(token.access_token);
      expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
      const me = await t.app.inject({
        method: 'GET',
        url: ME,
        headers: { authorization: `Bearer ${token.access_token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ id: user.id, username: user.username, email: user.email });
    });

    it('accepts the OAuth2 password form encoding too', async () => {
      const user = await t.signUp('form');
      const response = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: user.email, password: user.password }).toString(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().token_type).toBe('bearer');
    });

    it('answers a wrong password and an unknown e-mail with the same 400 body', async () => {
      const user = await t.signUp('wrongpw');
      const wrongPassword = await post(LOGIN, { username: user.email, password: 'not the password' });
      const unknownEmail = await post(LOGIN, { username: 'nobody-at-all@example.com', password: 'not the password' });
      expect(wrongPassword.statusCode).toBe(400);
      expect(unknownEmail.statusCode).toBe(400);
      expect(wrongPassword.json()).toEqual({ detail: INCORRECT_CREDENTIALS });
      expect(unknownEmail.body).toBe(wrongPassword.body);
    });

    it('refuses an unverified account with 403 telling it to verify', async () => {
      const user = await t.register('unverified');
      const response = await post(LOGIN, { username: user.email, password: user.password });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: EMAIL_NOT_VERIFIED });
    });

    it.each([
      [{ password: 'x' }, 'body.username: Required'],
      [{ username: 'a@example.com' }, 'body.password: Required'],
      [{ username: '', password: 'x' }, 'body.username: Email is required'],
      [{ username: 'a@example.com', password: '' }, 'body.password: Password is required'],
    ])('rejects %j with 400 naming the field', async (payload, detail) => {
      const response = await post(LOGIN, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('throttles an account after 5 failures in 15 minutes, even for the right password, then lets it in', async () => {
      const user = await t.signUp('throttle');
      for (let failure = 0; failure < 5; failure += 1) {
        t.clock.advanceSeconds(10);
        expect(
          (await post(LOGIN, { username: user.email, password: 'wrong password' }, { 'x-test': 'a' })).statusCode,
        ).toBe(400);
      }
      const blocked = await post(LOGIN, { username: user.email, password: user.password });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: 'Too many failed login attempts. Please try again later.' });
      // The first failure was 40 s ago; it leaves the 15-minute window in 860 s.
      expect(blocked.headers['retry-after']).toBe('860');
      t.clock.advanceSeconds(859);
      expect((await post(LOGIN, { username: user.email, password: user.password })).statusCode).toBe(429);
      t.clock.advanceSeconds(1);
      expect((await post(LOGIN, { username: user.email, password: user.password })).statusCode).toBe(200);
    });

    it('throttles an unknown e-mail exactly like a known one', async () => {
      for (let failure = 0; failure < 5; failure += 1) {
        await post(LOGIN, { username: 'phantom@example.com', password: 'guess' });
      }
      const blocked = await post(LOGIN, { username: 'phantom@example.com', password: 'guess' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('900');
      t.clock.advanceMinutes(15);
    });

    it('throttles an IP address after 20 failures in 15 minutes across accounts', async () => {
      const remoteAddress = '203.0.113.7';
      for (let failure = 0; failure < 20; failure += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: LOGIN,
          remoteAddress,
          payload: { username: `spray${failure}@example.com`, password: 'guess' },
        });
        expect(response.statusCode).toBe(400);
      }
      const user = await t.signUp('victim');
      const blocked = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress,
        payload: { username: user.email, password: user.password },
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('900');
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress: '198.51.100.9',
        payload: { username: user.email, password: user.password },
      });
      expect(elsewhere.statusCode).toBe(200);
      t.clock.advanceMinutes(15);
    });

    it('issues tokens that expire after TOKEN_TTL_HOURS (24 h by default)', async () => {
      const user = await t.signUp('ttl');
      t.clock.advance(24 * 3600_000 - 1000);
      expect((await t.app.inject({ method: 'GET', url: ME, headers: user.headers })).statusCode).toBe(200);
      t.clock.advance(1000);
      const expired = await t.app.inject({ method: 'GET', url: ME, headers: user.headers });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ detail: 'Not authenticated' });
    });
  });

  describe('GET /auth/me without a valid token', () => {
    it.each([
      ['no header', {}],
      ['an unknown token', { authorization: 'Bearer not-a-real-token' }],
      ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['an empty bearer', { authorization: 'Bearer ' }],
    ])('answers 401 {"detail":"Not authenticated"} for %s', async (_label, headers) => {
      const response = await t.app.inject({ method: 'GET', url: ME, headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    });
  });
});
