import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { buildProblem, checkPlan, type PlanCheck } from '@fleetlab/solver';
import {
  ALGORITHM_IDS,
  Floor,
  type FloorEnvironment,
  type ShiftParametersRecord,
  type SolveParametersRecord,
} from '@fleetlab/warehouse';
import type { Database } from '../../src/db/client.ts';
import { environments, scenarios, solves, tasks, users, type SolveRow } from '../../src/db/schema.ts';
import { SPEC_DEFAULT_SOLVE_PARAMETERS } from '../support/fixtures.ts';

/** A benchmark instance of the solver package: `{ environment, tasks, params }`. */
export interface SolverInstance {
  id: string;
  environment: {
    name: string;
    dimensions: unknown;
    elements: unknown;
    graph: { nodes: { id: string }[]; edges: { from: string; to: string; weight: number }[] };
  };
  tasks: [string, string][];
}

export function loadInstance(name: 's1' | 's2' | 'm1' | 'xl1'): SolverInstance {
  const file = new URL(`../../../../packages/solver/bench/instances/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as SolverInstance;
}

/**
 * s1 with the cell its first task's pickup stands on walled in by one-cell shelves: no robot
 * can reach it on the floor, so the solve must fail with the solver's planner-readable message
 * naming that pair.
 */
export function isolatedPickupInstance(): SolverInstance & { isolatedPair: [string, string] } {
  const instance = loadInstance('s1');
  const elements = instance.environment.elements as { shelves: { id: string; position: number[]; size: number[] }[] };
  const floor = new Floor(instance.environment as FloorEnvironment);
  const [pickup] = instance.tasks[0];
  const cell = floor.cellOf(pickup)!;
  const walls = [0, 1, 2, 3]
    .map((k) => floor.neighbours[cell * 4 + k])
    .filter((next) => next >= 0)
    .map((next, k) => ({ id: `WALL${k + 1}`, position: [floor.x(next), floor.y(next)], size: [1, 1] }));
  return {
    ...instance,
    environment: { ...instance.environment, elements: { ...elements, shelves: [...elements.shelves, ...walls] } },
    isolatedPair: instance.tasks[0],
  };
}

/** The spec defaults with a short time limit, so queue tests finish quickly. */
export const DEFAULT_TEST_PARAMETERS: SolveParametersRecord = { ...SPEC_DEFAULT_SOLVE_PARAMETERS, time_limit: 2 };

export interface StoredChain {
  userId: number;
  environmentId: number;
  scenarioId: number;
  taskId: number;
}

let ownerCounter = 0;

/** Stores a user, the instance's environment, a scenario and a task with the instance's pairs. */
export async function storeInstance(db: Database, instance: SolverInstance): Promise<StoredChain> {
  ownerCounter += 1;
  const handle = `jobs${ownerCounter}x${process.pid}x${Date.now()}`;
  const [user] = await db
    .insert(users)
    .values({
      email: `${handle}@example.com`,
      username: handle,
      password_hash: 'not-used',
      email_verified_at: new Date(),
    })
    .returning({ id: users.id });
  const [environment] = await db
    .insert(environments)
    .values({
      user_id: user.id,
      name: instance.environment.name ?? instance.id,
      description: null,
      dimensions: instance.environment.dimensions as never,
      elements: instance.environment.elements as never,
      graph: instance.environment.graph as never,
    })
    .returning({ id: environments.id });
  const [scenario] = await db
    .insert(scenarios)
    .values({
      user_id: user.id,
      environment_id: environment.id,
      name: `${instance.id} scenario`,
      description: null,
      parameters: {},
    })
    .returning({ id: scenarios.id });
  const [task] = await db
    .insert(tasks)
    .values({
      user_id: user.id,
      scenario_id: scenario.id,
      name: `${instance.id} task`,
      description: null,
      task_type: 'pickup_delivery',
      details: { tasks: instance.tasks, priority: 1 } as never,
    })
    .returning({ id: tasks.id });
  return { userId: user.id, environmentId: environment.id, scenarioId: scenario.id, taskId: task.id };
}

/** Stores a `pending` solve of the chain, as POST /solves does (a shift solve with `shift`). */
export async function storePendingSolve(
  db: Database,
  chain: StoredChain,
  options: { algorithm: 'greedy_distance' | 'makespan'; timeLimitS: number; shift?: ShiftParametersRecord },
): Promise<number> {
  const [row] = await db
    .insert(solves)
    .values({
      user_id: chain.userId,
      environment_id: chain.environmentId,
      scenario_id: chain.scenarioId,
      task_id: chain.taskId,
      name: `${options.algorithm} solve`,
      description: null,
      status: 'pending',
      algorithm_id: ALGORITHM_IDS[options.algorithm],
      parameters: {
        ...DEFAULT_TEST_PARAMETERS,
        algorithm_type: options.algorithm,
        time_limit: options.timeLimitS,
        ...(options.shift === undefined ? {} : { shift: options.shift }),
      },
    })
    .returning({ id: solves.id });
  return row.id;
}

export async function readSolve(db: Database, solveId: number): Promise<SolveRow | undefined> {
  const [row] = await db.select().from(solves).where(eq(solves.id, solveId));
  return row;
}

/** Polls `read` until `accept` holds, or fails with the last value seen. */
export async function waitFor<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  options: { timeoutMs: number; intervalMs?: number; what: string },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let last: T = await read();
  while (!accept(last)) {
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${options.what}; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
    last = await read();
  }
  return last;
}

export function waitForStatus(
  db: Database,
  solveId: number,
  statuses: string[],
  timeoutMs = 30_000,
): Promise<SolveRow> {
  return waitFor(
    async () => (await readSolve(db, solveId)) as SolveRow,
    (row) => row !== undefined && statuses.includes(row.status),
    { timeoutMs, what: `solve ${solveId} to be ${statuses.join(' or ')}` },
  );
}

/** Checks stored results against the solve model, on the instance the solve was made from. */
export function checkStoredPlan(instance: SolverInstance, row: SolveRow): PlanCheck {
  const problem = buildProblem({
    environment: instance.environment as never,
    tasks: instance.tasks,
    params: row.parameters,
  });
  return checkPlan(problem, row.results);
}
