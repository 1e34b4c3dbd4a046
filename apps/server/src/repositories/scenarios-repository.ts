import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { ScenarioParametersRecord, ScenarioRecord } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { environments, scenarios, solves } from '../db/schema.ts';
import { notFound } from '../http/api-error.ts';
import { toScenarioRecord } from './records.ts';

export interface NewScenario {
  name: string;
  description: string | null;
  environment_id: number;
  parameters: ScenarioParametersRecord;
}

export class ScenariosRepository {
  constructor(private readonly db: Database) {}

  async list(userId: number, filter: { environmentId?: number } = {}): Promise<ScenarioRecord[]> {
    const conditions: SQL[] = [eq(scenarios.user_id, userId)];
    if (filter.environmentId !== undefined) conditions.push(eq(scenarios.environment_id, filter.environmentId));
    return this.select(and(...conditions)!);
  }

  async get(userId: number, id: number): Promise<ScenarioRecord | null> {
    const [record] = await this.select(and(eq(scenarios.id, id), eq(scenarios.user_id, userId))!);
    return record ?? null;
  }

  private async select(where: SQL): Promise<ScenarioRecord[]> {
    const rows = await this.db
      .select({ scenario: scenarios, environment: { id: environments.id, name: environments.name } })
      .from(scenarios)
      .innerJoin(environments, eq(environments.id, scenarios.environment_id))
      .where(where)
      .orderBy(desc(scenarios.created_at), desc(scenarios.id));
    return rows.map((row) => toScenarioRecord(row.scenario, row.environment));
  }

  /** Throws 404 when the environment is not one of the caller's. */
  async create(userId: number, scenario: NewScenario, now: Date): Promise<ScenarioRecord> {
    const [environment] = await this.db
      .select({ id: environments.id, name: environments.name })
      .from(environments)
      .where(and(eq(environments.id, scenario.environment_id), eq(environments.user_id, userId)))
      .limit(1);
    if (!environment) throw notFound('Environment');
    const [row] = await this.db
      .insert(scenarios)
      .values({ ...scenario, user_id: userId, created_at: now, updated_at: now })
      .returning();
    return toScenarioRecord(row, environment);
  }

  /** Deletes the scenario with its tasks and solves (cascade); null when not the caller's. */
  async delete(userId: number, id: number): Promise<{ deletedSolveIds: number[] } | null> {
    return this.db.transaction(async (tx) => {
      const doomedSolves = await tx
        .select({ id: solves.id })
        .from(solves)
        .where(and(eq(solves.scenario_id, id), eq(solves.user_id, userId)));
      const deleted = await tx
        .delete(scenarios)
        .where(and(eq(scenarios.id, id), eq(scenarios.user_id, userId)))
        .returning({ id: scenarios.id });
      if (deleted.length === 0) return null;
      return { deletedSolveIds: doomedSolves.map((solve) => solve.id) };
    });
  }
}
