import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ScenarioParametersRecord, ScenarioRecord } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { environments, scenarios, solves, tasks } from '../db/schema.ts';
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
      .select({
        scenario: scenarios,
        environment: { id: environments.id, name: environments.name },
        pairs: sql<number>`(select coalesce(sum(case when jsonb_typeof(${tasks.details} -> 'tasks') = 'array'
          then jsonb_array_length(${tasks.details} -> 'tasks') else 0 end), 0)::int
          from ${tasks} where ${tasks.scenario_id} = ${scenarios.id})`,
      })
      .from(scenarios)
      .innerJoin(environments, eq(environments.id, scenarios.environment_id))
      .where(where)
      .orderBy(desc(scenarios.created_at), desc(scenarios.id));
    return rows.map((row) => withOrderVolume(toScenarioRecord(row.scenario, row.environment), Number(row.pairs)));
  }

  /** Throws 404 when the environment is not one of the caller's. */
  async create(userId: number, scenario: NewScenario, now: Date): Promise<ScenarioRecord> {
    const [environment] = await this.db
      .select({
        id: environments.id,
        name: environments.name,
        robots: sql<number>`coalesce(jsonb_array_length(${environments.elements} -> 'robots'), 0)::int`,
      })
      .from(environments)
      .where(and(eq(environments.id, scenario.environment_id), eq(environments.user_id, userId)))
      .limit(1);
    if (!environment) throw notFound('Environment');
    // The spec's form sends `{}`: the scenario then uses the environment's whole fleet, and says so.
    const parameters = { ...scenario.parameters, robot_count: scenario.parameters.robot_count ?? Number(environment.robots) };
    const [row] = await this.db
      .insert(scenarios)
      .values({ ...scenario, parameters, user_id: userId, created_at: now, updated_at: now })
      .returning();
    return withOrderVolume(toScenarioRecord(row, { id: environment.id, name: environment.name }), 0);
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

/**
 * A scenario without a stated order volume shows the pairs its tasks hold (0 before any task),
 * so the scenario cards of spec §2 always have a figure to show.
 */
function withOrderVolume(record: ScenarioRecord, pairs: number): ScenarioRecord {
  if (record.parameters.order_volume !== undefined) return record;
  return { ...record, parameters: { ...record.parameters, order_volume: pairs } };
}
