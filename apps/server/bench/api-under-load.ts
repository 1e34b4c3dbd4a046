/**
 * Figures of the API under load. Three processes: the server (`src/main.ts` as `npm start` runs
 * it: embedded PGlite and solve threads, or PostgreSQL with --database-url), the load generator
 * (http-load-generator.ts) and this driver, which only sets up and prints.
 *
 *   npx tsx apps/server/bench/api-under-load.ts [--solve d5k] [--clients 100] [--rate 2] [--duration 10]
 *     [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--cpu-prof DIR]
 *
 * A planner has the xl1 layout and the 200-robot layout of --solve stored (a list of about
 * 100 KB), a finished xl1 solve, and a `makespan` solve of --solve (a generated day of
 * packages/solver/bench/generated-instances.ts: 200 robots, 5,000 orders) running. During that
 * solve, every request with `Accept-Encoding: gzip, deflate, br` as a browser sends it:
 * 1. --clients clients each sending --rate requests a second (200/s offered at 100 x 2), going
 *    round the reads of a page load: GET /auth/me, /environments, /scenarios, /solves. Targets: no
 *    503, no timeout, p99 < 300 ms.
 * 2. The same clients flat out: no timeout, no 5xx but 503, at least as many 200s a second as paced.
 * 3. GET /solves/{id} of the finished xl1 solve (plan and execution) at 20 clients: fresh reads,
 *    then revalidations with If-None-Match. Target p99 < 50 ms.
 *
 * Each line gives the requests, the answers by status, timeouts (no answer within 10 s), 200s a
 * second and latency percentiles over every request; clients wait out a Retry-After as the web
 * app does. With --database-url the server gets a scratch database of its own, dropped afterwards.
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
import { runLoadGenerator, type LoadOptions, type LoadReport } from './http-load-generator.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { values: flags } = parseArgs({
  options: {
    solve: { type: 'string', default: 'd5k' },
    clients: { type: 'string', default: '100' },
    rate: { type: 'string', default: '2' },
    duration: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
    /** A folder: the server runs with `--cpu-prof` and writes its CPU profiles (one per thread) there on exit. */
    'cpu-prof': { type: 'string' },
  },
});
const clients = Number(flags.clients);
const ratePerClient = Number(flags.rate);
const durationMs = Number(flags.duration) * 1000;
const SOLVE_READ_CLIENTS = 20;
const TARGETS = { pacedP99Ms: 300, finishedSolveP99Ms: 50 };

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
  const monitor = path.join(repoRoot, 'apps/server/bench/event-loop-monitor.mjs');
  const main = path.join(repoRoot, 'apps/server/src/main.ts');
  const profiling = flags['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(flags['cpu-prof'])}`] : [];
  const child = spawn(process.execPath, [...profiling, '--import', monitor, '--import', 'tsx', main], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
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

/** p99 per path, when a line went round several. */
function perPath(report: LoadReport): string {
  const paths = Object.entries(report.byPath);
  if (paths.length < 2) return '';
  return `\n    p99 by path: ${paths.map(([path, { requests, p99Ms }]) => `${path.replace('/api/v1', '')} ${p99Ms} ms (${requests})`).join(', ')}`;
}

/** The server's event loop over one line, as event-loop-monitor.mjs measures it in the server process. */
interface EventLoopWindow {
  delayP50Ms: number;
  delayP99Ms: number;
  delayMaxMs: number;
  /** Share of the window the event loop was running code, 0..1. */
  utilisation: number;
}

function loopFigures(loop: EventLoopWindow): string {
  return `\n    server event loop: busy ${(loop.utilisation * 100).toFixed(0)}%, timers late p50 ${loop.delayP50Ms} p99 ${loop.delayP99Ms} max ${loop.delayMaxMs} ms`;
}

function line(label: string, report: LoadReport, targetMs?: number): string {
  const statuses = Object.entries(report.statuses)
    .map(([status, count]) => `${status}:${count}`)
    .join(' ');
  const target =
    targetMs === undefined ? '' : `  (target p99 < ${targetMs} ms: ${report.p99Ms < targetMs ? 'met' : 'NOT met'})`;
  return (
    `  ${label.padEnd(34)} ${String(report.requests).padStart(6)} requests [${statuses}] timeouts ${report.timeouts} ` +
    `neterr ${report.networkErrors}  ${report.requestsPerSecond} req/s (${report.okPerSecond} 200s/s)  p50 ${report.p50Ms} p95 ${report.p95Ms} p99 ${report.p99Ms} max ${report.maxMs} ms` +
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

/** Runs one measured line with the server's event loop measured over the same seconds. */
async function measured(run: LoadOptions): Promise<LoadReport & { loop: EventLoopWindow }> {
  server.child.send('loop-reset');
  const report = await runLoadGenerator(run);
  const loop = await new Promise<EventLoopWindow>((resolve) => {
    const onMessage = (message: { kind?: string; window?: EventLoopWindow }) => {
      if (message.kind !== 'loop-window' || !message.window) return;
      server.child.off('message', onMessage);
      resolve(message.window);
    };
    server.child.on('message', onMessage);
    server.child.send('loop-read');
  });
  return { ...report, loop };
}
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
  const authorised = { authorization: `Bearer ${planner}`, 'accept-encoding': 'gzip, deflate, br' };
  const instance = generatedInstance(flags.solve);
  if (!instance) throw new Error(`Unknown generated instance ${flags.solve}`);
  const xl1Ids = await storeInstance(planner, 'xl1', readInstance('xl1'));
  const dayIds = await storeInstance(planner, flags.solve, instance as unknown as Instance);
  const finished = await call('POST', '/solves', { name: 'xl1 greedy', ...xl1Ids, algorithm_id: 1 }, planner);
  const solve = await waitForStatus(planner, finished.id, (status) => status === 'completed' || status === 'failed');
  if (solve.status !== 'completed') throw new Error(`the xl1 solve ${solve.status}: ${JSON.stringify(solve.results)}`);

  const pageReads = ['/auth/me', '/environments', '/scenarios', '/solves'].map((url) => `${base}${url}`);
  const listBytes = (
    await fetch(`${base}/environments`, { headers: { authorization: authorised.authorization } }).then((answer) =>
      answer.text(),
    )
  ).length;
  console.log(
    `api-under-load: ${os.availableParallelism()} cores, ${scratch ? 'PostgreSQL' : 'embedded PGlite'}, server, load generator and driver in separate processes; load average ${loadAverage()}`,
  );
  await runLoadGenerator({ urls: pageReads, headers: authorised, concurrency: 4, durationMs: 1000 }); // warm-up

  const running = await call(
    'POST',
    '/solves',
    { name: `${flags.solve} makespan`, ...dayIds, algorithm_id: 6, parameters: { time_limit: 600 } },
    planner,
  );
  await waitForStatus(planner, running.id, (status) => status !== 'pending');
  console.log(
    `during a makespan solve of ${flags.solve} (${instance.tasks.length} orders, ${instance.environment.elements.robots.length} robots), ` +
      `GET /auth/me, /environments (${(listBytes / 1024).toFixed(1)} KiB: xl1 and ${flags.solve}), /scenarios, /solves in turn, ` +
      `${durationMs / 1000} s per line; load average ${loadAverage()}`,
  );
  // Twice: the solve's first seconds (the server reads and checks its layout and hands it to the
  // solve thread) and the seconds after, when only its progress is written.
  let paced: LoadReport | null = null;
  for (const window of ["the solve's first", 'the next']) {
    const report = await measured({
      urls: pageReads,
      headers: authorised,
      concurrency: clients,
      durationMs,
      ratePerClient,
    });
    const met =
      (report.statuses[503] ?? 0) === 0 && report.timeouts === 0 && report.p99Ms < TARGETS.pacedP99Ms
        ? 'met'
        : 'NOT met';
    console.log(
      line(`${clients} x ${ratePerClient} req/s, ${window} ${durationMs / 1000} s`, report) +
        `  (targets 0 refused, 0 timeouts, p99 < ${TARGETS.pacedP99Ms} ms: ${met}; load average ${loadAverage()})${perPath(report)}${loopFigures(report.loop)}`,
    );
    if (!paced || report.okPerSecond > paced.okPerSecond) paced = report;
  }
  if (!paced) throw new Error('no paced run');
  const flat = await measured({ urls: pageReads, headers: authorised, concurrency: clients, durationMs });
  const otherErrors = Object.keys(flat.statuses).filter((status) => Number(status) >= 500 && status !== '503');
  const flatMet =
    flat.timeouts === 0 && otherErrors.length === 0 && flat.okPerSecond >= paced.okPerSecond ? 'met' : 'NOT met';
  console.log(
    line(`${clients} clients flat out`, flat) +
      `  (targets 0 timeouts, no 5xx but 503, 200s/s >= paced ${paced.okPerSecond}: ${flatMet}; load average ${loadAverage()})${perPath(flat)}${loopFigures(flat.loop)}`,
  );

  const solveLoad = {
    urls: [`${base}/solves/${solve.id}`],
    headers: authorised,
    concurrency: SOLVE_READ_CLIENTS,
  };
  const plainBytes = (
    await fetch(solveLoad.urls[0], { headers: { authorization: authorised.authorization } }).then((answer) =>
      answer.text(),
    )
  ).length;
  console.log(
    `GET /api/v1/solves/{id} of the finished xl1 solve with its execution (${(plainBytes / 1e6).toFixed(2)} MB of JSON), ${SOLVE_READ_CLIENTS} clients, during the solve; load average ${loadAverage()}`,
  );
  await runLoadGenerator({ ...solveLoad, concurrency: 2, durationMs: 1000 }); // warm-up, not measured
  const fresh = await measured({ ...solveLoad, durationMs });
  console.log(
    line('fresh reads (br)', fresh, TARGETS.finishedSolveP99Ms) +
      `  ${(fresh.bodyBytes200 / 1e6).toFixed(2)} MB per 200; load average ${loadAverage()}${loopFigures(fresh.loop)}`,
  );
  const revalidated = await measured({ ...solveLoad, durationMs, revalidate: true });
  console.log(
    line('revalidations (If-None-Match)', revalidated, TARGETS.finishedSolveP99Ms) +
      `  largest 304 body ${revalidated.maxBodyBytes304} bytes; load average ${loadAverage()}${loopFigures(revalidated.loop)}`,
  );
  const stillRunning = (await call('GET', `/solves/${running.id}`, undefined, planner)).status;
  await call('DELETE', `/solves/${running.id}`, undefined, planner);
  console.log(
    `  (the ${flags.solve} solve was ${stillRunning} throughout the measurement; deleted afterwards; load average ${loadAverage()})`,
  );
} finally {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  await scratch?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDir, { recursive: true, force: true });
}
