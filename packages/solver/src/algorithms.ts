import type { AlgorithmName } from './types.ts';

export interface AlgorithmInfo {
  id: number;
  name: AlgorithmName;
  label: string;
  description: string;
  /** Improves until the time limit (or a proven zero gap) rather than finishing on its own. */
  timeLimited: boolean;
}

/** The seven algorithms, ids per spec §7. */
export const ALGORITHMS: readonly AlgorithmInfo[] = Object.freeze([
  {
    id: 1,
    name: 'greedy_distance',
    label: 'Greedy (distance)',
    description: 'Takes the deliveries in the given order and gives each to the robot that can finish it soonest. Instant, a good baseline.',
    timeLimited: false,
  },
  {
    id: 2,
    name: 'hungarian',
    label: 'Hungarian rounds',
    description: 'Rounds of optimal one-delivery-per-robot assignment (Jonker-Volgenant), minimising the finish times of each round.',
    timeLimited: false,
  },
  {
    id: 3,
    name: 'kmeans',
    label: 'K-means clusters',
    description: 'Groups the pickups into one balanced cluster per robot, matches clusters to robots and orders each route.',
    timeLimited: false,
  },
  {
    id: 4,
    name: 'auction',
    label: 'Sequential auction',
    description: 'Robots bid for deliveries one auction at a time; bids mix marginal cost and load, weighed by the balance factor.',
    timeLimited: false,
  },
  {
    id: 5,
    name: 'genetic',
    label: 'Genetic algorithm',
    description: 'Evolves delivery sequences split optimally among robots, with crossover, mutation and local search, until the time limit.',
    timeLimited: true,
  },
  {
    id: 6,
    name: 'makespan',
    label: 'Makespan optimiser',
    description: 'The strongest option: min-max construction, local search and ruin-and-recreate until the time limit or a proven optimum.',
    timeLimited: true,
  },
  {
    id: 7,
    name: 'marginal_benefit',
    label: 'Marginal benefit (regret)',
    description: 'Inserts first the delivery that would lose most by waiting (largest regret), each at its best place.',
    timeLimited: false,
  },
] satisfies AlgorithmInfo[]);

/** Looks an algorithm up by spec id (number or numeric string) or name; undefined when unknown. */
export function algorithmByIdOrName(key: AlgorithmName | number | string): AlgorithmInfo | undefined {
  if (typeof key === 'number') return ALGORITHMS.find((algorithm) => algorithm.id === key);
  const trimmed = key.trim();
  if (/^\d+$/.test(trimmed)) return ALGORITHMS.find((algorithm) => algorithm.id === Number(trimmed));
  return ALGORITHMS.find((algorithm) => algorithm.name === trimmed);
}
