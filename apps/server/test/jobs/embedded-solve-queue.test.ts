import { checkExecution } from '@fleetlab/simulator';
import { eq } from 'drizzle-orm';
import { buildProblem, InfeasibleDeliveryError, InvalidProblemError, solve } from '@fleetlab/solver';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { solves } from '../../src/db/schema.ts';
import { EmbeddedSolveQueue } from '../../src/jobs/embedded-solve-queue.ts';
import { silentJobLogger } from '../../src/jobs/job-logger.ts';
import { SolveStatusRepository } from '../../src/repositories/solve-status-repository.ts';
import { CANCELLED_SOLVE_ERROR, INTERRUPTED_TWICE_SOLVE_ERROR } from '../../src/jobs/solve-errors.ts';
import { openTestDatabase, type TestDatabase } from '../support/test-database.ts';
import {
  checkStoredPlan,
  isolatedPickupInstance,
  loadInstance,
  readSolve,
  storeInstance,
  storePendingSolve,
  waitFor,
  waitForStatus,
  type StoredChain,
} from './solve-fixtures.ts';

const s1 = loadInstance('s1');
// The solver proves its plans for s1 optimal at once; on xl1 (1,000 deliveries) a time-limited search runs to its limit.
const xl1 = loadInstance('xl1');

describe('embedded solve queue (worker threads, PGlite)', () => {
  let database: TestDatabase;
  let chain: StoredChain;
  let searchChain: StoredChain;
  const queues: EmbeddedSolveQueue[] = [];
  const db = () => database.handle.db;
  const startQueue = async (
    options: {
      threads?: number;
      shutdownGraceMs?: number;
      progressIntervalMs?: number;
      solveStatus?: SolveStatusRepository;
    } = {},
  ) => {
    const queue = await EmbeddedSolveQueue.start({
      db: db(),
      logger: silentJobLogger,
      threads: options.threads ?? 1,
      ...options,
    });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    chain = await storeInstance(db(), s1);
    searchChain = await storeInstance(db(), xl1);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.close()));
    // Each test starts from an empty queue.
    await db().delete(solves);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('runs a pending solve to completed with a plan that passes the solve-model checker', async () => {
    const queue = await startQueue();
    const solveId = await storePendingSolve(db(), chain, { algorithm: 'greedy_distance', timeLimitS: 5 });
    await queue.enqueue(solveId);
    expect((await readSolve(db(), solveId))?.celery_task_id).toBe(`embedded-${solveId}-1`);

    const done = await waitForStatus(db(), solveId, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect(done.celery_task_id).toBe(`embedded-${solveId}-1`);
    expect(done.progress).toBeNull();
    const check = checkStoredPlan(s1, done);
    expect(check.errors).toEqual([]);
    expect(check.valid).toBe(true);
    const stats = done.stats as Record<string, unknown>;
    expect(Object.keys(done.results ?? {})).not.toContain('stats');
    expect(stats.algorithm).toBe('greedy_distance');
    expect(stats.deliveries).toBe(s1.tasks.length);
    // The greedy construction's makespan on s1 planned on the floor (fleetlab-solve s1 --algorithm greedy_distance).
    expect(stats.makespan_s).toBe(109);
    expect(check.metrics.makespan_s).toBeCloseTo(109, 6);
    // The same job ran the plan on the shared floor: stored beside it, its totals in stats.
    const execution = done.execution!;
    expect(execution.totals.deliveries).toBe(s1.tasks.length);
    expect(execution.totals.planned_makespan_s).toBe(109);
    // Each robot alone on the floor does exactly what the plan says.
    expect(execution.totals.free_flow_makespan_s).toBe(109);
    expect(stats.execution).toEqual(execution.totals);
    expect(checkExecution(s1.environment as never, done.results, execution, done.parameters).errors).toEqual([]);
  });

  it('writes progress (percent, best makespan, time) while a time-limited solve runs', async () => {
    const queue = await startQueue();
    const solveId = await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 4 });
    await queue.enqueue(solveId);

    const running = await waitFor(
      () => readSolve(db(), solveId),
      // The optimising phase, even when a busy machine's first read comes late.
      (row) =>
        row?.status === 'running' &&
        row.progress?.phase === 'optimising' &&
        typeof row.progress.best_makespan_s === 'number' &&
        (row.progress.percent as number) > 0,
      { timeoutMs: 15_000, what: 'progress with a best makespan' },
    );
    const progress = running!.progress!;
    expect(Object.keys(progress).sort()).toEqual(['best_makespan_s', 'percent', 'phase', 'updated_at']);
    expect(progress.phase).toBe('optimising');
    expect(progress.percent as number).toBeLessThanOrEqual(100);
    expect(new Date(progress.updated_at as string).toISOString()).toBe(progress.updated_at);

    // Progress is written at most once a second: the distinct write times seen are >= 1 s apart.
    const writeTimes = new Set<string>();
    const done = await waitFor(
      async () => {
        const row = await readSolve(db(), solveId);
        if (row?.progress) writeTimes.add(row.progress.updated_at as string);
        return row;
      },
      // A solve ends after its 4 s search with its bounds, checks and runs on the floor, which a
      // slow machine shared with other work takes a while over.
      (row) => row?.status === 'completed' || row?.status === 'failed',
      { timeoutMs: 60_000, intervalMs: 20, what: 'the solve to end' },
    );
    const times = [...writeTimes].map((time) => Date.parse(time)).sort((a, b) => a - b);
    expect(times.length).toBeGreaterThanOrEqual(2);
    for (let k = 1; k < times.length; k++) expect(times[k] - times[k - 1]).toBeGreaterThanOrEqual(950);
    expect(done!.status).toBe('completed');
    expect(done!.progress).toBeNull();
    expect(checkStoredPlan(xl1, done!).valid).toBe(true);
    expect(done!.stats?.algorithm).toBe('makespan');
    // The search never returns a plan longer than one it reported; of its best plans the one that
    // runs best on the floor is kept (`traffic_choice`), which may plan a little longer.
    const searchBest = (done!.stats?.traffic_choice?.best_planned_s ?? done!.stats?.makespan_s) as number;
    expect(searchBest).toBeLessThanOrEqual(progress.best_makespan_s as number);
  }, 120_000);

  it('fails a task with an unreachable pickup with the solver message naming the pair', async () => {
    const instance = isolatedPickupInstance();
    const isolatedChain = await storeInstance(db(), instance);
    let expectedMessage = '';
    try {
      buildProblem({ environment: instance.environment as never, tasks: instance.tasks });
    } catch (error) {
      expect(error).toBeInstanceOf(InfeasibleDeliveryError);
      expectedMessage = (error as Error).message;
    }
    expect(expectedMessage).toContain(`${instance.isolatedPair[0]} -> ${instance.isolatedPair[1]}`);

    const queue = await startQueue();
    const solveId = await storePendingSolve(db(), isolatedChain, { algorithm: 'greedy_distance', timeLimitS: 5 });
    await queue.enqueue(solveId);
    const done = await waitForStatus(db(), solveId, ['completed', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.results).toEqual({ error: expectedMessage });
    expect(done.progress).toBeNull();
  });

  it('fails a shift whose pair no robot can reach with the solver message naming the pair', async () => {
    const instance = isolatedPickupInstance();
    const isolatedChain = await storeInstance(db(), instance);
    const queue = await startQueue();
    const solveId = await storePendingSolve(db(), isolatedChain, {
      algorithm: 'greedy_distance',
      timeLimitS: 5,
      shift: { hours: 0.25, orders_per_hour: 60 },
    });
    await queue.enqueue(solveId);
    const done = await waitForStatus(db(), solveId, ['completed', 'failed']);
    expect(done.status).toBe('failed');
    expect((done.results as { error: string }).error).toMatch(
      new RegExp(`^Delivery ${instance.isolatedPair[0]} -> ${instance.isolatedPair[1]} cannot be done: `),
    );
  });

  it('writes a shift’s progress over the whole bar (phase shift), and on close hands the shift back whole', async () => {
    const queue = await startQueue({ progressIntervalMs: 200 });
    // xl1's 100 robots over 8 h at 1,200 orders an hour: seconds of work, stopped long before the end.
    const solveId = await storePendingSolve(db(), searchChain, {
      algorithm: 'greedy_distance',
      timeLimitS: 5,
      shift: { hours: 8, orders_per_hour: 1200, dispatch: 'nearest_idle' },
    });
    await queue.enqueue(solveId);
    const running = await waitFor(
      () => readSolve(db(), solveId),
      (row) => row?.status === 'running' && (row.progress?.percent as number) > 0,
      {
        timeoutMs: 15_000,
        intervalMs: 20,
        what: 'a shift under way',
      },
    );
    expect(running!.progress).toMatchObject({ phase: 'shift', best_makespan_s: null });
    expect(running!.progress!.percent as number).toBeLessThan(100);

    // "Finish early" stops the shift; half a shift's figures are not the shift's, so it goes back to pending.
    const startedMs = Date.now();
    await queue.close();
    // Well short of the solve's 60 s limit, whatever else the machine runs: asked for its best
    // plan so far, not waited for.
    expect(Date.now() - startedMs).toBeLessThan(30_000);
    const row = await readSolve(db(), solveId);
    expect(row).toMatchObject({
      status: 'pending',
      progress: null,
      results: null,
      stats: null,
      celery_task_id: `embedded-${solveId}-1`,
    });
  });

  it('cancels a running shift: its thread stops at once and the solve is failed with the cancellation text', async () => {
    const queue = await startQueue();
    const solveId = await storePendingSolve(db(), searchChain, {
      algorithm: 'greedy_distance',
      timeLimitS: 5,
      shift: { hours: 8, orders_per_hour: 1200, dispatch: 'nearest_idle' },
    });
    await queue.enqueue(solveId);
    await waitForStatus(db(), solveId, ['running']);
    await queue.cancel(solveId);
    expect(queue.runningSolveIds).toEqual([]);
    const row = await readSolve(db(), solveId);
    expect(row).toMatchObject({ status: 'failed', results: { error: CANCELLED_SOLVE_ERROR } });
  });

  it('fails a solve the solver cannot run (unknown algorithm id) with the solver message, no stack trace', async () => {
    const queue = await startQueue();
    const solveId = await storePendingSolve(db(), chain, { algorithm: 'greedy_distance', timeLimitS: 5 });
    await db().update(solves).set({ algorithm_id: 99 }).where(eq(solves.id, solveId));
    await queue.enqueue(solveId);
    const done = await waitForStatus(db(), solveId, ['completed', 'failed']);
    expect(done.status).toBe('failed');
    // The solver's own message for the same call, stored as is.
    const problem = buildProblem({ environment: s1.environment as never, tasks: s1.tasks });
    expect(() => solve(problem, { algorithm: 99 })).toThrow(InvalidProblemError);
    const expected = (() => {
      try {
        solve(problem, { algorithm: 99 });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(expected).toMatch(/^Unknown algorithm 99/);
    expect(done.results).toEqual({ error: expected });
  });

  it('cancels a pending solve so it never runs, and stops a running one promptly', async () => {
    const queue = await startQueue({ threads: 1 });
    const longSolveId = await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 60 });
    const waitingSolveId = await storePendingSolve(db(), chain, { algorithm: 'greedy_distance', timeLimitS: 5 });
    await queue.enqueue(longSolveId);
    await queue.enqueue(waitingSolveId);
    await waitForStatus(db(), longSolveId, ['running']);
    expect((await readSolve(db(), waitingSolveId))?.status).toBe('pending');

    // Cancelled without being deleted: it is failed with the cancellation text and never starts.
    await queue.cancel(waitingSolveId);
    const cancelledWaiting = await readSolve(db(), waitingSolveId);
    expect(cancelledWaiting?.status).toBe('failed');
    expect(cancelledWaiting?.results).toEqual({ error: CANCELLED_SOLVE_ERROR });

    // Deleted, then cancelled (what DELETE /solves/{id} does): the thread stops at once.
    const startedMs = Date.now();
    await db().delete(solves).where(eq(solves.id, longSolveId));
    await queue.cancel(longSolveId);
    expect(Date.now() - startedMs).toBeLessThan(2000);
    expect(queue.runningSolveIds).toEqual([]);
    expect(await readSolve(db(), longSolveId)).toBeUndefined();
    expect((await readSolve(db(), waitingSolveId))?.status).toBe('failed');
  });

  it('cancels a running solve that is not deleted: failed with the cancellation text, never completed later', async () => {
    const queue = await startQueue();
    const solveId = await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 3 });
    await queue.enqueue(solveId);
    await waitForStatus(db(), solveId, ['running']);
    await queue.cancel(solveId);
    expect(queue.runningSolveIds).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const row = await readSolve(db(), solveId);
    expect(row?.status).toBe('failed');
    expect(row?.results).toEqual({ error: CANCELLED_SOLVE_ERROR });
  });

  it('stops a running solve within a second of its row being deleted by another process', async () => {
    const queue = await startQueue();
    const solveId = await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 60 });
    await queue.enqueue(solveId);
    await waitForStatus(db(), solveId, ['running']);
    await db().delete(solves).where(eq(solves.id, solveId));
    await waitFor(
      async () => queue.runningSolveIds,
      (ids) => ids.length === 0,
      { timeoutMs: 2500, what: 'the run to stop' },
    );
  });

  it('after a killed process: runs the solve it left running (attempt 2) and the one it left pending', async () => {
    const first = await startQueue();
    const interruptedId = await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 2 });
    const neverStartedId = await storePendingSolve(db(), chain, { algorithm: 'greedy_distance', timeLimitS: 2 });
    await first.enqueue(interruptedId);
    await waitForStatus(db(), interruptedId, ['running']);
    await first.close();
    // What a killed process leaves: the row still `running` under its job, the other one pending.
    await db()
      .update(solves)
      .set({
        status: 'running',
        results: null,
        celery_task_id: `embedded-${interruptedId}-1`,
        progress: { percent: 40, best_makespan_s: 90, updated_at: new Date().toISOString() },
      })
      .where(eq(solves.id, interruptedId));
    await db()
      .update(solves)
      .set({ status: 'pending', results: null, celery_task_id: null })
      .where(eq(solves.id, neverStartedId));

    await startQueue();
    const recovered = await waitForStatus(db(), interruptedId, ['completed', 'failed']);
    expect(recovered.status).toBe('completed');
    expect(recovered.celery_task_id).toBe(`embedded-${interruptedId}-2`);
    expect(checkStoredPlan(xl1, recovered).valid).toBe(true);
    const neverStarted = await waitForStatus(db(), neverStartedId, ['completed', 'failed']);
    expect(neverStarted.status).toBe('completed');
    expect(neverStarted.celery_task_id).toBe(`embedded-${neverStartedId}-1`);
  });

  it('fails a solve interrupted on its second attempt with the clear error', async () => {
    const solveId = await storePendingSolve(db(), chain, { algorithm: 'greedy_distance', timeLimitS: 2 });
    await db()
      .update(solves)
      .set({ status: 'running', celery_task_id: `embedded-${solveId}-2` })
      .where(eq(solves.id, solveId));
    await startQueue();
    const row = await readSolve(db(), solveId);
    expect(row?.status).toBe('failed');
    expect(row?.results).toEqual({ error: INTERRUPTED_TWICE_SOLVE_ERROR });
  });

  it('on close, asks a time-limited solve for its best plan so far, which completes the solve', async () => {
    // Asked for its best plan, the solve still checks it and runs it on the floor: a grace that
    // a slow, shared machine also meets.
    const queue = await startQueue({ shutdownGraceMs: 25_000 });
    const solveId = await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 60 });
    await queue.enqueue(solveId);
    await waitFor(
      () => readSolve(db(), solveId),
      (row) => typeof row?.progress?.best_makespan_s === 'number',
      {
        timeoutMs: 15_000,
        what: 'a first plan',
      },
    );
    const startedMs = Date.now();
    await queue.close();
    // Well short of the solve's 60 s limit, whatever else the machine runs: asked for its best
    // plan so far, not waited for.
    expect(Date.now() - startedMs).toBeLessThan(30_000);
    const row = await readSolve(db(), solveId);
    expect(row?.status).toBe('completed');
    expect(row?.stats?.stopped_early).toBe(true);
    expect(checkStoredPlan(xl1, row!).valid).toBe(true);
  });

  it('hands a solve back to pending when it cannot finish within the shutdown grace', async () => {
    const queue = await startQueue({ shutdownGraceMs: 0 });
    const solveId = await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 60 });
    await queue.enqueue(solveId);
    await waitForStatus(db(), solveId, ['running']);
    await queue.close();
    const row = await readSolve(db(), solveId);
    // Either handed back before the solver answered, or (rarely) completed from its best plan.
    expect(['pending', 'completed']).toContain(row?.status);
    if (row?.status === 'pending') {
      expect(row.progress).toBeNull();
      expect(row.celery_task_id).toBe(`embedded-${solveId}-1`);
    }
  });

  it('runs as many solves at once as it has threads', async () => {
    const queue = await startQueue({ threads: 2 });
    const ids = [
      await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 3 }),
      await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 3 }),
      await storePendingSolve(db(), searchChain, { algorithm: 'makespan', timeLimitS: 3 }),
    ];
    for (const id of ids) await queue.enqueue(id);
    await waitFor(
      async () => queue.runningSolveIds.length,
      (count) => count === 2,
      { timeoutMs: 10_000, what: 'two running solves' },
    );
    expect(queue.runningSolveIds.sort()).toEqual(ids.slice(0, 2).sort());
    expect((await readSolve(db(), ids[2]))?.status).toBe('pending');
    for (const id of ids) expect((await waitForStatus(db(), id, ['completed', 'failed'])).status).toBe('completed');
  });

  it('starts the next solve while the previous one stores its plan: storing holds no solve thread', async () => {
    // A status repository whose outcome writes wait for the test to let them through.
    let letThrough: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (letThrough = resolve));
    class GatedStatus extends SolveStatusRepository {
      override async complete(...args: Parameters<SolveStatusRepository['complete']>) {
        await gate;
        return super.complete(...args);
      }
    }
    const queue = await startQueue({ threads: 1, solveStatus: new GatedStatus(db(), () => new Date()) });
    const first = await storePendingSolve(db(), chain, { algorithm: 'greedy_distance', timeLimitS: 5 });
    const second = await storePendingSolve(db(), chain, { algorithm: 'greedy_distance', timeLimitS: 5 });
    await queue.enqueue(first);
    await queue.enqueue(second);
    // With one thread, the second solve runs while the first, solved, still waits to be stored.
    await waitFor(
      async () => (await readSolve(db(), second))?.status,
      (status) => status !== 'pending',
      { timeoutMs: 20_000, what: 'the second solve started' },
    );
    expect((await readSolve(db(), first))?.status).toBe('running');
    letThrough();
    for (const id of [first, second])
      expect((await waitForStatus(db(), id, ['completed', 'failed'])).status).toBe('completed');
  });
});
