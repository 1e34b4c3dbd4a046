import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  buildNavigationGraph,
  environmentElementsSchema,
  environmentRecordSchema,
  pruneNavigationGraph,
  type EnvironmentCreate,
  type PlanResultsRecord,
  type SolveRecord,
} from '@fleetlab/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentVersions, solves } from '../src/db/schema.ts';
import { EmbeddedSolveQueue } from '../src/jobs/embedded-solve-queue.ts';
import { silentJobLogger } from '../src/jobs/job-logger.ts';
import { createRepositories } from '../src/repositories/index.ts';
import { corridorEnvironment } from './support/fixtures.ts';
import { createChain } from './support/resources.ts';
import { expectStatus, startAppWithQueue, startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from './support/test-database.ts';

/**
 * The requests here come one at a time, but on a loaded machine one may wait for the CPU longer
 * than the admission bound's 150 ms and get a 503: these tests let a request wait its turn.
 */
const PATIENT_ADMISSION = { API_MAX_QUEUE_WAIT_MS: '60000' };

/** The corridor with a second dropoff D2 on row 3, below the shelf's middle: its version 2 below. */
function corridorWithSecondDropoff(): EnvironmentCreate {
  const first = corridorEnvironment();
  const drawn = environmentElementsSchema.parse(first.elements);
  const elements = { ...drawn, dropoffs: [...drawn.dropoffs, { id: 'D2', position: [5.5, 3.5] as [number, number] }] };
  return {
    ...first,
    description: 'The corridor with a second dropoff',
    elements,
    graph: buildNavigationGraph(elements),
  };
}

describe.each(databaseKinds)('environment versions on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  let stranger: SignedInUser;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: PATIENT_ADMISSION });
    user = await t.signUp('versions');
    stranger = await t.signUp('stranger');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = user.headers) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object | undefined });

  it('PUT makes version 2 while the solve made on version 1 still names version 1 and reads its layout', async () => {
    const original = corridorEnvironment('Versioned corridor');
    const created = environmentRecordSchema.parse(
      (await expectStatus(inject('POST', '/environments', original), 201)).json(),
    );
    expect([created.version, created.latest_version]).toEqual([1, 1]);
    const scenario = (
      await expectStatus(inject('POST', '/scenarios', { name: 'Peak', environment_id: created.id }), 201)
    ).json();
    const [task] = (
      await expectStatus(
        inject('POST', '/tasks/batch', [
          { name: 'Two orders', scenario_id: scenario.id, details: { tasks: [['P1', 'D1']] } },
        ]),
        201,
      )
    ).json();
    const postSolve = async (name: string) =>
      (
        await expectStatus(
          inject('POST', '/solves', {
            name,
            environment_id: created.id,
            scenario_id: scenario.id,
            task_id: task.id,
            algorithm_id: 1,
          }),
          201,
        )
      ).json();
    const solveOnVersion1 = await postSolve('Before the edit');
    expect([solveOnVersion1.environment_version, solveOnVersion1.environment_latest_version]).toEqual([1, 1]);

    t.clock.advance(60_000);
    const edited = corridorWithSecondDropoff();
    const saved = environmentRecordSchema.parse(
      (await expectStatus(inject('PUT', `/environments/${created.id}`, edited), 200)).json(),
    );
    expect(saved).toEqual({
      id: created.id,
      name: 'Corridor',
      description: 'The corridor with a second dropoff',
      dimensions: { width: 22, height: 5 },
      elements: edited.elements,
      graph: pruneNavigationGraph(environmentRecordSchema.shape.graph.parse(edited.graph)),
      problems: { errors: [], warnings: [] },
      version: 2,
      latest_version: 2,
      created_at: created.created_at,
      updated_at: new Date(Date.parse(created.created_at) + 60_000).toISOString(),
    });
    // The environment's own page reads the newest layout, as the original client expects.
    expect((await expectStatus(inject('GET', `/environments/${created.id}`), 200)).json()).toEqual(saved);
    const listed = (await expectStatus(inject('GET', '/environments'), 200)).json();
    expect(listed.find((row: { id: number }) => row.id === created.id)).toMatchObject({ version: 2 });

    // The solve made before the edit keeps version 1, says version 2 exists, and version 1 is its layout.
    const oldSolve = (await expectStatus(inject('GET', `/solves/${solveOnVersion1.id}`), 200)).json();
    expect([oldSolve.environment_version, oldSolve.environment_latest_version]).toEqual([1, 2]);
    const versionOne = environmentRecordSchema.parse(
      (await expectStatus(inject('GET', `/environments/${created.id}/versions/1`), 200)).json(),
    );
    expect(versionOne).toEqual({
      ...created,
      version: 1,
      latest_version: 2,
      name: 'Corridor',
      description: edited.description,
    });
    expect(versionOne.elements.dropoffs.map((dropoff) => dropoff.id)).toEqual(['D1']);
    expect((await expectStatus(inject('GET', `/environments/${created.id}/versions/2`), 200)).json()).toEqual(saved);
    // The scenario was made on version 1 too.
    const scenarioNow = (await expectStatus(inject('GET', `/scenarios/${scenario.id}`), 200)).json();
    expect([scenarioNow.environment_version, scenarioNow.environment_latest_version]).toEqual([1, 2]);

    // What the queue would run the old solve on is version 1's layout; a new solve runs on version 2.
    const repositories = createRepositories(t.db);
    const dropoffsRunOn = async (solveId: number) => {
      const [row] = await t.db.select().from(solves).where(eq(solves.id, solveId));
      const input = await repositories.solveStatus.findJobInput(row);
      return input?.environment.elements.dropoffs.map((dropoff) => dropoff.id);
    };
    expect(await dropoffsRunOn(solveOnVersion1.id)).toEqual(['D1']);
    const rerun = await postSolve('After the edit');
    expect([rerun.environment_version, rerun.environment_latest_version]).toEqual([2, 2]);
    expect(await dropoffsRunOn(rerun.id)).toEqual(['D1', 'D2']);
  });

  it('an experiment and its points keep the version they were made on, and say when the layout is edited', async () => {
    const { environmentId, scenarioId, taskId } = await createChain(t.app, user, 'Swept');
    await expectStatus(inject('PUT', `/environments/${environmentId}`, corridorEnvironment()), 200);
    const experiment = (
      await expectStatus(
        inject('POST', '/experiments', {
          name: 'Fleet',
          kind: 'fleet_sweep',
          scenario_id: scenarioId,
          task_id: taskId,
          algorithm: 'greedy_distance',
          robot_counts: [1],
          parameters: { time_limit: 5 },
        }),
        201,
      )
    ).json();
    expect([experiment.environment_version, experiment.environment_latest_version]).toEqual([2, 2]);
    await expectStatus(inject('PUT', `/environments/${environmentId}`, corridorWithSecondDropoff()), 200);
    const now = (await expectStatus(inject('GET', `/experiments/${experiment.id}`), 200)).json();
    expect([now.environment_version, now.environment_latest_version]).toEqual([2, 3]);
    const [point] = now.points;
    const pointSolve = (await expectStatus(inject('GET', `/solves/${point.solve_id}`), 200)).json();
    expect([pointSolve.environment_version, pointSolve.environment_latest_version]).toEqual([2, 3]);
  });

  it('refuses a PUT that breaks a layout rule with the 400 POST gives, and keeps the version', async () => {
    const { environmentId } = await createChain(t.app, user, 'Refused');
    const broken = corridorEnvironment();
    broken.elements.shelves = [...(broken.elements.shelves ?? []), { id: 'S2', position: [3, 0], size: [2, 2] }];
    const byPost = await inject('POST', '/environments', broken);
    const byPut = await inject('PUT', `/environments/${environmentId}`, broken);
    expect(byPost.statusCode).toBe(400);
    expect(byPut.statusCode).toBe(400);
    expect(byPut.json()).toEqual(byPost.json());
    expect(byPut.json().detail).toContain('body.elements.shelves.1: Shelf S2 overlaps shelf S1');
    const { name: _name, ...nameless } = corridorEnvironment();
    const noName = await inject('PUT', `/environments/${environmentId}`, nameless);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().detail).toContain('name');
    const stored = (await expectStatus(inject('GET', `/environments/${environmentId}`), 200)).json();
    expect([stored.version, stored.latest_version]).toEqual([1, 1]);
    expect(
      await t.db.select().from(environmentVersions).where(eq(environmentVersions.environment_id, environmentId)),
    ).toEqual([]);
  });

  it("answers 404 for another user's environment, its versions, and a version it never had", async () => {
    const { environmentId } = await createChain(t.app, user, 'Private');
    await expectStatus(inject('PUT', `/environments/${environmentId}`, corridorEnvironment()), 200);
    const notFound = { detail: 'Environment not found' };
    const put = await inject('PUT', `/environments/${environmentId}`, corridorEnvironment(), stranger.headers);
    expect([put.statusCode, put.json()]).toEqual([404, notFound]);
    for (const version of [1, 2]) {
      const read = await inject(
        'GET',
        `/environments/${environmentId}/versions/${version}`,
        undefined,
        stranger.headers,
      );
      expect([read.statusCode, read.json()]).toEqual([404, { detail: 'Environment version not found' }]);
    }
    const never = await inject('GET', `/environments/${environmentId}/versions/3`);
    expect([never.statusCode, never.json()]).toEqual([404, { detail: 'Environment version not found' }]);
    // The stranger's PUT changed nothing.
    const stored = (await expectStatus(inject('GET', `/environments/${environmentId}`), 200)).json();
    expect(stored.version).toBe(2);
  });

  it('deleting an environment deletes its earlier versions with it', async () => {
    const { environmentId } = await createChain(t.app, user, 'Deleted');
    await expectStatus(inject('PUT', `/environments/${environmentId}`, corridorEnvironment()), 200);
    await expectStatus(inject('PUT', `/environments/${environmentId}`, corridorWithSecondDropoff()), 200);
    const versionsOf = () =>
      t.db
        .select({ version: environmentVersions.version })
        .from(environmentVersions)
        .where(eq(environmentVersions.environment_id, environmentId));
    expect(await versionsOf()).toEqual([{ version: 1 }, { version: 2 }]);
    await expectStatus(
      t.app.inject({ method: 'DELETE', url: `/api/v1/environments/${environmentId}`, headers: user.headers }),
      204,
    );
    expect(await versionsOf()).toEqual([]);
  });
});

describe.each(databaseKinds)('solves on an edited layout run through the queue on %s', (kind) => {
  let database: TestDatabase;
  let queue: EmbeddedSolveQueue;
  let app: FastifyInstance;
  let headers: { authorization: string };

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/v1${url}`, payload: payload as object | undefined, headers });

  async function finished(id: number): Promise<SolveRecord> {
    for (;;) {
      const solve = (await expectStatus(inject('GET', `/solves/${id}`), 200)).json() as SolveRecord;
      if (solve.status === 'completed' || solve.status === 'failed') return solve;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    queue = await EmbeddedSolveQueue.start({ db: database.handle.db, logger: silentJobLogger, threads: 1 });
    ({ app, headers } = await startAppWithQueue(database, queue, 'versionrun', { env: PATIENT_ADMISSION }));
  });
  afterAll(async () => {
    await app?.close();
    await queue?.close();
    await database?.dispose();
  });

  it('a delivery to the dropoff added in version 2 completes on it; the solve made on version 1 keeps its version and plan', async () => {
    const environment = (await expectStatus(inject('POST', '/environments', corridorEnvironment()), 201)).json();
    const scenario = (
      await expectStatus(inject('POST', '/scenarios', { name: 'Peak', environment_id: environment.id }), 201)
    ).json();
    const [task] = (
      await expectStatus(
        inject('POST', '/tasks/batch', [
          { name: 'To D1', scenario_id: scenario.id, details: { tasks: [['P1', 'D1']] } },
        ]),
        201,
      )
    ).json();
    const body = { environment_id: environment.id, scenario_id: scenario.id, task_id: task.id, algorithm_id: 1 };
    const first = await finished(
      (await expectStatus(inject('POST', '/solves', { ...body, name: 'v1' }), 201)).json().id,
    );
    expect(first.status).toBe('completed');

    await expectStatus(inject('PUT', `/environments/${environment.id}`, corridorWithSecondDropoff()), 200);
    const [toD2] = (
      await expectStatus(
        inject('POST', '/tasks/batch', [
          { name: 'To D2', scenario_id: scenario.id, details: { tasks: [['P1', 'D2']] } },
        ]),
        201,
      )
    ).json();
    const second = await finished(
      (await expectStatus(inject('POST', '/solves', { ...body, task_id: toD2.id, name: 'v2' }), 201)).json().id,
    );
    expect(second.status, JSON.stringify(second.results)).toBe('completed');
    expect(second.environment_version).toBe(2);
    const steps = Object.values(second.results as PlanResultsRecord).flat();
    expect(steps.filter((step) => Array.isArray(step.task)).map((step) => step.task)).toEqual([['P1', 'D2']]);

    const firstNow = await finished(first.id);
    expect([firstNow.environment_version, firstNow.environment_latest_version]).toEqual([1, 2]);
    expect(firstNow.results).toEqual(first.results);
  });
});
