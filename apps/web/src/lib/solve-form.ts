import { ApiError } from '../api/client.ts';

export interface NumberFieldRule { min: number; max: number; fallback: number; step?: number }

/** Spec §5 ranges and fallbacks of the advanced solve settings. */
export const MAX_DISTANCE_RULE: NumberFieldRule = { min: 0, max: 10000, fallback: 1000 };
export const ROBOT_SPEED_RULE: NumberFieldRule = { min: 0.1, max: 5, fallback: 1, step: 0.1 };
export const RECHARGE_TIME_RULE: NumberFieldRule = { min: 3, max: 120, fallback: 3 };
/** How long the searching algorithms (genetic, makespan) may improve; spec §9 default 300 s. */
export const TIME_LIMIT_RULE: NumberFieldRule = { min: 1, max: 3600, fallback: 300 };

/** Spec §9 solve parameters the form does not expose. */
export const FIXED_SOLVE_PARAMETERS = { battery_capacity: 100, balance_factor: 50 } as const;

/** A typed-in number: non-numeric input takes the fallback, numbers are held to the range. */
export function parseBoundedNumber(raw: string, rule: NumberFieldRule): number {
  const trimmed = raw.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(value)) return rule.fallback;
  return Math.min(rule.max, Math.max(rule.min, value));
}

export const ALGORITHMS = [
  { name: 'greedy_distance', id: 1, label: 'Greedy (Distance)', hint: 'Takes the tasks in order and gives each to the robot that can finish it soonest. Instant and predictable: the baseline to beat.' },
  { name: 'hungarian', id: 2, label: 'Hungarian', hint: 'Rounds of optimal one-task-per-robot assignment.' },
  { name: 'kmeans', id: 3, label: 'K-Means Clustering', hint: 'Groups pickups into one zone per robot, then orders each route. Suits layouts with clear zones.' },
  { name: 'auction', id: 4, label: 'Auction', hint: 'Robots bid for tasks on marginal cost, with the balance factor weighing their load. Keeps the fleet evenly busy.' },
  { name: 'genetic', id: 5, label: 'Genetic Algorithm', hint: 'Evolves whole plans with crossover, mutation and local search until the time limit. Slower, often near-optimal.' },
  { name: 'makespan', id: 6, label: 'Makespan Optimizer', hint: 'Minimises the time to the last delivery with construction plus local search, stopping early once proven optimal. Best for large task sets.' },
  { name: 'marginal_benefit', id: 7, label: 'Marginal Benefit', hint: 'Regret-based insertion: the task with the most to lose is placed first. Strong when batteries are tight.' },
] as const;

export type AlgorithmName = (typeof ALGORITHMS)[number]['name'];

/** Spec §7: the select offers every algorithm except hungarian. */
export const SELECTABLE_ALGORITHMS = ALGORITHMS.filter((algorithm) => algorithm.name !== 'hungarian');

export const DEFAULT_ALGORITHM: AlgorithmName = 'greedy_distance';

export function algorithmIdOf(name: AlgorithmName): number {
  return ALGORITHMS.find((algorithm) => algorithm.name === name)?.id ?? 1;
}

export const CREATE_SOLVE_FAILED = 'Failed to create solve. Please try again.';

/** Spec §8: the fallback text plus ' Server returned {status}: {body}' when the server answered. */
export function createSolveErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const body = typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
    return `${CREATE_SOLVE_FAILED} Server returned ${error.status}: ${body}`;
  }
  return CREATE_SOLVE_FAILED;
}

export const OBJECTIVE_LABELS = {
  completion_time: 'Completion Time',
  energy_usage: 'Energy Usage',
  distance_traveled: 'Distance Traveled',
  balanced_workload: 'Balanced Workload',
  cost_efficiency: 'Cost Efficiency',
} as const;

export const OBJECTIVES_RECOMMENDATION =
  'Recommendation: keep Completion Time as the main objective for the shortest shift. Add Energy Usage or Distance Traveled when batteries are the bottleneck, and Balanced Workload to spread work evenly across robots.';
