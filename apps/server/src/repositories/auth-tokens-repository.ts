import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authTokens, users, type UserRow } from '../db/schema.ts';

/** Login tokens, stored as hashes only. */
export class AuthTokensRepository {
  constructor(private readonly db: Database) {}

  async insert(token: { user_id: number; token_hash: string; expires_at: Date }, now: Date): Promise<void> {
    await this.db.insert(authTokens).values({ ...token, created_at: now });
  }

  async deleteExpiredOf(userId: number, now: Date): Promise<void> {
    await this.db.delete(authTokens).where(and(eq(authTokens.user_id, userId), lt(authTokens.expires_at, now)));
  }

  /** The account a token hash belongs to and the token's expiry, or null when it is unknown or expired at `now`. */
  async findSession(tokenHash: string, now: Date): Promise<{ user: UserRow; expiresAt: Date } | null> {
    const [row] = await this.db
      .select({ user: users, expiresAt: authTokens.expires_at })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.user_id))
      .where(and(eq(authTokens.token_hash, tokenHash), gt(authTokens.expires_at, now)))
      .limit(1);
    return row ?? null;
  }
}
