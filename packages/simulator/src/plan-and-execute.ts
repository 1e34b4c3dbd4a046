import { buildProblem, solve, type Problem, type ProblemInput, type SolveOptions } from '@fleetlab/solver';
import {
  algorithmByIdOrName,
  type ExecutionRecord,
  type PlanResultsRecord,
  type PlanStatsRecord,
  type TrafficChoiceRecord,
} from '@fleetlab/warehouse';
import { SimulationError } from './errors.ts';
import { simulate, type SimulationParams } from './simulate.ts';

export interface PlanAndExecuteOptions extends Omit<SolveOptions, 'onProgress' | 'alternatives'> {
  /**
   * How many of the optimiser's best plans to run with every robot on the floor when the
   * algorithm is `makespan` (the plan kept is the one that runs best); default by the day's size
   * (`candidatePlansFor`). Other algorithms make one plan.
   */
  candidates?: number;
  /** Seed of the execution's tie-breaks (default 1). */
  executionSeed?: number;
  onProgress?: (progress: {
    phase: 'optimising' | 'executing';
    fraction: number;
    bestMakespanS: number | null;
  }) => void;
}

export interface PlanAndExecuteOutcome {
  results: PlanResultsRecord;
  stats: PlanStatsRecord;
  /** The kept plan's run on the floor, or null when it could not run (`executionError` says why). */
  execution: ExecutionRecord | null;
  executionError?: string;
  /** Wall time spent executing the candidate plans, ms (the solve's own is `stats.runtime_ms`). */
  executionMs: number;
}

/**
 * Plans a day and runs it on the shared floor. The optimiser's plans are what each robot alone
 * would do; which of its best plans runs best with every robot at once, it cannot know. So for
 * `makespan` the few best distinct plans the search met are all executed (same traffic policy,
 * same seed) and the one with the least executed makespan is kept (ties: the better planned
 * one); `stats.traffic_choice` says how many ran, which was kept and what it saved against the
 * plan with the best planned makespan. A plan that cannot run on the floor is never kept over
 * one that can.
 */
export function planAndExecute(
  input: ProblemInput,
  options: PlanAndExecuteOptions,
  problem: Problem = buildProblem(input),
): PlanAndExecuteOutcome {
  const environment = input.environment as never;
  const params = (input.params ?? {}) as SimulationParams;
  const isMakespan = algorithmByIdOrName(options.algorithm)?.name === 'makespan';
  const candidates = isMakespan ? Math.max(1, options.candidates ?? candidatePlansFor(problem)) : 1;
  const outcome = solve(problem, {
    ...options,
    alternatives: candidates - 1,
    onProgress: ({ fraction, bestMakespanS }) => options.onProgress?.({ phase: 'optimising', fraction, bestMakespanS }),
  });
  const plans = [{ results: outcome.results, stats: outcome.stats }, ...(outcome.alternatives ?? [])];
  const executionStarted = performance.now();
  const runs = plans.map((plan, index) => {
    const report = (fraction: number) =>
      options.onProgress?.({
        phase: 'executing',
        fraction: (index + fraction) / plans.length,
        bestMakespanS: outcome.stats.makespan_s,
      });
    try {
      const execution = simulate(environment, plan.results, params, {
        tasks: input.tasks,
        seed: options.executionSeed,
        onProgress: report,
        shouldStop: options.shouldStop,
      });
      return { plan, execution, error: undefined as string | undefined };
    } catch (error) {
      // The plan stays valid under the model; only its run on the floor failed, and the solve says why.
      if (!(error instanceof SimulationError)) throw error;
      return { plan, execution: null, error: error.message };
    }
  });
  let kept = 0;
  runs.forEach((run, index) => {
    const best = runs[kept];
    if (!run.execution) return;
    const executed = run.execution.totals.executed_makespan_s;
    if (
      !best.execution ||
      executed < best.execution.totals.executed_makespan_s ||
      (executed === best.execution.totals.executed_makespan_s && run.plan.stats.makespan_s < best.plan.stats.makespan_s)
    ) {
      kept = index;
    }
  });
  const chosen = runs[kept];
  const stats: PlanStatsRecord = { ...chosen.plan.stats, runtime_ms: outcome.stats.runtime_ms };
  if (runs.length > 1) stats.traffic_choice = trafficChoice(runs, kept);
  const executionMs = performance.now() - executionStarted;
  return {
    results: chosen.plan.results,
    stats,
    execution: chosen.execution,
    executionMs,
    ...(chosen.error ? { executionError: chosen.error } : {}),
  };
}

/**
 * Plans executed to choose among: 6 up to 200,000 robot-deliveries (xl1: 100 x 1,000), 3 up to
 * 2 million (d5k), else 1: each run costs about as much as the day's traffic (0.3 s on xl1, 1-2 s
 * on d5k, 5 s on d20k on this machine's cores).
 */
export function candidatePlansFor(problem: Problem): number {
  const size = problem.robotCount * problem.deliveryCount;
  if (size <= 200_000) return 6;
  if (size <= 2_000_000) return 3;
  return 1;
}

function trafficChoice(
  runs: { plan: { stats: PlanStatsRecord }; execution: ExecutionRecord | null }[],
  kept: number,
): TrafficChoiceRecord {
  const first = runs[0];
  const executedOf = (run: (typeof runs)[number]) => run.execution?.totals.executed_makespan_s ?? null;
  const keptExecuted = executedOf(runs[kept]);
  const firstExecuted = executedOf(first);
  return {
    candidates: runs.length,
    kept,
    planned_s: runs[kept].plan.stats.makespan_s,
    executed_s: keptExecuted,
    best_planned_s: first.plan.stats.makespan_s,
    best_planned_executed_s: firstExecuted,
    gain_s:
      keptExecuted !== null && firstExecuted !== null ? Math.round((firstExecuted - keptExecuted) * 100) / 100 : null,
    executed_candidates_s: runs.map(executedOf),
  };
}
