import {
  buildProblem,
  InfeasibleDeliveryError,
  solve,
  type Problem,
  type ProblemInput,
  type SolveOptions,
} from '@fleetlab/solver';
import {
  algorithmByIdOrName,
  type ExecutionRecord,
  type PlanResultsRecord,
  type PlanStatsRecord,
  SOLVE_PARAMETER_RANGES,
  type ReserveFromFloorRecord,
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

/** Plans made again with a larger automatic reserve when a run takes charges its plan never had. */
const MAX_RESERVE_REPLANS = 2;
/** The share of the time limit a re-plan's search gets, and its least seconds. */
const REPLAN_TIME_SHARE = 0.25;
const REPLAN_MIN_S = 1;
/** Percentage points the reserve keeps above what the floor's detours asked for. */
const RESERVE_MARGIN_PCT = 2;
/** What a reserve raised for a run that could not go on adds (no detours to read). */
const RESERVE_STEP_PCT = 10;
/** How much later a run that keeps to its plan's charges may finish and still be kept over one that does not. */
const NO_EXTRA_CHARGE_TOLERANCE = 0.02;
/** The largest reserve the parameter accepts. */
const MAX_RESERVE_PCT = SOLVE_PARAMETER_RANGES.battery_reserve_pct.max;

/**
 * Plans a day and runs it on the shared floor, and with the automatic battery reserve (no
 * `battery_reserve_pct` given) makes the reserve follow the floor. A plan spends each charge up to
 * its reserve; robots that drive f times their plan's metres in the crowd need a reserve of
 * 1 - 1/f, and a run short of it takes charges the plan never had, or jams where robots short of
 * charge meet in a one-lane aisle (they never step aside). So when the kept run added charges or
 * could not run, the day is planned again with the reserve its robots' detours ask for (the 90th
 * percentile of their metres on the floor over their plan's, plus RESERVE_MARGIN_PCT, and at
 * least that margin above the last, twice it on the last try; 10 points more for a run that stopped), at most
 * MAX_RESERVE_REPLANS times and never past a reserve that leaves a delivery no charge can make,
 * and the best run is kept (`runsBetter`). `stats.reserve_from_floor` lists the tries; a re-plan's search gets
 * a quarter of the time limit (`replanOptions`).
 * A reserve the solve gives is kept as it is.
 */
export function planAndExecute(
  input: ProblemInput,
  options: PlanAndExecuteOptions,
  problem: Problem = buildProblem(input),
): PlanAndExecuteOutcome {
  const params = input.params ?? {};
  let latest = planAndExecuteWithReserve(input, options, problem);
  if (params.battery_reserve_pct !== undefined && params.battery_reserve_pct !== null) return latest;
  const tries = [latest];
  let kept = 0;
  // A solve finishing early keeps the run it has.
  while (tries.length <= MAX_RESERVE_REPLANS && takesCharges(latest) && !options.finishingEarly?.()) {
    const current = latest.stats.battery_reserve_pct ?? 0;
    const lastTry = tries.length === MAX_RESERVE_REPLANS;
    const reserve = feasibleReserve(input, current, reserveFromFloor(latest, current, lastTry));
    if (reserve === null) break;
    latest = planAndExecuteWithReserve(reserve.input, replanOptions(options), reserve.problem);
    tries.push(latest);
    if (runsBetter(latest, tries[kept])) kept = tries.length - 1;
  }
  if (tries.length === 1) return latest;
  const chosen = tries[kept];
  const executionMs = tries.reduce((sum, run) => sum + run.executionMs, 0);
  const reserveFromFloorRecord: ReserveFromFloorRecord = {
    tries: tries.map((run) => ({
      reserve_pct: run.stats.battery_reserve_pct ?? 0,
      planned_s: run.stats.makespan_s,
      executed_s: run.execution?.totals.executed_makespan_s ?? null,
      extra_charges: run.execution?.totals.extra_charges ?? null,
    })),
    kept,
  };
  return { ...chosen, executionMs, stats: { ...chosen.stats, reserve_from_floor: reserveFromFloorRecord } };
}

/**
 * The problem with `wanted` reserve, or with the largest reserve above `current` (to a tenth of a
 * percent) at which every delivery still fits a charge; null when none above `current` does.
 */
function feasibleReserve(
  input: ProblemInput,
  current: number,
  wanted: number,
): { input: ProblemInput; problem: Problem } | null {
  const attempt = (reserve: number) => {
    const withReserve = { ...input, params: { ...input.params, battery_reserve_pct: reserve } };
    try {
      return { input: withReserve, problem: buildProblem(withReserve) };
    } catch (error) {
      if (error instanceof InfeasibleDeliveryError) return null;
      throw error;
    }
  };
  if (wanted <= current) return null;
  let found = attempt(wanted);
  if (found) return found;
  let [low, high] = [current, wanted];
  while (high - low > 0.15) {
    const middle = Math.round(((low + high) / 2) * 10) / 10;
    const built = attempt(middle);
    if (built) {
      found = built;
      low = middle;
    } else high = middle;
  }
  return found;
}

/**
 * A re-plan's search gets a quarter of the solve's time limit (at least REPLAN_MIN_S): the first
 * search has found what the orders allow, and a solve should not take three times as long.
 */
export function replanOptions(options: PlanAndExecuteOptions): PlanAndExecuteOptions {
  if (options.timeLimitS === undefined) return options;
  return { ...options, timeLimitS: Math.max(REPLAN_MIN_S, options.timeLimitS * REPLAN_TIME_SHARE) };
}

/** Whether a run took charges its plan never had, or could not run. */
function takesCharges(outcome: PlanAndExecuteOutcome): boolean {
  return outcome.execution === null || outcome.execution.totals.extra_charges > 0;
}

/**
 * A run that finished over one that could not; one that kept to its plan's charges over one
 * that did not unless it finishes more than NO_EXTRA_CHARGE_TOLERANCE later (a charge the plan
 * never had is a promise broken); else the earlier finish, the fewer added charges on a tie.
 */
function runsBetter(candidate: PlanAndExecuteOutcome, best: PlanAndExecuteOutcome): boolean {
  if (!candidate.execution) return false;
  if (!best.execution) return true;
  const [a, b] = [candidate.execution.totals, best.execution.totals];
  if ((a.extra_charges === 0) !== (b.extra_charges === 0)) {
    return a.extra_charges === 0
      ? a.executed_makespan_s <= b.executed_makespan_s * (1 + NO_EXTRA_CHARGE_TOLERANCE)
      : b.executed_makespan_s > a.executed_makespan_s * (1 + NO_EXTRA_CHARGE_TOLERANCE);
  }
  return (
    a.executed_makespan_s < b.executed_makespan_s ||
    (a.executed_makespan_s === b.executed_makespan_s && a.extra_charges < b.extra_charges)
  );
}

/**
 * The reserve a run's detours ask for (see `planAndExecute`), in tenths of a percent, at most the
 * parameter's largest. The last re-plan steps at least twice the margin above the reserve that
 * still added charges: there is no try after it, and robots run short where their detours bunch
 * within one charge, which their day's metres average out (d20k with drive units: 422 charges
 * added at 25%, 15 at 44.4%, 1 at 46.4% with a step of one margin).
 */
function reserveFromFloor(outcome: PlanAndExecuteOutcome, current: number, lastTry: boolean): number {
  const execution = outcome.execution;
  let wanted = current + RESERVE_STEP_PCT;
  if (execution) {
    const ratios: number[] = [];
    for (const [robot, steps] of Object.entries(outcome.results)) {
      const planned = steps.length > 0 ? (steps[steps.length - 1].odometer_m ?? 0) : 0;
      const driven = execution.robots[robot]?.distance_m;
      if (planned > 0 && driven !== undefined) ratios.push(driven / planned);
    }
    if (ratios.length === 0) return current;
    ratios.sort((a, b) => a - b);
    const detour = ratios[Math.min(ratios.length - 1, Math.floor(0.9 * ratios.length))];
    // Charges were still added: at least a margin more than this plan kept.
    wanted = Math.max(current + (lastTry ? 2 : 1) * RESERVE_MARGIN_PCT, 100 * (1 - 1 / detour) + RESERVE_MARGIN_PCT);
  }
  return Math.min(MAX_RESERVE_PCT, Math.ceil(wanted * 10) / 10);
}

/**
 * One plan and its run on the shared floor. The optimiser's plans are what each robot alone
 * would do; which of its best plans runs best with every robot at once, it cannot know. So for
 * `makespan` the few best distinct plans the search met are all executed (same traffic policy,
 * same seed) and the one with the least executed makespan is kept (ties: the better planned
 * one); `stats.traffic_choice` says how many ran, which was kept and what it saved against the
 * plan with the best planned makespan. A plan that cannot run on the floor is never kept over
 * one that can.
 */
function planAndExecuteWithReserve(
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
  // Finishing early, only the plan itself runs on the floor.
  const alternatives = options.finishingEarly?.() ? [] : (outcome.alternatives ?? []);
  const plans = [{ results: outcome.results, stats: outcome.stats }, ...alternatives];
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
        clock: problem.floorClock ?? undefined,
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
