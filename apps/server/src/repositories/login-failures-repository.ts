import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';

/** Who failed a login: an e-mail as typed, or a client address. */
export type LoginFailureKey = { email: string } | { ip: string };

const matches = (key: LoginFailureKey) =>
  'email' in key ? eq(loginFailures.email, key.email) : eq(loginFailures.ip, key.ip);

/** Failed logins, in the database so every API process throttles alike. */
export class LoginFailuresRepository {
  constructor(private readonly db: Database) {}

  async insert(failure: { email: string; ip: string }, now: Date): Promise<void> {
    await this.db.insert(loginFailures).values({ ...failure, created_at: now });
  }

  async countSince(key: LoginFailureKey, since: Date): Promise<number> {
    const [{ failures }] = await this.db
      .select({ failures: count() })
      .from(loginFailures)
      .where(and(matches(key), gt(loginFailures.created_at, since)));
    return failures;
  }

  /** When the failure at `position` (0 = oldest) of those after `since` happened. */
  async timeOfFailureSince(key: LoginFailureKey, since: Date, position: number): Promise<Date | null> {
    const [failure] = await this.db
      .select({ created_at: loginFailures.created_at })
      .from(loginFailures)
      .where(and(matches(key), gt(loginFailures.created_at, since)))
      .orderBy(asc(loginFailures.created_at))
      .offset(position)
      .limit(1);
    return failure?.created_at ?? null;
  }

  async deleteOlderThan(cutoff: Date): Promise<void> {
    await this.db.delete(loginFailures).where(lt(loginFailures.created_at, cutoff));
  }

  async deleteForEmail(email: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.email, email));
  }
}
