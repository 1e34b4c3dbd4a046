/**
 * A fleet sweep through the real server, as a planner runs it: the instance's environment, a
 * scenario and its task are created through the API, the experiment is posted and polled like
 * the results page until it is no longer running. Builds the real app on an on-disk PGlite with
 * the embedded solve queue (SOLVE_THREADS worker threads; default cores - 1).
 *
 * Prints, per point, the planned and the executed makespan (every robot on the shared floor at
 * once), free flow, waiting and deliveries per hour; the knee of each curve (the warehouse's
 * `findKnee`); and the wall time against the sum of the time limits divided by the threads
 * (target <= 1.2x).
 *
 *   npx tsx apps/server/bench/experiment-sweep.ts [--instance l1] [--counts 2,4,...] [--time-limit 5] [--algorithm makespan] [--traffic-policy pibt]
 *
 * `--instance` takes a file of packages/solver/bench/instances (s1 ... xl1) or a generated
 * benchmark instance (t1, t2, d5k, d20k); `--counts` defaults to ten fleet sizes up to the whole fleet;
 * `--traffic-policy` executes every point with that movement policy (default: the product's), so
 * the executed curve and its knee can be compared policy against policy.
 */
import os from 'node:os';
import {
  DEFAULT_KNEE_RULE,
  findKnee,
  type ExperimentRecord,
  type KneeFinding,
  type KneeRule,
} from '@fleetlab/warehouse';
import { loadBenchInstance } from '../../../packages/solver/bench/generated-instances.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { createSolveQueue } from '../src/jobs/create-solve-queue.ts';
import { loadQueueSettings } from '../src/jobs/queue-settings.ts';
import { silentJobLogger } from '../src/jobs/job-logger.ts';
import { createBenchWorkspace, type BenchApiCall } from './bench-workspace.ts';

const TARGET_RATIO = 1.2;
const POLL_MS = 100;

interface Instance {
  environment: { name: string; dimensions: unknown; elements: { robots: unknown[] }; graph: unknown };
  tasks: [string, string][];
  params: Record<string, unknown>;
}

function parseFlags(argv: string[]) {
  const flags = {
    instance: 'l1',
    counts: [] as number[],
    timeLimitS: 5,
    algorithm: 'makespan',
    trafficPolicy: undefined as string | undefined,
  };
  for (let k = 0; k < argv.length; k++) {
    if (argv[k] === '--instance') flags.instance = argv[++k];
    else if (argv[k] === '--counts') flags.counts = argv[++k].split(',').map(Number);
    else if (argv[k] === '--time-limit') flags.timeLimitS = Number(argv[++k]);
    else if (argv[k] === '--algorithm') flags.algorithm = argv[++k];
    else if (argv[k] === '--traffic-policy') flags.trafficPolicy = argv[++k];
    else
      throw new Error(
        `Unknown flag ${argv[k]}; flags: --instance ID, --counts a,b,..., --time-limit S, --algorithm NAME, --traffic-policy NAME`,
      );
  }
  if (!(flags.timeLimitS > 0)) throw new Error('--time-limit needs a positive number of seconds');
  if (flags.counts.some((count) => !Number.isInteger(count) || count < 1))
    throw new Error('--counts needs whole numbers >= 1');
  return flags;
}

const flags = parseFlags(process.argv.slice(2));
const instance = loadBenchInstance(flags.instance) as unknown as Instance;
const fleet = instance.environment.elements.robots.length;
const counts =
  flags.counts.length > 0
    ? flags.counts
    : Array.from({ length: 10 }, (_, k) => Math.max(1, Math.round(((k + 1) * fleet) / 10)));

const workspace = createBenchWorkspace('sweep', { REDIS_URL: '' });
const threads = loadQueueSettings().threads;
const database = await openDatabase(workspace.config);
const queue = await createSolveQueue({
  config: { redisUrl: undefined, databaseUrl: undefined },
  db: database.db,
  logger: silentJobLogger,
});
const app = await buildApp({ config: workspace.config, db: database.db, mailer: workspace.mailer, solveQueue: queue });

const call: BenchApiCall = async <T = any>(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> => {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object | undefined,
  });
  if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : null) as T;
};

const figure = (value: number | null | undefined, digits = 1) =>
  typeof value === 'number' ? value.toFixed(digits) : '-';

try {
  const token = await workspace.signUp(call, 'sweep');
  const environment = await call(
    'POST',
    '/environments',
    { ...instance.environment, name: flags.instance, description: 'benchmark' },
    token,
  );
  const scenario = await call(
    'POST',
    '/scenarios',
    { name: `${flags.instance} scenario`, environment_id: environment.id, parameters: {} },
    token,
  );
  const [task] = await call(
    'POST',
    '/tasks/batch',
    [
      {
        name: `${flags.instance} orders`,
        task_type: 'pickup_delivery',
        scenario_id: scenario.id,
        details: { tasks: instance.tasks, priority: 1 },
      },
    ],
    token,
  );
  const { algorithm_type: _ignored, ...params } = instance.params;

  const started = performance.now();
  const created = await call<ExperimentRecord>(
    'POST',
    '/experiments',
    {
      name: `${flags.instance} fleet sweep`,
      kind: 'fleet_sweep',
      scenario_id: scenario.id,
      task_id: task.id,
      algorithm: flags.algorithm,
      robot_counts: counts,
      parameters: {
        ...params,
        time_limit: flags.timeLimitS,
        ...(flags.trafficPolicy ? { traffic_policy: flags.trafficPolicy } : {}),
      },
    },
    token,
  );
  let experiment = created;
  while (experiment.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    experiment = await call<ExperimentRecord>('GET', `/experiments/${created.id}`, undefined, token);
  }
  const wallS = (performance.now() - started) / 1000;
  const budgetS = (counts.length * flags.timeLimitS) / threads;

  console.log(
    `machine: ${os.availableParallelism()} cores, ${threads} solve thread(s), load average ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}; ` +
      `${flags.instance}: ${instance.tasks.length} pairs, ${fleet} robots; ${flags.algorithm} at ${flags.timeLimitS} s per point; traffic policy ${flags.trafficPolicy ?? 'default'}`,
  );
  console.log(
    'robots  status     planned_s  executed_s  free_flow_s  delay   waiting_s  plan_per_h  exec_per_h  bound_s  runtime_ms',
  );
  for (const point of experiment.points) {
    const stats = point.stats;
    const delay =
      stats?.executed_makespan_s && stats.makespan_s
        ? `${((stats.executed_makespan_s / stats.makespan_s - 1) * 100).toFixed(1)}%`
        : '-';
    const plannedPerHour = stats?.makespan_s ? (stats.deliveries * 3600) / stats.makespan_s : null;
    console.log(
      [
        String(point.robot_count).padStart(6),
        point.status.padEnd(9),
        figure(stats?.makespan_s).padStart(10),
        figure(stats?.executed_makespan_s).padStart(10),
        figure(stats?.free_flow_makespan_s).padStart(11),
        delay.padStart(6),
        figure(stats?.waiting_s, 0).padStart(10),
        figure(plannedPerHour).padStart(10),
        figure(stats?.throughput_per_h).padStart(10),
        figure(stats?.lower_bound_s).padStart(8),
        String(stats?.runtime_ms ?? '-').padStart(10),
      ].join('  ') + (point.error ? `  error: ${point.error}` : ''),
    );
  }
  // The knee by the default rule (diminishing returns) and by the experiment's 'within X% of the best'.
  const rules: [string, KneeRule][] = [
    [`one more robot gains under ${DEFAULT_KNEE_RULE.min_gain * 100}% of the makespan`, DEFAULT_KNEE_RULE],
    [
      `smallest fleet within ${(experiment.knee_tolerance * 100).toFixed(0)}% of the best makespan`,
      { rule: 'within_best', tolerance: experiment.knee_tolerance },
    ],
  ];
  const kneeText = (finding: KneeFinding<{ robotCount: number; makespan: number | null | undefined }>) => {
    if (finding.status === 'no_points' || finding.status === 'target_not_met') return '-';
    const text = `${finding.point.robotCount} robots (${figure(finding.point.makespan)} s)`;
    return finding.status === 'largest_tested' ? `${text}, the largest fleet tested` : text;
  };
  for (const [label, rule] of rules) {
    const planned = findKnee(
      experiment.points.map((point) => ({ robotCount: point.robot_count ?? fleet, makespan: point.stats?.makespan_s })),
      rule,
    );
    const executed = findKnee(
      experiment.points.map((point) => ({
        robotCount: point.robot_count ?? fleet,
        makespan: point.stats?.executed_makespan_s,
      })),
      rule,
    );
    console.log(`knee (${label}): planned ${kneeText(planned)}, executed ${kneeText(executed)}`);
  }
  console.log(
    `experiment ${experiment.status}: ${experiment.progress.completed} completed, ${experiment.progress.failed} failed`,
  );
  console.log(
    `wall time ${wallS.toFixed(1)} s vs the time limits over the threads ${budgetS.toFixed(1)} s: ${(wallS / budgetS).toFixed(2)}x ` +
      `(target <= ${TARGET_RATIO}x = ${(budgetS * TARGET_RATIO).toFixed(1)} s): ${wallS <= budgetS * TARGET_RATIO ? 'met' : 'NOT met'}`,
  );
} finally {
  await app.close();
  await queue.close();
  await database.close();
  workspace.dispose();
}
