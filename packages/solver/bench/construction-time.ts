/**
 * How long the makespan search takes to reach its first complete plan, and how many
 * ruin-and-recreate iterations it then makes, per instance (issue 33: an 800-order, 48-robot floor
 * built in under 0.5 s, and a search that iterates within its budget on big floors).
 *
 *   npx tsx packages/solver/bench/construction-time.ts [--instances c800,t1,t2] [--time-limit 1] [--seed 1]
 *
 * Each instance runs in this process, after one warm-up construction of a small instance so that
 * the first row does not pay for compiling the solver. The row gives the milliseconds of each part
 * of the construction taken alone (the greedy plan, the largest-first insertion, the bound list),
 * then one `solve` with the time limit: `first_plan_ms`, when the search had its first complete
 * plan (its first progress report with a makespan), its iterations, makespan and gap to the
 * tightest bound. `load` is the machine's one-minute load average when the row ended.
 */
import { loadavg } from 'node:os';
import { computeBounds } from '../src/bounds/bound-list.ts';
import { assignGreedyByDistance } from '../src/algorithms/greedy-distance.ts';
import { buildLargestFirst } from '../src/algorithms/largest-first-construction.ts';
import { measureRoutes, ObjectiveScale, objectiveValues } from '../src/plan/objective.ts';
import { buildProblem } from '../src/problem/problem.ts';
import { solve } from '../src/solve.ts';
import { loadBenchInstance } from './generated-instances.ts';

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

const instances = flag('--instances', 'c800,t1,t2').split(',');
const timeLimitS = Number(flag('--time-limit', '1'));
const seed = Number(flag('--seed', '1'));

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

function row(id: string, print: boolean): void {
  const problem = buildProblem(loadBenchInstance(id));
  const greedy = timed(() => assignGreedyByDistance(problem, () => false));
  const figures = measureRoutes(problem, greedy.value);
  const scale = new ObjectiveScale(
    problem.params.objective_weights,
    objectiveValues(problem, figures.finish, figures.distance),
  );
  const construction = timed(() => buildLargestFirst(problem, scale, () => false));
  const bounds = timed(() => computeBounds(problem));
  let firstPlanMs: number | null = null;
  const started = performance.now();
  const outcome = solve(problem, {
    algorithm: 'makespan',
    seed,
    timeLimitS,
    onProgress: ({ bestMakespanS }) => {
      if (bestMakespanS !== null && firstPlanMs === null) firstPlanMs = performance.now() - started;
    },
  });
  if (!print) return;
  const { stats } = outcome;
  console.log(
    [
      id.padEnd(8),
      String(problem.deliveryCount).padStart(6),
      String(problem.robotCount).padStart(6),
      greedy.ms.toFixed(0).padStart(9),
      construction.ms.toFixed(0).padStart(15),
      bounds.ms.toFixed(0).padStart(9),
      (firstPlanMs === null ? '-' : (firstPlanMs as number).toFixed(0)).padStart(13),
      String(stats.runtime_ms).padStart(8),
      String(stats.iterations).padStart(10),
      stats.makespan_s.toFixed(2).padStart(10),
      `${(stats.gap_battery * 100).toFixed(2)}%`.padStart(7),
      (stats.lower_bound_name ?? '-').padEnd(18),
      loadavg()[0].toFixed(2).padStart(5),
    ].join('  '),
  );
}

row('s2', false);
console.log(`makespan search, time limit ${timeLimitS} s, seed ${seed}`);
console.log(
  'instance  orders  robots  greedy_ms  largest_first_ms  bounds_ms  first_plan_ms  solve_ms  iterations  makespan_s    gap  tightest             load',
);
for (const id of instances) row(id, true);
