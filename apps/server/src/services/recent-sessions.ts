import type { UserRow } from '../db/schema.ts';

/** How long a checked token is trusted without reading it again. */
export const SESSION_RECHECK_MS = 10_000;
/** Sessions kept at most; the oldest checked go first. */
const MAX_SESSIONS = 10_000;

interface Session {
  user: UserRow;
  /** Until when this check counts: the recheck time, or the token's expiry if sooner. */
  validUntilMs: number;
}

/**
 * The accounts of recently checked tokens, so a page's burst of calls (and a crowd of them) reads
 * each token once per few seconds instead of once per call. Tokens are never revoked before their
 * expiry (they only expire), and an entry never outlives its token's expiry, so a kept session
 * answers exactly as the database would.
 */
export class RecentSessions {
  private readonly sessions = new Map<string, Session>();

  find(tokenHash: string, nowMs: number): UserRow | null {
    const session = this.sessions.get(tokenHash);
    if (!session) return null;
    if (session.validUntilMs <= nowMs) {
      this.sessions.delete(tokenHash);
      return null;
    }
    return session.user;
  }

  remember(tokenHash: string, user: UserRow, tokenExpiresAt: Date, nowMs: number): void {
    this.sessions.delete(tokenHash);
    this.sessions.set(tokenHash, {
      user,
      validUntilMs: Math.min(nowMs + SESSION_RECHECK_MS, tokenExpiresAt.getTime()),
    });
    if (this.sessions.size > MAX_SESSIONS) {
      const oldest = this.sessions.keys().next();
      if (!oldest.done) this.sessions.delete(oldest.value);
    }
  }
}
