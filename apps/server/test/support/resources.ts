import type { FastifyInstance } from 'fastify';
import { expectStatus, type SignedInUser } from './test-app.ts';
import { scenarioBody, singleAisleEnvironment, solveBody, taskBody } from './fixtures.ts';

export interface OwnedChain {
  environmentId: number;
  scenarioId: number;
  taskId: number;
  solveId: number;
}

/** Creates environment -> scenario -> task -> solve for `user` through the API. */
export async function createChain(app: FastifyInstance, user: SignedInUser, label = 'Chain'): Promise<OwnedChain> {
  const post = (url: string, payload: unknown) =>
    expectStatus(
      app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user.headers, payload: payload as object }),
      201,
    );
  const environment = await post('/environments', singleAisleEnvironment(`${label} environment`));
  const environmentId = environment.json().id as number;
  const scenario = await post('/scenarios', scenarioBody(environmentId, `${label} scenario`));
  const scenarioId = scenario.json().id as number;
  const tasks = await post('/tasks/batch', [taskBody(scenarioId, `${label} task`)]);
  const taskId = tasks.json()[0].id as number;
  const solve = await post('/solves', solveBody({ environmentId, scenarioId, taskId }, `${label} solve`));
  return { environmentId, scenarioId, taskId, solveId: solve.json().id as number };
}
