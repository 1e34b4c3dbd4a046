/**
 * How long the makespan search takes to reach its first complete plan, and how many
 * ruin-and-recreate iterations it then makes, per instance (issue 33: an 800-order, 48-robot floor
 * built in under 0.5 s, and a search that iterates within its budget on big floors).
 *
 *   npx tsx packages/solver/bench/construction-time.ts [--instances c800,t1,t2] [--time-limit 1] [--seed 1]
 *
 * Each instance runs in two fresh processes, as a solve meets it in a worker: the first times
 * the parts of the makespan search's first plan one after the other (the greedy plan and the
 * objective's scale, the related-delivery lists, the largest-first insertion: `first_plan_ms` is
 * their sum) and then the bound list (`bounds_ms`, which the search now computes after its first
 * plan); the second runs `solve` with the time limit and gives when it first reported a plan
 * (`first_report_ms`: progress reports come at most every 250 ms, so never before 250 ms), its
 * time, iterations, makespan and gap to the tightest bound. `load` is the machine's one-minute load average when the row ended.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { assignGreedyByDistance } from '../src/algorithms/greedy-distance.ts';
import { buildLargestFirst } from '../src/algorithms/largest-first-construction.ts';
import { relatedDeliveries } from '../src/algorithms/related-deliveries.ts';
import { computeBounds } from '../src/bounds/bound-list.ts';
import { measureRoutes, ObjectiveScale, objectiveValues } from '../src/plan/objective.ts';
import { buildProblem } from '../src/problem/problem.ts';
import { solve } from '../src/solve.ts';
import { loadBenchInstance } from './generated-instances.ts';
import { flag } from './bench-flags.ts';

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

/** The first plan's parts and the bound list, in a fresh process: their figures as JSON. */
function constructionParts(id: string): void {
  const problem = buildProblem(loadBenchInstance(id));
  const greedy = timed(() => {
    const routes = assignGreedyByDistance(problem, () => false);
    const figures = measureRoutes(problem, routes);
    return new ObjectiveScale(
      problem.params.objective_weights,
      objectiveValues(problem, figures.finish, figures.distance),
    );
  });
  const related = timed(() => relatedDeliveries({ problem, checkCancelled: () => {} }));
  const largestFirst = timed(() => buildLargestFirst(problem, greedy.value, () => false, related.value));
  const bounds = timed(() => computeBounds(problem));
  const figures = {
    orders: problem.deliveryCount,
    robots: problem.robotCount,
    greedy: greedy.ms,
    related: related.ms,
    largestFirst: largestFirst.ms,
    bounds: bounds.ms,
  };
  console.log(JSON.stringify(figures));
}

/** One time-limited makespan solve, in a fresh process: its figures as JSON. */
function timedSolve(id: string, timeLimitS: number, seed: number): void {
  const problem = buildProblem(loadBenchInstance(id));
  const started = performance.now();
  let firstReportMs: number | null = null;
  const { stats } = solve(problem, {
    algorithm: 'makespan',
    seed,
    timeLimitS,
    onProgress: ({ bestMakespanS }) => {
      if (bestMakespanS !== null && firstReportMs === null) firstReportMs = performance.now() - started;
    },
  });
  console.log(JSON.stringify({ ...stats, first_report_ms: firstReportMs }));
}

function inFreshProcess(args: string[]): Record<string, unknown> {
  const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...args], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop()!);
}

function main(): void {
  const timeLimitS = Number(flag('--time-limit', '1'));
  const seed = Number(flag('--seed', '1'));
  if (process.argv[2] === '--parts') {
    constructionParts(process.argv[3]);
    return;
  }
  if (process.argv[2] === '--solve') {
    timedSolve(process.argv[3], timeLimitS, seed);
    return;
  }
  console.log(`makespan search, time limit ${timeLimitS} s, seed ${seed}; milliseconds`);
  console.log(
    'instance  orders  robots  greedy  related  largest_first  first_plan  bounds  first_report  solve_ms  iterations  makespan_s      gap  tightest          load',
  );
  for (const id of flag('--instances', 'c800,t1,t2').split(',')) {
    const parts = inFreshProcess(['--parts', id]) as Record<string, number>;
    const stats = inFreshProcess(['--solve', id, '--time-limit', String(timeLimitS), '--seed', String(seed)]);
    const firstPlan = parts.greedy + parts.related + parts.largestFirst;
    console.log(
      [
        id.padEnd(8),
        String(parts.orders).padStart(6),
        String(parts.robots).padStart(6),
        parts.greedy.toFixed(0).padStart(6),
        parts.related.toFixed(0).padStart(7),
        parts.largestFirst.toFixed(0).padStart(13),
        firstPlan.toFixed(0).padStart(10),
        parts.bounds.toFixed(0).padStart(6),
        String(stats.first_report_ms === null ? '-' : Math.round(stats.first_report_ms as number)).padStart(12),
        String(stats.runtime_ms).padStart(8),
        String(stats.iterations).padStart(10),
        (stats.makespan_s as number).toFixed(2).padStart(10),
        `${((stats.gap_battery as number) * 100).toFixed(2)}%`.padStart(7),
        String(stats.lower_bound_name ?? '-').padEnd(16),
        loadavg()[0].toFixed(2).padStart(5),
      ].join('  '),
    );
  }
}

main();
