import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AccessToken, UserRecord } from '@fleetlab/warehouse';
import type { Clock } from '../clock.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { UserRow } from '../db/schema.ts';
import { ApiError, badRequest, tooManyRequests } from '../http/api-error.ts';
import type { Repositories } from '../repositories/index.ts';
import type { LoginFailureKey } from '../repositories/login-failures-repository.ts';
import type { Mailer } from './mail.ts';
import { RecentSessions } from './recent-sessions.ts';
import {
  hashPassword,
  PRODUCTION_SCRYPT_PARAMETERS,
  verifyPassword,
  type ScryptParameters,
} from './password-hashing.ts';

const MINUTE_MS = 60_000;

/** Limits of spec §4/§5 and the foundation issue; exported so tests and docs quote one source. */
export const AUTH_LIMITS = {
  codeLifetimeMs: 10 * MINUTE_MS,
  maxWrongCodeAttempts: 5,
  resendIntervalMs: MINUTE_MS,
  resendsPerHour: 5,
  loginFailureWindowMs: 15 * MINUTE_MS,
  loginFailuresPerAccount: 5,
  loginFailuresPerIp: 20,
} as const;

export const INCORRECT_CREDENTIALS = 'Incorrect email or password';
export const EMAIL_NOT_VERIFIED =
  'Email not verified. Please verify your email with the code we sent before logging in.';

export interface AuthServiceDependencies {
  repositories: Repositories;
  mailer: Mailer;
  clock: Clock;
  tokenTtlHours: number;
  /** Lowered only by tests that are not about hashing; production cost otherwise. */
  scryptParameters?: ScryptParameters;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Codes are hashed with their account id, so equal codes of two accounts differ in storage. */
const hashCode = (userId: number, code: string) => sha256(`${userId}:${code}`);
const hashToken = (token: string) => sha256(token);
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const toUserRecord = (user: UserRow): UserRecord => ({
  id: user.id,
  username: user.username,
  email: user.email,
});

/**
 * What a resend did: `sent` (as far as the caller may know: unknown e-mails read as sent), and
 * the seconds until the next code can be asked for.
 */
export interface ResendOutcome {
  sent: boolean;
  retryAfterS: number;
}

const sendFailed = (error: unknown) =>
  new ApiError(503, 'Could not send the verification e-mail. Please try again later.', undefined, { cause: error });

export class AuthService {
  private readonly repositories: Repositories;
  private readonly mailer: Mailer;
  private readonly clock: Clock;
  private readonly tokenTtlMs: number;
  private readonly scryptParameters: ScryptParameters;
  /** Hash checked when the e-mail is unknown, so both failures take the same time. */
  private decoyHash: Promise<string> | null = null;
  private readonly recentSessions = new RecentSessions();

  constructor(dependencies: AuthServiceDependencies) {
    this.repositories = dependencies.repositories;
    this.mailer = dependencies.mailer;
    this.clock = dependencies.clock;
    this.tokenTtlMs = dependencies.tokenTtlHours * 60 * MINUTE_MS;
    this.scryptParameters = dependencies.scryptParameters ?? PRODUCTION_SCRYPT_PARAMETERS;
  }

  async register(input: { email: string; username: string; password: string }): Promise<UserRecord> {
    await this.assertAvailable(input.email, input.username);
    const passwordHash = await hashPassword(input.password, this.scryptParameters);
    const now = this.clock();
    const code = newVerificationCode();
    let user: UserRow;
    try {
      user = await this.repositories.transaction(async ({ users, verificationCodes }) => {
        const created = await users.insert(
          { email: input.email, username: input.username, password_hash: passwordHash },
          now,
        );
        await verificationCodes.insert(
          {
            user_id: created.id,
            code_hash: hashCode(created.id, code),
            reason: 'register',
            expires_at: new Date(now.getTime() + AUTH_LIMITS.codeLifetimeMs),
          },
          now,
        );
        return created;
      });
    } catch (error) {
      // Two registrations raced past the availability check; the unique index decided.
      if (isUniqueViolation(error)) await this.assertAvailable(input.email, input.username);
      throw error;
    }
    try {
      await this.mailer.sendVerificationCode(user.email, code);
    } catch (error) {
      // Without the code the account could never be verified: undo it so the person can retry.
      await this.repositories.users.delete(user.id);
      throw sendFailed(error);
    }
    return toUserRecord(user);
  }

  private async assertAvailable(email: string, username: string): Promise<void> {
    const taken = await this.repositories.users.findClashing(email, username);
    if (taken.some((user) => user.email === email)) throw badRequest('An account with this email already exists');
    if (taken.length > 0) throw badRequest('This username is already taken');
  }

  async verifyEmail(input: { email: string; code: string }): Promise<void> {
    const now = this.clock();
    const { users, verificationCodes } = this.repositories;
    const user = await users.findByEmail(input.email);
    if (!user) throw badRequest('Invalid verification code');
    if (user.email_verified_at) throw badRequest('Email is already verified. Please log in.');
    const latest = await verificationCodes.latestOf(user.id);
    if (!latest || latest.closed_at) throw badRequest('No valid verification code. Please request a new code.');
    if (latest.expires_at.getTime() <= now.getTime()) {
      throw badRequest('Verification code has expired. Please request a new code.');
    }
    if (!sameHash(hashCode(user.id, input.code), latest.code_hash)) {
      const attempts = await verificationCodes.countWrongAttempt(latest.id, AUTH_LIMITS.maxWrongCodeAttempts, now);
      const left = AUTH_LIMITS.maxWrongCodeAttempts - (attempts ?? AUTH_LIMITS.maxWrongCodeAttempts);
      if (left <= 0)
        throw badRequest('Too many wrong attempts. This code is no longer valid; please request a new code.');
      throw badRequest(`Invalid verification code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`);
    }
    const verified = await this.repositories.transaction(async (tx) => {
      // Closing the code in the same statement that checks it makes it single-use under races.
      if (!(await tx.verificationCodes.close(latest.id, now))) return false;
      await tx.users.markVerified(user.id, now);
      return true;
    });
    if (!verified) throw badRequest('No valid verification code. Please request a new code.');
  }

  /**
   * Sends a new code, replacing the old one. Unknown e-mails get the same answer as known
   * ones (nothing is sent), so this call does not reveal who has an account. Inside the cooldown
   * after the last code nothing is sent either, and the answer says how long to wait: a person who
   * clicks "resend" straight after registering has done nothing wrong, so that is no error. Only
   * the hourly cap is one (429 with Retry-After).
   */
  async resendVerification(email: string): Promise<ResendOutcome> {
    const now = this.clock();
    const issued = await this.repositories.transaction(async ({ users, verificationCodes }) => {
      // Locking the account row serialises concurrent resends, so the limits hold under races.
      const user = await users.lockByEmail(email);
      if (!user) return { kind: 'unknown' as const };
      if (user.email_verified_at) throw badRequest('Email is already verified. Please log in.');
      const latest = await verificationCodes.latestOf(user.id);
      if (latest) {
        const waitMs = latest.created_at.getTime() + AUTH_LIMITS.resendIntervalMs - now.getTime();
        if (waitMs > 0) return { kind: 'cooling-down' as const, retryAfterS: Math.ceil(waitMs / 1000) };
      }
      const recentResends = await verificationCodes.resendTimesSince(user.id, new Date(now.getTime() - 60 * MINUTE_MS));
      if (recentResends.length >= AUTH_LIMITS.resendsPerHour) {
        const waitMs =
          recentResends[recentResends.length - AUTH_LIMITS.resendsPerHour].getTime() + 60 * MINUTE_MS - now.getTime();
        throw tooManyRequests('Too many codes requested. Please try again later.', waitMs / 1000);
      }
      await verificationCodes.closeOpenCodesOf(user.id, now);
      const code = newVerificationCode();
      const codeId = await verificationCodes.insert(
        {
          user_id: user.id,
          code_hash: hashCode(user.id, code),
          reason: 'resend',
          expires_at: new Date(now.getTime() + AUTH_LIMITS.codeLifetimeMs),
        },
        now,
      );
      return { kind: 'issued' as const, email: user.email, code, codeId };
    });
    const cooldownS = Math.ceil(AUTH_LIMITS.resendIntervalMs / 1000);
    if (issued.kind === 'unknown') return { sent: true, retryAfterS: cooldownS };
    if (issued.kind === 'cooling-down') return { sent: false, retryAfterS: issued.retryAfterS };
    try {
      await this.mailer.sendVerificationCode(issued.email, issued.code);
    } catch (error) {
      // The code never reached anyone: forget it so it neither counts against the limits nor lingers.
      await this.repositories.verificationCodes.delete(issued.codeId);
      throw sendFailed(error);
    }
    return { sent: true, retryAfterS: cooldownS };
  }

  async login(input: { username: string; password: string }, ip: string): Promise<AccessToken> {
    const email = input.username;
    const now = this.clock();
    await this.assertNotThrottled(email, ip, now);
    const user = await this.repositories.users.findByEmail(email);
    const passwordMatches = user
      ? await verifyPassword(input.password, user.password_hash)
      : await verifyPassword(input.password, await this.getDecoyHash()).then(() => false);
    if (!user || !passwordMatches) {
      await this.recordLoginFailure(email, ip, now);
      throw badRequest(INCORRECT_CREDENTIALS);
    }
    if (!user.email_verified_at) throw new ApiError(403, EMAIL_NOT_VERIFIED);
    const token = randomBytes(32).toString('base64url');
    await this.repositories.transaction(async ({ loginFailures, authTokens }) => {
      await loginFailures.deleteForEmail(email);
      await authTokens.deleteExpiredOf(user.id, now);
      await authTokens.insert(
        { user_id: user.id, token_hash: hashToken(token), expires_at: new Date(now.getTime() + this.tokenTtlMs) },
        now,
      );
    });
    return { access_token: token, token_type: 'bearer' };
  }

  /** The user a bearer token belongs to, or null when it is unknown or expired. */
  async authenticate(token: string): Promise<UserRow | null> {
    const tokenHash = hashToken(token);
    const now = this.clock();
    const known = this.recentSessions.find(tokenHash, now.getTime());
    if (known) return known;
    const session = await this.repositories.authTokens.findSession(tokenHash, now);
    if (session) this.recentSessions.remember(tokenHash, session.user, session.expiresAt, now.getTime());
    return session?.user ?? null;
  }

  private getDecoyHash(): Promise<string> {
    this.decoyHash ??= hashPassword(randomBytes(16).toString('hex'), this.scryptParameters);
    return this.decoyHash;
  }

  private async assertNotThrottled(email: string, ip: string, now: Date): Promise<void> {
    const windowStart = new Date(now.getTime() - AUTH_LIMITS.loginFailureWindowMs);
    const checks: { key: LoginFailureKey; limit: number }[] = [
      { key: { email }, limit: AUTH_LIMITS.loginFailuresPerAccount },
      { key: { ip }, limit: AUTH_LIMITS.loginFailuresPerIp },
    ];
    const { loginFailures } = this.repositories;
    for (const check of checks) {
      const failures = await loginFailures.countSince(check.key, windowStart);
      if (failures < check.limit) continue;
      // The caller may retry once enough of the failures in the window have aged out of it.
      const oldestBlocking = await loginFailures.timeOfFailureSince(check.key, windowStart, failures - check.limit);
      const waitMs = (oldestBlocking?.getTime() ?? now.getTime()) + AUTH_LIMITS.loginFailureWindowMs - now.getTime();
      throw tooManyRequests('Too many failed login attempts. Please try again later.', waitMs / 1000);
    }
  }

  private async recordLoginFailure(email: string, ip: string, now: Date): Promise<void> {
    const { loginFailures } = this.repositories;
    await loginFailures.deleteOlderThan(new Date(now.getTime() - AUTH_LIMITS.loginFailureWindowMs));
    await loginFailures.insert({ email, ip }, now);
  }
}

/** A 6-digit code from the operating system's CSPRNG. */
function newVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}
