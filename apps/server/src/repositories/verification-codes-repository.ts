import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { emailVerificationCodes } from '../db/schema.ts';

export type VerificationCodeRow = typeof emailVerificationCodes.$inferSelect;

export interface NewVerificationCode {
  user_id: number;
  code_hash: string;
  /** 'register' or 'resend': only resends count against the hourly resend limit. */
  reason: 'register' | 'resend';
  expires_at: Date;
}

/** Every e-mail verification code ever sent; the history also drives the resend limits. */
export class VerificationCodesRepository {
  constructor(private readonly db: Database) {}

  async insert(code: NewVerificationCode, now: Date): Promise<number> {
    const [row] = await this.db
      .insert(emailVerificationCodes)
      .values({ ...code, created_at: now })
      .returning({ id: emailVerificationCodes.id });
    return row.id;
  }

  /** The account's newest code, open or closed. */
  async latestOf(userId: number): Promise<VerificationCodeRow | null> {
    const [latest] = await this.db
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.user_id, userId))
      .orderBy(desc(emailVerificationCodes.created_at), desc(emailVerificationCodes.id))
      .limit(1);
    return latest ?? null;
  }

  /**
   * Counts a wrong attempt on the open code and closes it at the `maxAttempts`-th, in one
   * statement so concurrent guesses all count. Returns the attempts counted so far, or null
   * when the code was already closed.
   */
  async countWrongAttempt(id: number, maxAttempts: number, now: Date): Promise<number | null> {
    const [counted] = await this.db
      .update(emailVerificationCodes)
      .set({
        failed_attempts: sql`${emailVerificationCodes.failed_attempts} + 1`,
        closed_at: sql`case when ${emailVerificationCodes.failed_attempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(emailVerificationCodes.id, id), isNull(emailVerificationCodes.closed_at)))
      .returning({ failedAttempts: emailVerificationCodes.failed_attempts });
    return counted?.failedAttempts ?? null;
  }

  /** Closes the code if it is still open; false when another request closed it first. */
  async close(id: number, now: Date): Promise<boolean> {
    const closed = await this.db
      .update(emailVerificationCodes)
      .set({ closed_at: now })
      .where(and(eq(emailVerificationCodes.id, id), isNull(emailVerificationCodes.closed_at)))
      .returning({ id: emailVerificationCodes.id });
    return closed.length > 0;
  }

  async closeOpenCodesOf(userId: number, now: Date): Promise<void> {
    await this.db
      .update(emailVerificationCodes)
      .set({ closed_at: now })
      .where(and(eq(emailVerificationCodes.user_id, userId), isNull(emailVerificationCodes.closed_at)));
  }

  /** When each resend of the account after `since` was made, oldest first. */
  async resendTimesSince(userId: number, since: Date): Promise<Date[]> {
    const rows = await this.db
      .select({ created_at: emailVerificationCodes.created_at })
      .from(emailVerificationCodes)
      .where(
        and(
          eq(emailVerificationCodes.user_id, userId),
          eq(emailVerificationCodes.reason, 'resend'),
          gt(emailVerificationCodes.created_at, since),
        ),
      )
      .orderBy(asc(emailVerificationCodes.created_at));
    return rows.map((row) => row.created_at);
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(emailVerificationCodes).where(eq(emailVerificationCodes.id, id));
  }
}
