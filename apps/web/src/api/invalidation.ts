import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, type Resource } from './queries.ts';

/**
 * What a mutation makes out of date: the lists and the records of each resource it touches.
 * The server deletes in cascade (environment -> scenarios -> tasks -> solves; an experiment
 * with its solves, and its figures are read from them), and the dashboard is made of the
 * environment, scenario and solve lists.
 */
interface Invalidation {
  /** Resources every list of which is out of date: refetched at once, even off screen. */
  readonly lists: readonly Resource[];
  /** Resources every record of which may be out of date: refetched where on screen. */
  readonly details: readonly Resource[];
}

/**
 * One entry per mutation of the app. A deleted record's own detail is left alone: the page
 * that showed it navigates away, and fetching it again would only answer 404.
 */
export const INVALIDATIONS = {
  createEnvironment: { lists: ['environments'], details: [] },
  // A new version: the records made on the environment say a newer layout exists.
  updateEnvironment: {
    lists: ['environments', 'scenarios', 'solves', 'experiments'],
    details: ['scenarios', 'solves', 'experiments'],
  },
  deleteEnvironment: {
    lists: ['environments', 'scenarios', 'tasks', 'solves', 'experiments'],
    details: ['scenarios', 'tasks', 'solves', 'experiments'],
  },
  createScenario: { lists: ['scenarios'], details: [] },
  updateScenario: { lists: ['scenarios'], details: [] },
  deleteScenario: {
    lists: ['scenarios', 'tasks', 'solves', 'experiments'],
    details: ['tasks', 'solves', 'experiments'],
  },
  saveTasks: { lists: ['tasks'], details: [] },
  deleteTask: { lists: ['tasks', 'solves', 'experiments'], details: ['solves', 'experiments'] },
  createSolve: { lists: ['solves'], details: [] },
  deleteSolve: { lists: ['solves', 'experiments'], details: ['experiments'] },
  cancelSolve: { lists: ['solves', 'experiments'], details: ['experiments'] },
  createExperiment: { lists: ['experiments', 'solves'], details: [] },
  cancelExperiment: { lists: ['experiments', 'solves'], details: ['solves'] },
  addExperimentPoints: { lists: ['experiments', 'solves'], details: [] },
  deleteExperiment: { lists: ['experiments', 'solves'], details: ['solves'] },
} as const satisfies Record<string, Invalidation>;

export type Mutation = keyof typeof INVALIDATIONS;

/**
 * Marks what `mutation` made out of date. Lists are small and the next screen usually shows
 * one, so they refetch at once; records (a solve's carries its whole plan) refetch only where
 * a page shows them, the others when next opened.
 */
export function invalidateAfter(queryClient: QueryClient, mutation: Mutation): Promise<void> {
  const { lists, details } = INVALIDATIONS[mutation] as Invalidation;
  return Promise.all([
    ...lists.map((resource) =>
      queryClient.invalidateQueries({ queryKey: queryKeys[resource].lists(), refetchType: 'all' }),
    ),
    ...details.map((resource) => queryClient.invalidateQueries({ queryKey: queryKeys[resource].details() })),
  ]).then(() => undefined);
}
