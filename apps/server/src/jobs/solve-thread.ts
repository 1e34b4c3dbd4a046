import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { buildProblem, InfeasibleDeliveryError, InvalidProblemError } from '@fleetlab/solver';
import { planAndExecute, runShift, SimulationCancelledError, SimulationError } from '@fleetlab/simulator';
import { type ExecutionRecord, type FloorClock, type SolveStatsRecord, solveTimeSplit } from '@fleetlab/warehouse';
import { FINISH_EARLY_FLAG, type SolveThreadMessage, type SolveThreadRequest } from './solve-thread-protocol.ts';

/**
 * Body of a pool thread: takes one solve request at a time, builds the problem, runs the
 * synchronous solver (or, with `parameters.shift`, the shift) and posts progress and the
 * outcome. Solves run here, off the main thread, so the API (embedded mode) or the BullMQ lock
 * renewal (distributed mode) never waits behind the solver.
 */
const port = parentPort;
if (!port) throw new Error('solve-thread.ts must run inside a worker thread');
const post = (message: SolveThreadMessage) => port.postMessage(message);

function runSolve(request: SolveThreadRequest): SolveThreadMessage {
  const control = new Int32Array(request.control);
  const finishEarlyRequested = () => Atomics.load(control, FINISH_EARLY_FLAG) === 1;
  try {
    return request.problem.params.shift
      ? runShiftSolve(request, finishEarlyRequested)
      : runBatchSolve(request, finishEarlyRequested);
  } catch (error) {
    // Messages a planner can act on: a pair no robot can do, unusable input, a shift that cannot run.
    if (
      error instanceof InfeasibleDeliveryError ||
      error instanceof InvalidProblemError ||
      error instanceof SimulationError
    ) {
      return { runId: request.runId, type: 'rejected', message: error.message };
    }
    const failure = error instanceof Error ? error : new Error(String(error));
    return { runId: request.runId, type: 'crashed', message: failure.message, stack: failure.stack };
  }
}

/** A day's solve: the plan, then its run on the floor. */
function runBatchSolve(request: SolveThreadRequest, finishEarlyRequested: () => boolean): SolveThreadMessage {
  const { runId } = request;
  /*
   * "Finish early" is expressed through the solver's injected clock: once the flag is up the
   * clock reads past the time limit, so the time-limited algorithms (genetic, makespan) stop
   * searching at their next check and return the best plan found so far, which is still
   * checked and complete. The constructive algorithms simply run to their end.
   */
  const clockJumpMs = (request.timeLimitS + 1) * 1000;
  let clockJumped = false;
  const solverClock = () => {
    if (!clockJumped && finishEarlyRequested()) clockJumped = true;
    return performance.now() + (clockJumped ? clockJumpMs : 0);
  };
  const problem = buildProblem(request.problem);
  if (finishEarlyRequested()) return { runId, type: 'not-started' };
  const solveStartedMs = performance.now();
  // The plan, then its run with every robot on the floor at once (traffic, waiting, charger
  // queues); a makespan solve runs its best few plans and keeps the one that runs best.
  const outcome = planAndExecute(
    request.problem,
    {
      algorithm: request.algorithmId,
      seed: request.seed,
      timeLimitS: request.timeLimitS,
      now: solverClock,
      // Asked to finish early, the solve also keeps its bounds short and runs only its plan.
      finishingEarly: finishEarlyRequested,
      onProgress: ({ phase, fraction, bestMakespanS }) =>
        post({ runId, type: 'progress', phase, fraction, bestMakespanS }),
    },
    problem,
  );
  // The jumped clock inflates the solver's own runtime figure; report the real one.
  const stats = clockJumped
    ? { ...outcome.stats, runtime_ms: Math.round(performance.now() - solveStartedMs), stopped_early: true }
    : outcome.stats;
  const { execution, executionError } = outcome;
  const withExecution: SolveStatsRecord = {
    ...stats,
    execution: execution?.totals ?? null,
    ...(executionError ? { execution_error: executionError } : {}),
    // The plan's own floor clock: its rows from every place are cached already.
    ...timeSplitOf(request, outcome.results, execution ?? null, problem.floorClock),
  };
  const plan = { results: JSON.stringify(outcome.results), execution: execution ? JSON.stringify(execution) : null };
  return { runId, type: 'completed', plan, stats: withExecution, stoppedEarly: clockJumped };
}

/** Where the robots' time went and the mean cycle time (`solveTimeSplit`), for the stats; nothing when the plan is not on the floor. */
function timeSplitOf(
  request: SolveThreadRequest,
  results: unknown,
  execution: ExecutionRecord | null,
  clock: FloorClock | null = null,
): Pick<SolveStatsRecord, 'time_split' | 'mean_cycle_s'> {
  return solveTimeSplit(request.problem.environment, request.problem.params, results, execution, clock) ?? {};
}

/**
 * A shift: orders released over it (the task's `release_s` when it has them), handed to the
 * fleet by the shift's dispatch policy, re-planned with the solve's algorithm. "Finish early"
 * stops it: a shift cut short has no figures worth keeping, so the solve is handed back whole.
 */
function runShiftSolve(request: SolveThreadRequest, finishEarlyRequested: () => boolean): SolveThreadMessage {
  const { runId, problem } = request;
  try {
    const outcome = runShift(problem.environment, problem.tasks, problem.params, {
      ...(request.releaseS === undefined ? {} : { releaseS: request.releaseS }),
      algorithm: request.algorithmId,
      seed: request.seed,
      onProgress: (fraction) => post({ runId, type: 'progress', phase: 'shift', fraction, bestMakespanS: null }),
      shouldStop: finishEarlyRequested,
    });
    const plan = { results: JSON.stringify(outcome.results), execution: JSON.stringify(outcome.execution) };
    const stats = { ...outcome.stats, ...timeSplitOf(request, outcome.results, outcome.execution) };
    return { runId, type: 'completed', plan, stats, stoppedEarly: false };
  } catch (error) {
    if (error instanceof SimulationCancelledError) return { runId, type: 'not-started' };
    throw error;
  }
}

/**
 * Runs this thread below the process's priority, so on a busy machine the process's main thread
 * (the API, or the lock renewal of a distributed worker) and the embedded database's thread get a
 * core before the solver does. Linux applies a nice value per thread; the step is relative
 * (10 more, at most 19), so a server started under `nice` keeps its solver below it too.
 * Elsewhere the thread keeps the process's priority.
 */
function lowerThreadPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0)
      os.setPriority(threadId, Math.min(LOWEST_PRIORITY, os.getPriority(threadId) + SOLVER_NICE_STEP));
  } catch {
    // Not Linux, or not allowed: the solve still runs, at normal priority.
  }
}

/** How much nicer than the process a solve thread runs, and the nicest Linux allows. */
const SOLVER_NICE_STEP = os.constants.priority.PRIORITY_BELOW_NORMAL - os.constants.priority.PRIORITY_NORMAL;
const LOWEST_PRIORITY = os.constants.priority.PRIORITY_LOW;

lowerThreadPriority();
port.on('message', (request: SolveThreadRequest) => post(runSolve(request)));
post({ type: 'ready' });
