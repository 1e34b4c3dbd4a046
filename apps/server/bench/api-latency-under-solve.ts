/**
 * Figure: GET /api/v1/environments latency on loopback while a 10 s `makespan` solve of xl1 runs
 * in the embedded mode (target p99 < 100 ms). Builds the real app on an on-disk PGlite with the
 * embedded queue, signs up through the API, creates the xl1 environment, a scenario and a task,
 * measures a baseline, then starts the solve and measures again while it runs.
 *
 * Run from the repository root: npx tsx apps/server/bench/api-latency-under-solve.ts
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { EmbeddedSolveQueue } from '../src/jobs/embedded-solve-queue.ts';
import { silentJobLogger } from '../src/jobs/job-logger.ts';
import { createBenchWorkspace, httpApiCall } from './bench-workspace.ts';
import { runLoadGenerator, type LoadReport } from './http-load-generator.ts';

const SOLVE_SECONDS = 10;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const WARM_UP_MS = 1000;
const BASELINE_MS = 3000;

const instancePath = fileURLToPath(new URL('../../../packages/solver/bench/instances/xl1.json', import.meta.url));
interface Instance {
  environment: { name: string; dimensions: unknown; elements: unknown; graph: unknown };
  tasks: [string, string][];
}
const xl1 = JSON.parse(readFileSync(instancePath, 'utf8')) as Instance;
const s1 = JSON.parse(readFileSync(instancePath.replace('xl1.json', 's1.json'), 'utf8')) as Instance;

const workspace = createBenchWorkspace('bench', { PORT: '0', HOST: '127.0.0.1' });
const database = await openDatabase(workspace.config);
const queue = await EmbeddedSolveQueue.start({ db: database.db, logger: silentJobLogger });
const app = await buildApp({ config: workspace.config, db: database.db, mailer: workspace.mailer });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;

const call = httpApiCall(base);

function line(label: string, report: LoadReport): string {
  return `${label.padEnd(22)} requests ${String(report.requests).padStart(6)}  errors ${report.errors}  ${String(report.requestsPerSecond).padStart(7)} req/s  p50 ${report.p50Ms} ms  p95 ${report.p95Ms} ms  p99 ${report.p99Ms} ms  max ${report.maxMs} ms`;
}

async function solveUntilDone(solveId: number, token: string): Promise<any> {
  for (;;) {
    const current = await call('GET', `/solves/${solveId}`, undefined, token);
    if (current.status === 'completed' || current.status === 'failed') return current;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Baseline, then the same load while a SOLVE_SECONDS makespan solve of xl1 runs. */
async function measure(planner: string, reader: string, ids: { environmentId: number; scenarioId: number; taskId: number }) {
  const load = { url: `${base}/environments`, headers: { authorization: `Bearer ${reader}` }, concurrency: CONCURRENCY };
  const listBytes = (await fetch(load.url, { headers: load.headers }).then((r) => r.text())).length;
  await runLoadGenerator({ ...load, durationMs: WARM_UP_MS }); // JIT and caches warm, not measured
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const baseline = await runLoadGenerator({ ...load, durationMs: BASELINE_MS });
  const baselineLoopP99Ms = loopDelay.percentile(99) / 1e6;
  loopDelay.reset();
  const solve = await call(
    'POST',
    '/solves',
    {
      name: 'xl1 makespan',
      description: '',
      environment_id: ids.environmentId,
      scenario_id: ids.scenarioId,
      task_id: ids.taskId,
      algorithm_id: 6,
      parameters: { time_limit: SOLVE_SECONDS },
    },
    planner,
  );
  // What the wired POST /solves does right after storing; idempotent if it already did.
  await queue.enqueue(solve.id);
  while ((await call('GET', `/solves/${solve.id}`, undefined, planner)).status === 'pending') {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const duringSolve = await runLoadGenerator({ ...load, durationMs: SOLVE_SECONDS * 1000 });
  const duringLoopP99Ms = loopDelay.percentile(99) / 1e6;
  loopDelay.disable();
  const finished = await solveUntilDone(solve.id, planner);
  return { listBytes, baseline, duringSolve, finished, baselineLoopP99Ms, duringLoopP99Ms };
}

try {
  const planner = await workspace.signUp(call, 'planner');
  const environment = await call('POST', '/environments', { ...xl1.environment, name: 'xl1', description: 'benchmark' }, planner);
  const scenario = await call('POST', '/scenarios', { name: 'xl1 scenario', description: '', environment_id: environment.id, parameters: {} }, planner);
  const [task] = await call(
    'POST',
    '/tasks/batch',
    [{ name: 'xl1 task', description: '', task_type: 'pickup_delivery', scenario_id: scenario.id, details: { tasks: xl1.tasks, priority: 1 } }],
    planner,
  );
  const ids = { environmentId: environment.id, scenarioId: scenario.id, taskId: task.id };
  // A second planner whose list holds one s1-sized warehouse: the list call without xl1's 2 MB graph.
  const colleague = await workspace.signUp(call, 'colleague');
  await call('POST', '/environments', { ...s1.environment, name: 's1', description: 'small warehouse' }, colleague);

  console.log(`machine: ${os.availableParallelism()} cores; embedded queue with ${queue.threads} solve thread(s); load: ${CONCURRENCY} concurrent loopback clients in a separate process; load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')}`);
  for (const [label, reader] of [
    ['list of one s1 environment', colleague],
    ['list of the xl1 environment', planner],
  ] as const) {
    const result = await measure(planner, reader, ids);
    const stats = result.finished.stats ?? {};
    console.log(`GET /api/v1/environments, ${label} (${(result.listBytes / 1024).toFixed(1)} KiB per response)`);
    console.log(`  ${line('baseline (no solve)', result.baseline)}`);
    console.log(`  ${line(`during ${SOLVE_SECONDS} s makespan`, result.duringSolve)}`);
    console.log(
      `  solve ${result.finished.status}: ${xl1.tasks.length} pairs, makespan ${stats.makespan_s} s, gap ${stats.gap}, solver runtime ${stats.runtime_ms} ms`,
    );
    console.log(
      `  server event-loop delay p99: ${result.baselineLoopP99Ms.toFixed(1)} ms baseline, ${result.duringLoopP99Ms.toFixed(1)} ms during the solve`,
    );
    console.log(`  p99 during the solve: ${result.duringSolve.p99Ms} ms (target < 100 ms): ${result.duringSolve.p99Ms < 100 ? 'met' : 'NOT met'}`);
  }
} finally {
  await app.close();
  await queue.close();
  await database.close();
  workspace.dispose();
}
