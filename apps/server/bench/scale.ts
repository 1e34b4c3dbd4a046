/**
 * The whole product at a day's scale, for the generated benchmark days of
 * packages/solver/bench/generated-instances.ts (d5k: 200 robots x 5,000 orders; d20k: 400 x 20,000):
 *
 *   npm run bench:scale -- [--sizes d5k,d20k] [--time-limit 30] [--skip-browser]
 *
 * Per size it
 * 1. generates the instance;
 * 2. runs the solver (`greedy_distance`, and `makespan` at --time-limit) each in a process of its
 *    own (scale-solver-run.ts) and prints build and solve times, the gap and the max RSS; a run
 *    that fails or outlasts its allowance is reported with its phase and the bench goes on;
 * 3. posts the environment, a scenario, the task (POST /tasks/batch) and a `greedy_distance`
 *    solve to the real server (the app listening on a port, embedded solve queue, PGlite in a
 *    temporary folder, the real web build), waits for it, then times GET /solves/{id} plain and
 *    compressed with their bytes, and GET /solves (bytes; no solve may carry results);
 * 4. unless --skip-browser, opens the results page signed in, in headless Chromium
 *    (apps/web/scripts/results-page-figures.ts: /usr/bin/chromium or CHROMIUM_PATH), and prints the time until the summary figures show,
 *    the page's element count, the rows the largest table draws, and the player's frame rate
 *    while the traffic replay plays.
 */
import { spawn, spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { SolveRecord, SolveSummaryRecord } from '@fleetlab/warehouse';
import { GENERATED_INSTANCES, generatedInstance } from '../../../packages/solver/bench/generated-instances.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { EmbeddedSolveQueue } from '../src/jobs/embedded-solve-queue.ts';
import { silentJobLogger } from '../src/jobs/job-logger.ts';
import { createBenchWorkspace, httpApiCall } from './bench-workspace.ts';
import type { SolverRunReport } from './scale-solver-run.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOLVER_RUN = fileURLToPath(new URL('./scale-solver-run.ts', import.meta.url));
const PAGE_FIGURES = path.join(repoRoot, 'apps/web/scripts/results-page-figures.ts');
const SOLVE_POLL_MS = 500;
/** Targets of the scale issue, printed beside the figures. */
const TARGETS = { getSolveMs: 1000, summaryMs: 2000, playerFps: 30 };

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: 'd5k,d20k' },
    'time-limit': { type: 'string', default: '30' },
    'skip-browser': { type: 'boolean', default: false },
  },
});
const sizes = flags.sizes.split(',').map((size) => size.trim());
const timeLimitS = Number(flags['time-limit']);
if (!(timeLimitS > 0)) throw new Error('--time-limit needs a positive number of seconds');
for (const size of sizes)
  if (!(size in GENERATED_INSTANCES))
    throw new Error(`Unknown size ${size}; sizes: ${Object.keys(GENERATED_INSTANCES).join(', ')}`);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
const print = (label: string, text: string) => console.log(`  ${label.padEnd(26)} ${text}`);

/** One solver run in its own process, given `allowanceMs` before it is stopped. */
function runSolver(
  instanceId: string,
  algorithm: string,
  allowanceMs: number,
): Promise<SolverRunReport & { wallMs: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', SOLVER_RUN, instanceId, algorithm, String(timeLimitS)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), allowanceMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      const line = output.trim().split('\n').pop() ?? '';
      if (line.startsWith('{')) return resolve({ ...(JSON.parse(line) as SolverRunReport), wallMs });
      const error =
        signal === 'SIGKILL'
          ? `did not finish within ${seconds(allowanceMs)}`
          : `exited with ${code ?? signal}: ${errors.trim().split('\n').slice(-3).join(' ')}`;
      resolve({ maxRssMb: Number.NaN, error, wallMs });
    });
  });
}

/** GET through node:http, so the bytes counted are the bytes on the wire. */
function timedGet(
  url: string,
  token: string,
  encoding: 'identity' | 'br',
): Promise<{ ms: number; bytes: number; status: number; contentEncoding: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(
      url,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({
            ms: performance.now() - started,
            bytes,
            status: response.statusCode ?? 0,
            contentEncoding: String(response.headers['content-encoding'] ?? 'identity'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** What apps/web/scripts/results-page-figures.ts prints (its ResultsPageFigures). */
interface PageFigures {
  summaryMs: number;
  solveRequest: { startMs: number; endMs: number; transferBytes: number };
  playerReadyMs: number;
  domNodes: number;
  domNodesExpanded: number;
  largestTable: { name: string; rows: number; rendered: number };
  timelineRows: { robots: number; drawn: number };
  fps: number;
  frameP95Ms: number;
}

/** The results page in headless Chromium, driven from a process of its own so it never shares the server's event loop. */
function measurePage(origin: string, token: string, solveId: number): Promise<PageFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', PAGE_FIGURES, '--origin', origin, '--token', token, '--solve', String(solveId)],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
    child.on('exit', (code) => {
      const line = output.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as PageFigures);
      else reject(new Error(`The results page measurement failed (${code}): ${errors.trim() || output.trim()}`));
    });
  });
}

function printSolverRun(algorithm: string, run: SolverRunReport & { wallMs: number }) {
  const label = algorithm === 'makespan' ? `solver makespan ${timeLimitS} s` : `solver ${algorithm}`;
  if (run.error) {
    const phase = run.failedIn ? ` in ${run.failedIn === 'build' ? 'buildProblem' : 'solve'}` : '';
    const done = run.buildMs !== undefined ? ` (buildProblem ${seconds(run.buildMs)})` : '';
    print(
      label,
      `FAILED${phase} after ${seconds(run.wallMs)}${done}: ${run.error}; max RSS ${Number.isNaN(run.maxRssMb) ? 'unknown' : `${run.maxRssMb} MB`}`,
    );
    return;
  }
  print(
    label,
    `buildProblem ${seconds(run.buildMs ?? 0)}, solve ${seconds(run.solveMs ?? 0)}, makespan ${run.makespanS?.toFixed(1)} s, ` +
      `gap ${run.gap === null || run.gap === undefined ? '-' : `${(run.gap * 100).toFixed(1)}%`}, plan ${run.planChecked ? 'valid' : 'INVALID'}, max RSS ${run.maxRssMb} MB`,
  );
}

// ------------------------------------------------------------------ the run

console.log(
  `bench:scale: ${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}; sizes ${sizes.join(', ')}; makespan at ${timeLimitS} s`,
);
if (!flags['skip-browser']) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@fleetlab/web'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`The web build failed:\n${build.stdout}${build.stderr}`);
}
const workspace = createBenchWorkspace('scale', { WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist') });
const database = await openDatabase(workspace.config);
const queue = await EmbeddedSolveQueue.start({ db: database.db, logger: silentJobLogger });
const app = await buildApp({ config: workspace.config, db: database.db, mailer: workspace.mailer, solveQueue: queue });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const call = httpApiCall(`${origin}/api/v1`);

try {
  const token = await workspace.signUp(call, 'scale');
  for (const size of sizes) {
    let started = performance.now();
    const instance = generatedInstance(size)!;
    const robots = instance.environment.elements.robots.length;
    console.log(
      `\n${size}: ${robots} robots, ${instance.tasks.length} orders, ${instance.environment.dimensions.width}x${instance.environment.dimensions.height} floor`,
    );
    print('generate', seconds(performance.now() - started));

    // A run gets its time limit, plus what building the problem and checking the plan may take at this size.
    const allowanceMs = (timeLimitS + 60 + instance.tasks.length / 50) * 1000;
    for (const algorithm of ['greedy_distance', 'makespan'])
      printSolverRun(algorithm, await runSolver(size, algorithm, allowanceMs));

    started = performance.now();
    const environment = await call(
      'POST',
      '/environments',
      { ...instance.environment, name: `${size} floor`, description: 'bench:scale' },
      token,
    );
    const scenario = await call(
      'POST',
      '/scenarios',
      { name: `${size} day`, environment_id: environment.id, parameters: {} },
      token,
    );
    const [task] = await call(
      'POST',
      '/tasks/batch',
      [
        {
          name: `${size} orders`,
          task_type: 'pickup_delivery',
          scenario_id: scenario.id,
          details: { tasks: instance.tasks, priority: 1 },
        },
      ],
      token,
    );
    const storedPairs = (await call('GET', `/tasks/${task.id}`, undefined, token)).details.tasks.length;
    print('post env, scenario, task', `${seconds(performance.now() - started)} (task holds ${storedPairs} pairs)`);

    const {
      algorithm_type: _algorithm,
      time_limit: _timeLimit,
      ...params
    } = instance.params as Record<string, unknown>;
    started = performance.now();
    const created = await call<SolveRecord>(
      'POST',
      '/solves',
      {
        name: `${size} greedy`,
        description: '',
        environment_id: environment.id,
        scenario_id: scenario.id,
        task_id: task.id,
        parameters: { ...params, algorithm_type: 'greedy_distance', time_limit: timeLimitS },
      },
      token,
    );
    let solve = created;
    while (solve.status === 'pending' || solve.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, SOLVE_POLL_MS));
      solve = await call<SolveRecord>('GET', `/solves/${created.id}`, undefined, token);
    }
    const solveMs = performance.now() - started;
    if (solve.status !== 'completed') {
      const error = (solve.results as { error?: string } | null)?.error ?? 'no error text';
      print('server solve', `FAILED after ${seconds(solveMs)}: ${error}`);
      continue;
    }
    print(
      'server solve (greedy)',
      `completed in ${seconds(solveMs)} (plan ${solve.stats?.runtime_ms} ms, then executed on the floor), makespan ${solve.stats?.makespan_s} s`,
    );

    const solveUrl = `${origin}/api/v1/solves/${solve.id}`;
    await timedGet(solveUrl, token, 'br'); // warm: the first read also pulls the row's pages in
    const plain = [
      await timedGet(solveUrl, token, 'identity'),
      await timedGet(solveUrl, token, 'identity'),
      await timedGet(solveUrl, token, 'identity'),
    ];
    const compressed = [
      await timedGet(solveUrl, token, 'br'),
      await timedGet(solveUrl, token, 'br'),
      await timedGet(solveUrl, token, 'br'),
    ];
    const plainMs = median(plain.map((answer) => answer.ms));
    const compressedMs = median(compressed.map((answer) => answer.ms));
    print(
      'GET /solves/{id}',
      `${megabytes(plain[0].bytes)} plain in ${plainMs.toFixed(0)} ms; ${megabytes(compressed[0].bytes)} ${compressed[0].contentEncoding} in ${compressedMs.toFixed(0)} ms (median of 3; target < ${TARGETS.getSolveMs} ms: ${verdict(Math.max(plainMs, compressedMs) < TARGETS.getSolveMs)})`,
    );

    const list = await timedGet(`${origin}/api/v1/solves`, token, 'identity');
    const listed = await call<SolveSummaryRecord[]>('GET', '/solves', undefined, token);
    const carrying = listed.filter((entry) => 'results' in entry || 'execution' in entry).length;
    print(
      'GET /solves',
      `${listed.length} solve(s), ${megabytes(list.bytes)} in ${list.ms.toFixed(0)} ms; ${carrying === 0 ? 'no results, no execution' : `${carrying} carry results`}`,
    );

    if (flags['skip-browser']) continue;
    const figures = await measurePage(origin, token, solve.id);
    print(
      'page: summary visible',
      `${seconds(figures.summaryMs)} after navigation (target < ${seconds(TARGETS.summaryMs)}: ${verdict(figures.summaryMs < TARGETS.summaryMs)})`,
    );
    print(
      'page: GET /solves/{id}',
      `from ${seconds(figures.solveRequest.startMs)} to ${seconds(figures.solveRequest.endMs)} after navigation, ${megabytes(figures.solveRequest.transferBytes)} on the wire`,
    );
    print('page: player ready', `${seconds(figures.playerReadyMs)} after navigation`);
    print(
      'page: DOM elements',
      `${figures.domNodes}; ${figures.domNodesExpanded} with the longest robot plan expanded`,
    );
    print(
      'page: largest table',
      `'${figures.largestTable.name}': ${figures.largestTable.rendered} of ${figures.largestTable.rows} rows drawn`,
    );
    print('page: timeline', `${figures.timelineRows.drawn} of ${figures.timelineRows.robots} robot rows drawn`);
    print(
      'page: player, with traffic',
      `${figures.fps.toFixed(1)} fps, frame p95 ${figures.frameP95Ms.toFixed(1)} ms, ${robots} robots (target >= ${TARGETS.playerFps} fps: ${verdict(figures.fps >= TARGETS.playerFps)})`,
    );
  }
} finally {
  await app.close();
  await queue.close();
  await database.close();
  workspace.dispose();
}
