import { z } from 'zod';

interface AlgorithmInfo {
  /** Spec §7 id. */
  readonly id: number;
  readonly name: string;
  /** What every screen calls it. */
  readonly label: string;
  /** The solve form's hint under the Algorithm select. */
  readonly hint: string;
  /** Improves until the time limit (or a proven zero gap) rather than finishing on its own. */
  readonly timeLimited: boolean;
}

/** The seven algorithms, in spec §7 id order: the one list every package and page reads. */
export const ALGORITHMS = [
  {
    id: 1,
    name: 'greedy_distance',
    label: 'Greedy nearest',
    hint: 'Takes the tasks in order and gives each to the robot that can finish it soonest. Instant and predictable: the baseline to beat.',
    timeLimited: false,
  },
  {
    id: 2,
    name: 'hungarian',
    label: 'Hungarian',
    hint: 'Rounds of optimal one-task-per-robot assignment.',
    timeLimited: false,
  },
  {
    id: 3,
    name: 'kmeans',
    label: 'K-Means Clustering',
    hint: 'Groups pickups into one zone per robot, then orders each route. Suits layouts with clear zones.',
    timeLimited: false,
  },
  {
    id: 4,
    name: 'auction',
    label: 'Auction',
    hint: 'Robots bid for tasks on marginal cost, with the balance factor weighing their load. Keeps the fleet evenly busy.',
    timeLimited: false,
  },
  {
    id: 5,
    name: 'genetic',
    label: 'Genetic',
    hint: 'Evolves whole plans with crossover, mutation and local search until the time limit. Slower, often near-optimal.',
    timeLimited: true,
  },
  {
    id: 6,
    name: 'makespan',
    label: 'Makespan search',
    hint: 'Minimises the time to the last delivery with construction plus local search, stopping early once proven optimal. Best for large task sets.',
    timeLimited: true,
  },
  {
    id: 7,
    name: 'marginal_benefit',
    label: 'Marginal Benefit',
    hint: 'Regret-based insertion: the task with the most to lose is placed first. Strong when batteries are tight.',
    timeLimited: false,
  },
] as const satisfies readonly AlgorithmInfo[];

export type AlgorithmName = (typeof ALGORITHMS)[number]['name'];
export type Algorithm = (typeof ALGORITHMS)[number];

/** Spec §9: what a solve uses when it names no algorithm. */
export const DEFAULT_ALGORITHM: AlgorithmName = 'greedy_distance';

export const algorithmNameValues = ALGORITHMS.map((algorithm) => algorithm.name) as [AlgorithmName, ...AlgorithmName[]];
export const algorithmNameSchema = z.enum(algorithmNameValues);

/** Spec §7 id of each algorithm name. */
export const ALGORITHM_IDS = Object.fromEntries(
  ALGORITHMS.map((algorithm) => [algorithm.name, algorithm.id]),
) as Record<AlgorithmName, number>;

/** Each algorithm by name, for labels and hints. */
export const ALGORITHM_BY_NAME = Object.fromEntries(
  ALGORITHMS.map((algorithm) => [algorithm.name, algorithm]),
) as Record<AlgorithmName, Algorithm>;

const FIRST_ID = ALGORITHMS[0].id;
const LAST_ID = ALGORITHMS[ALGORITHMS.length - 1].id;
const UNKNOWN_ID_MESSAGE = `Unknown algorithm id: expected ${FIRST_ID} to ${LAST_ID}`;

export const algorithmIdSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z.number().int().min(FIRST_ID, UNKNOWN_ID_MESSAGE).max(LAST_ID, UNKNOWN_ID_MESSAGE),
);

/** Looks an algorithm up by spec id (number or numeric string) or name; undefined when unknown. */
export function algorithmByIdOrName(key: number | string): Algorithm | undefined {
  if (typeof key === 'number') return ALGORITHMS.find((algorithm) => algorithm.id === key);
  const trimmed = key.trim();
  if (/^\d+$/.test(trimmed)) return ALGORITHMS.find((algorithm) => algorithm.id === Number(trimmed));
  return ALGORITHMS.find((algorithm) => algorithm.name === trimmed);
}

/** What a page calls the algorithm of an id or name ('Greedy nearest'); the text itself when unknown. */
export function algorithmLabelOf(key: number | string): string {
  return algorithmByIdOrName(key)?.label ?? String(key);
}

export function algorithmNameOf(algorithmId: number): AlgorithmName {
  const algorithm = algorithmByIdOrName(algorithmId);
  if (!algorithm) throw new RangeError(`Unknown algorithm id ${algorithmId}`);
  return algorithm.name;
}
