import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { INVALIDATIONS, invalidateAfter, type Mutation } from './invalidation.ts';
import { queryKeys } from './queries.ts';

// Every kind of cached query once: lists with and without a filter, one record of each resource.
const CACHED: Record<string, QueryKey> = {
  me: queryKeys.me,
  environmentList: ['environments', 'list'],
  environment11: ['environments', 'detail', '11'],
  scenarioList: ['scenarios', 'list', { environment_id: null }],
  scenarioListOf11: ['scenarios', 'list', { environment_id: 11 }],
  scenario21: ['scenarios', 'detail', '21'],
  taskList: ['tasks', 'list', { scenario_id: null }],
  taskListOf21: ['tasks', 'list', { scenario_id: '21' }],
  task31: ['tasks', 'detail', '31'],
  solveList: ['solves', 'list', { environment_id: null, scenario_id: null }],
  solveListOf11: ['solves', 'list', { environment_id: '11', scenario_id: null }],
  solve41: ['solves', 'detail', '41'],
  experimentList: ['experiments', 'list'],
  experiment51: ['experiments', 'detail', '51'],
};
type Cached = keyof typeof CACHED;

const ALL_LISTS: Cached[] = [
  'environmentList',
  'scenarioList',
  'scenarioListOf11',
  'taskList',
  'taskListOf21',
  'solveList',
  'solveListOf11',
  'experimentList',
];

/**
 * A client holding every query of CACHED, none on screen. `fetched` names each query fetched
 * since; `invalidated` the queries marked stale and not refetched yet.
 */
async function seededClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetched: Cached[] = [];
  let seeding = true;
  for (const [name, queryKey] of Object.entries(CACHED) as [Cached, QueryKey][]) {
    await queryClient.fetchQuery({
      queryKey,
      queryFn: () => {
        if (!seeding) fetched.push(name);
        return name;
      },
    });
  }
  seeding = false;
  const invalidated = () =>
    (Object.entries(CACHED) as [Cached, QueryKey][])
      .filter(([, queryKey]) => queryClient.getQueryState(queryKey)?.isInvalidated)
      .map(([name]) => name);
  return { queryClient, fetched, invalidated };
}

describe('INVALIDATIONS', () => {
  const expected: Record<Mutation, { refetched: Cached[]; markedStale: Cached[] }> = {
    createEnvironment: { refetched: ['environmentList'], markedStale: [] },
    // A new version: what was made on the environment says a newer layout exists.
    updateEnvironment: {
      refetched: [
        'environmentList',
        'scenarioList',
        'scenarioListOf11',
        'solveList',
        'solveListOf11',
        'experimentList',
      ],
      markedStale: ['scenario21', 'solve41', 'experiment51'],
    },
    // The environment's scenarios, tasks, solves and experiments go with it.
    deleteEnvironment: { refetched: ALL_LISTS, markedStale: ['scenario21', 'task31', 'solve41', 'experiment51'] },
    createScenario: { refetched: ['scenarioList', 'scenarioListOf11'], markedStale: [] },
    updateScenario: { refetched: ['scenarioList', 'scenarioListOf11'], markedStale: [] },
    deleteScenario: {
      refetched: [
        'scenarioList',
        'scenarioListOf11',
        'taskList',
        'taskListOf21',
        'solveList',
        'solveListOf11',
        'experimentList',
      ],
      markedStale: ['task31', 'solve41', 'experiment51'],
    },
    saveTasks: { refetched: ['taskList', 'taskListOf21'], markedStale: [] },
    // The solves and experiments made of the task go with it.
    deleteTask: {
      refetched: ['taskList', 'taskListOf21', 'solveList', 'solveListOf11', 'experimentList'],
      markedStale: ['solve41', 'experiment51'],
    },
    // The dashboard counts and lists solves from the solve list.
    createSolve: { refetched: ['solveList', 'solveListOf11'], markedStale: [] },
    // An experiment's status and figures are read from its solves.
    deleteSolve: { refetched: ['solveList', 'solveListOf11', 'experimentList'], markedStale: ['experiment51'] },
    // A cancelled solve stays, failed; the experiment it is a point of reads its status from it.
    cancelSolve: { refetched: ['solveList', 'solveListOf11', 'experimentList'], markedStale: ['experiment51'] },
    createExperiment: { refetched: ['solveList', 'solveListOf11', 'experimentList'], markedStale: [] },
    cancelExperiment: { refetched: ['solveList', 'solveListOf11', 'experimentList'], markedStale: ['solve41'] },
    // The new points are new solves; the experiment's own page is refreshed from the answer.
    addExperimentPoints: { refetched: ['solveList', 'solveListOf11', 'experimentList'], markedStale: [] },
    deleteExperiment: { refetched: ['solveList', 'solveListOf11', 'experimentList'], markedStale: ['solve41'] },
  };

  it('names every mutation of the app', () => {
    expect(Object.keys(INVALIDATIONS).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [mutation, { refetched, markedStale }] of Object.entries(expected) as [
    Mutation,
    (typeof expected)[Mutation],
  ][]) {
    it(`${mutation} refetches ${refetched.length} cached lists and marks ${markedStale.length} records stale`, async () => {
      const { queryClient, fetched, invalidated } = await seededClient();
      await invalidateAfter(queryClient, mutation);
      expect([...fetched].sort()).toEqual([...refetched].sort());
      expect(invalidated().sort()).toEqual([...markedStale].sort());
    });
  }

  it('leaves the deleted record itself alone: its page navigates away', async () => {
    const { queryClient, invalidated } = await seededClient();
    await invalidateAfter(queryClient, 'deleteTask');
    expect(invalidated()).not.toContain('task31');
    await invalidateAfter(queryClient, 'deleteEnvironment');
    expect(invalidated()).not.toContain('environment11');
  });

  it('refetches a stale record at once while a page shows it', async () => {
    const { queryClient, fetched } = await seededClient();
    const onScreen = new QueryObserver(queryClient, {
      queryKey: CACHED.solve41,
      queryFn: () => {
        fetched.push('solve41');
        return 'solve41';
      },
      staleTime: Infinity,
    });
    const unsubscribe = onScreen.subscribe(() => undefined);
    await invalidateAfter(queryClient, 'deleteTask');
    expect(fetched).toContain('solve41');
    unsubscribe();
  });
});
