import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users, type UserRow } from '../db/schema.ts';

export interface NewUser {
  email: string;
  username: string;
  password_hash: string;
}

/** Accounts. E-mails are matched exactly, usernames regardless of case (as the unique index does). */
export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findByEmail(email: string): Promise<UserRow | null> {
    const [user] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return user ?? null;
  }

  /**
   * The account with this e-mail, locked until the transaction ends, so concurrent requests
   * about one account take turns. Call it inside `Repositories.transaction`.
   */
  async lockByEmail(email: string): Promise<UserRow | null> {
    const [user] = await this.db.select().from(users).where(eq(users.email, email)).for('update');
    return user ?? null;
  }

  /** The accounts that already hold this e-mail or this username. */
  async findClashing(email: string, username: string): Promise<Pick<UserRow, 'email' | 'username'>[]> {
    return this.db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(or(eq(users.email, email), eq(sql`lower(${users.username})`, username.toLowerCase())));
  }

  async insert(user: NewUser, now: Date): Promise<UserRow> {
    const [created] = await this.db
      .insert(users)
      .values({ ...user, created_at: now, updated_at: now })
      .returning();
    return created;
  }

  async markVerified(id: number, now: Date): Promise<void> {
    await this.db.update(users).set({ email_verified_at: now, updated_at: now }).where(eq(users.id, id));
  }

  /** Deletes the account with its codes and tokens (foreign keys cascade). */
  async delete(id: number): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }
}
