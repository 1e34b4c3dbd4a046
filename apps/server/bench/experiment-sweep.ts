/**
 * Figure: a 10-point fleet sweep (robot counts 2, 4, ..., 20) of benchmark l1 with `makespan`
 * at a 5 s time limit, in the embedded mode, finishes within 1.2x the sum of its time limits
 * (50 s -> target 60 s). Builds the real app on an on-disk PGlite with the embedded solve queue,
 * creates the l1 environment, a scenario and its 200-pair task through the API, posts the
 * experiment and polls it like the results page until it is no longer running.
 *
 * Run from the repository root: npx tsx apps/server/bench/experiment-sweep.ts
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ExperimentRecord } from '@fleetlab/warehouse';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { createSolveQueue } from '../src/jobs/create-solve-queue.ts';
import { silentJobLogger } from '../src/jobs/job-logger.ts';
import { createBenchWorkspace, type BenchApiCall } from './bench-workspace.ts';

const TIME_LIMIT_S = 5;
const ROBOT_COUNTS = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20];
const TARGET_RATIO = 1.2;
const POLL_MS = 100;

const instancePath = fileURLToPath(new URL('../../../packages/solver/bench/instances/l1.json', import.meta.url));
const l1 = JSON.parse(readFileSync(instancePath, 'utf8')) as {
  environment: { name: string; dimensions: unknown; elements: unknown; graph: unknown };
  tasks: [string, string][];
  params: Record<string, unknown>;
};

const workspace = createBenchWorkspace('sweep', { REDIS_URL: '' });
const database = await openDatabase(workspace.config);
const queue = await createSolveQueue({ config: { redisUrl: undefined, databaseUrl: undefined }, db: database.db, logger: silentJobLogger });
const app = await buildApp({ config: workspace.config, db: database.db, mailer: workspace.mailer, solveQueue: queue });

const call: BenchApiCall = async <T = any>(method: 'GET' | 'POST', url: string, body?: unknown, token?: string): Promise<T> => {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object | undefined,
  });
  if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : null) as T;
};

try {
  const token = await workspace.signUp(call, 'sweep');

  const environment = await call('POST', '/environments', { ...l1.environment, name: 'l1', description: 'benchmark' }, token);
  const scenario = await call('POST', '/scenarios', { name: 'l1 scenario', environment_id: environment.id, parameters: {} }, token);
  const [task] = await call(
    'POST',
    '/tasks/batch',
    [{ name: 'l1 orders', task_type: 'pickup_delivery', scenario_id: scenario.id, details: { tasks: l1.tasks, priority: 1 } }],
    token,
  );
  const { algorithm_type: _ignored, ...params } = l1.params;

  const started = performance.now();
  const created = await call<ExperimentRecord>(
    'POST',
    '/experiments',
    {
      name: 'l1 fleet sweep',
      kind: 'fleet_sweep',
      scenario_id: scenario.id,
      task_id: task.id,
      algorithm: 'makespan',
      robot_counts: ROBOT_COUNTS,
      parameters: { ...params, time_limit: TIME_LIMIT_S },
    },
    token,
  );
  // Every point went through SolvesService.create, which enqueued it on the embedded queue.
  let experiment = created;
  while (experiment.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    experiment = await call<ExperimentRecord>('GET', `/experiments/${created.id}`, undefined, token);
  }
  const wallS = (performance.now() - started) / 1000;
  const budgetS = ROBOT_COUNTS.length * TIME_LIMIT_S;

  console.log(
    `machine: ${os.availableParallelism()} cores, load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')}; ` +
      `l1: ${l1.tasks.length} pairs, ${(l1.environment.elements as { robots: unknown[] }).robots.length} robots`,
  );
  console.log('robots  status     makespan_s  lower_bound_s  gap     runtime_ms  robots in results');
  for (const point of experiment.points) {
    const solve = await call('GET', `/solves/${point.solve_id}`, undefined, token);
    const robotsInResults = solve.results ? Object.keys(solve.results).filter((key) => key !== 'error').length : 0;
    const stats = point.stats;
    console.log(
      `${String(point.robot_count).padStart(6)}  ${point.status.padEnd(9)}  ${String(stats?.makespan_s?.toFixed(1) ?? '-').padStart(10)}  ` +
        `${String(stats?.lower_bound_s?.toFixed(1) ?? '-').padStart(13)}  ${String(stats?.gap?.toFixed(3) ?? '-').padEnd(6)}  ` +
        `${String(stats?.runtime_ms ?? '-').padStart(10)}  ${robotsInResults}${point.error ? `  error: ${point.error}` : ''}`,
    );
  }
  console.log(`experiment ${experiment.status}: ${experiment.progress.completed} completed, ${experiment.progress.failed} failed`);
  console.log(
    `wall time ${wallS.toFixed(1)} s vs sum of time limits ${budgetS} s: ${(wallS / budgetS).toFixed(2)}x ` +
      `(target <= ${TARGET_RATIO}x = ${budgetS * TARGET_RATIO} s): ${wallS <= budgetS * TARGET_RATIO ? 'met' : 'NOT met'}`,
  );
} finally {
  await app.close();
  await queue.close();
  await database.close();
  workspace.dispose();
}
