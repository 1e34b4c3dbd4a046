import { must } from '@fleetlab/warehouse';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';

/** A table whose rows belong to one user. */
export type OwnedTable = PgTable & { id: AnyPgColumn; user_id: AnyPgColumn };

/** The row `id` of `table`, if it is the caller's: another user's row simply does not exist. */
export function ownedRow(table: OwnedTable, userId: number, id: number): SQL {
  // `and` is undefined only without conditions.
  return must(and(eq(table.id, id), eq(table.user_id, userId)), 'The owned-row condition');
}

/**
 * Deletes the caller's row `id` of `table`; what references it goes too (foreign keys cascade,
 * in the same statement). False when the caller has no such row.
 */
export async function deleteOwnedRow(db: Database, table: OwnedTable, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(table)
    .where(ownedRow(table, userId, id))
    .returning({ id: table.id });
  return deleted.length > 0;
}
