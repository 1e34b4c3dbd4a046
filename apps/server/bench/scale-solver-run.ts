/**
 * One solver run of `bench:scale`, in a process of its own so its peak memory is its own and a
 * failure (out of memory, a thrown error) cannot take the bench down:
 *
 *   node --import tsx apps/server/bench/scale-solver-run.ts INSTANCE ALGORITHM TIME_LIMIT_S
 *
 * Prints one JSON line: the build and solve times, the plan's figures and the process's max RSS,
 * or the phase that failed and its error.
 */
import { buildProblem, checkPlan, solve } from '@fleetlab/solver';
import { generatedInstance } from '../../../packages/solver/bench/generated-instances.ts';

export interface SolverRunReport {
  readonly buildMs?: number;
  readonly solveMs?: number;
  readonly makespanS?: number;
  readonly lowerBoundS?: number | null;
  readonly gap?: number | null;
  /** checkPlan found the plan valid. */
  readonly planChecked?: boolean;
  readonly maxRssMb: number;
  readonly failedIn?: 'build' | 'solve';
  readonly error?: string;
}

const [instanceId, algorithm, timeLimit] = process.argv.slice(2);
const instance = generatedInstance(instanceId);
if (!instance) throw new Error(`Unknown generated instance ${instanceId}`);
const maxRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const report = (value: SolverRunReport) => console.log(JSON.stringify(value));
const problemInput = {
  environment: instance.environment as never,
  tasks: instance.tasks,
  params: instance.params as never,
};

let phase: 'build' | 'solve' = 'build';
const timings: { buildMs?: number; solveMs?: number } = {};
try {
  let started = performance.now();
  const problem = buildProblem(problemInput);
  timings.buildMs = Math.round(performance.now() - started);
  phase = 'solve';
  started = performance.now();
  const outcome = solve(problem, { algorithm: algorithm as never, seed: 1, timeLimitS: Number(timeLimit) });
  timings.solveMs = Math.round(performance.now() - started);
  const check = checkPlan(problem, outcome.results);
  report({
    ...timings,
    makespanS: outcome.stats.makespan_s,
    lowerBoundS: outcome.stats.lower_bound_s ?? null,
    gap: outcome.stats.gap ?? null,
    planChecked: check.valid,
    maxRssMb: maxRssMb(),
  });
} catch (error) {
  report({
    ...timings,
    failedIn: phase,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    maxRssMb: maxRssMb(),
  });
}
