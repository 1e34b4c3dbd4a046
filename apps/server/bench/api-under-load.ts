/**
 * Figures of the API under load. Three processes: the server (`src/main.ts` as `npm start` runs
 * it: embedded PGlite and solve threads, or PostgreSQL with --database-url), the load generator
 * (http-load-generator.ts) and this driver, which only sets up and prints.
 *
 *   npx tsx apps/server/bench/api-under-load.ts [--solve d5k] [--clients 20,100] [--duration 10]
 *     [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *
 * 1. GET /api/v1/environments (a colleague's list of one s1 warehouse) for --duration seconds at
 *    each --clients count, first with the server idle, then while a `makespan` solve of --solve (a
 *    generated day of packages/solver/bench/generated-instances.ts) runs.
 * 2. GET /api/v1/solves/{id} of a finished xl1 solve (plan and execution) at 20 clients with
 *    `Accept-Encoding: br` as a browser sends it: fresh reads, then revalidations with If-None-Match.
 *
 * Each line gives the requests, the answers by status, timeouts (no answer within 10 s), and
 * latency percentiles over every request; clients wait out a Retry-After as the web app does.
 * With --database-url the server gets a scratch database of its own, dropped afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generatedInstance } from '../../../packages/solver/bench/generated-instances.ts';
import { createScratchPostgres, type ScratchPostgres } from '../test/support/test-database.ts';
import { httpApiCall } from './bench-workspace.ts';
import { runLoadGenerator, type LoadReport } from './http-load-generator.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { values: flags } = parseArgs({
  options: {
    solve: { type: 'string', default: 'd5k' },
    clients: { type: 'string', default: '20,100' },
    duration: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
  },
});
const clientCounts = flags.clients.split(',').map(Number);
const durationMs = Number(flags.duration) * 1000;
const SOLVE_READ_CLIENTS = 20;
const TARGETS = { environmentsP99Ms: { 20: 100, 100: 300 } as Record<number, number>, finishedSolveP99Ms: 50 };

interface Instance {
  environment: { name: string; dimensions: unknown; elements: unknown; graph: unknown };
  tasks: [string, string][];
}
const readInstance = (id: string) =>
  JSON.parse(readFileSync(path.join(repoRoot, `packages/solver/bench/instances/${id}.json`), 'utf8')) as Instance;

/** The server as `npm start` runs it, in a process of its own; resolves with its origin once it listens. */
function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; origin: string; codes: Map<string, string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const codes = new Map<string, string>();
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const code = /verification code for (\S+): (\d{6})/.exec(line);
        if (code) codes.set(code[1], code[2]);
        const listening = /Fleetlab is running at http:\/\/localhost:(\d+)/.exec(line);
        if (listening) resolve({ child, origin: `http://127.0.0.1:${listening[1]}`, codes });
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited with code ${code} before listening`)));
  });
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function line(label: string, report: LoadReport, targetMs?: number): string {
  const statuses = Object.entries(report.statuses)
    .map(([status, count]) => `${status}:${count}`)
    .join(' ');
  const target =
    targetMs === undefined ? '' : `  (target p99 < ${targetMs} ms: ${report.p99Ms < targetMs ? 'met' : 'NOT met'})`;
  return (
    `  ${label.padEnd(34)} ${String(report.requests).padStart(6)} requests [${statuses}] timeouts ${report.timeouts} ` +
    `neterr ${report.networkErrors}  ${report.requestsPerSecond} req/s  p50 ${report.p50Ms} p95 ${report.p95Ms} p99 ${report.p99Ms} max ${report.maxMs} ms` +
    target
  );
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetlab-load-'));
const webDir = mkdtempSync(path.join(os.tmpdir(), 'fleetlab-load-web-'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Fleetlab</title>');
let scratch: ScratchPostgres | null = null;
if (flags['database-url']) scratch = await createScratchPostgres(flags['database-url'], 'fleetlab_bench');
const server = await startServer({
  DATA_DIR: dataDir,
  WEB_DIST_DIR: webDir,
  ...(scratch ? { DATABASE_URL: scratch.url } : {}),
});
const base = `${server.origin}/api/v1`;
const call = httpApiCall(base);

async function signUp(label: string): Promise<string> {
  const email = `${label}${Date.now()}@example.com`;
  const password = 'bench password 123';
  await call('POST', '/auth/register', { email, username: `${label}${Date.now()}`, password });
  for (let tries = 0; !server.codes.has(email); tries++) {
    if (tries > 100) throw new Error(`no verification code for ${email} in the server log`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await call('POST', '/auth/verify-email', { email, code: server.codes.get(email) });
  return (await call<{ access_token: string }>('POST', '/auth/login', { username: email, password })).access_token;
}

/** Stores the instance's environment, a scenario and one task of all its pairs; returns their ids. */
async function storeInstance(token: string, name: string, instance: Instance) {
  const environment = await call(
    'POST',
    '/environments',
    { ...instance.environment, name, description: 'api-under-load' },
    token,
  );
  const scenario = await call(
    'POST',
    '/scenarios',
    { name: `${name} scenario`, environment_id: environment.id, parameters: {} },
    token,
  );
  const [task] = await call(
    'POST',
    '/tasks/batch',
    [
      {
        name: `${name} orders`,
        task_type: 'pickup_delivery',
        scenario_id: scenario.id,
        details: { tasks: instance.tasks, priority: 1 },
      },
    ],
    token,
  );
  return { environment_id: environment.id, scenario_id: scenario.id, task_id: task.id };
}

async function waitForStatus(token: string, solveId: number, done: (status: string) => boolean): Promise<any> {
  for (;;) {
    const solve = await call('GET', `/solves/${solveId}`, undefined, token);
    if (done(solve.status)) return solve;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

try {
  const planner = await signUp('planner');
  const colleague = await signUp('colleague');
  await call(
    'POST',
    '/environments',
    { ...readInstance('s1').environment, name: 's1', description: 'small warehouse' },
    colleague,
  );
  const listLoad = {
    url: `${base}/environments`,
    headers: { authorization: `Bearer ${colleague}`, 'accept-encoding': 'gzip, deflate, br' },
  };
  const listBytes = (await fetch(listLoad.url, { headers: listLoad.headers }).then((answer) => answer.text())).length;
  console.log(
    `api-under-load: ${os.availableParallelism()} cores, ${scratch ? 'PostgreSQL' : 'embedded PGlite'}, server, load generator and driver in separate processes; load average ${loadAverage()}`,
  );
  console.log(
    `GET /api/v1/environments (one s1 warehouse, ${(listBytes / 1024).toFixed(1)} KiB), ${durationMs / 1000} s per line`,
  );
  await runLoadGenerator({ ...listLoad, concurrency: 4, durationMs: 1000 }); // warm-up, not measured
  for (const concurrency of clientCounts) {
    console.log(
      line(`idle server, ${concurrency} clients`, await runLoadGenerator({ ...listLoad, concurrency, durationMs })),
    );
  }

  const instance = generatedInstance(flags.solve);
  if (!instance) throw new Error(`Unknown generated instance ${flags.solve}`);
  const dayIds = await storeInstance(planner, flags.solve, instance as unknown as Instance);
  const running = await call(
    'POST',
    '/solves',
    { name: `${flags.solve} makespan`, ...dayIds, algorithm_id: 6, parameters: { time_limit: 600 } },
    planner,
  );
  await waitForStatus(planner, running.id, (status) => status !== 'pending');
  console.log(
    `during a makespan solve of ${flags.solve} (${instance.tasks.length} orders, ${instance.environment.elements.robots.length} robots); load average ${loadAverage()}`,
  );
  for (const concurrency of clientCounts) {
    const report = await runLoadGenerator({ ...listLoad, concurrency, durationMs });
    console.log(line(`during the solve, ${concurrency} clients`, report, TARGETS.environmentsP99Ms[concurrency]));
  }
  const stillRunning = (await call('GET', `/solves/${running.id}`, undefined, planner)).status;
  await call('DELETE', `/solves/${running.id}`, undefined, planner);
  console.log(`  (the solve was ${stillRunning} throughout the measurement; deleted afterwards)`);

  const xl1Ids = await storeInstance(planner, 'xl1', readInstance('xl1'));
  const finished = await call('POST', '/solves', { name: 'xl1 greedy', ...xl1Ids, algorithm_id: 1 }, planner);
  const solve = await waitForStatus(planner, finished.id, (status) => status === 'completed' || status === 'failed');
  if (solve.status !== 'completed') throw new Error(`the xl1 solve ${solve.status}: ${JSON.stringify(solve.results)}`);
  const solveLoad = {
    url: `${base}/solves/${solve.id}`,
    headers: { authorization: `Bearer ${planner}`, 'accept-encoding': 'gzip, deflate, br' },
    concurrency: SOLVE_READ_CLIENTS,
  };
  const plainBytes = (
    await fetch(solveLoad.url, { headers: { authorization: `Bearer ${planner}` } }).then((answer) => answer.text())
  ).length;
  console.log(
    `GET /api/v1/solves/{id} of a finished xl1 solve with its execution (${(plainBytes / 1e6).toFixed(2)} MB of JSON), ${SOLVE_READ_CLIENTS} clients; load average ${loadAverage()}`,
  );
  await runLoadGenerator({ ...solveLoad, concurrency: 2, durationMs: 1000 }); // warm-up, not measured
  const fresh = await runLoadGenerator({ ...solveLoad, durationMs });
  console.log(
    line('fresh reads (br)', fresh, TARGETS.finishedSolveP99Ms) +
      `  ${(fresh.bodyBytes200 / 1e6).toFixed(2)} MB per 200`,
  );
  const revalidated = await runLoadGenerator({ ...solveLoad, durationMs, revalidate: true });
  console.log(
    line('revalidations (If-None-Match)', revalidated, TARGETS.finishedSolveP99Ms) +
      `  largest 304 body ${revalidated.maxBodyBytes304} bytes`,
  );
} finally {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  await scratch?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDir, { recursive: true, force: true });
}
