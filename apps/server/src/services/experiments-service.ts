import {
  tightestBoundOf,
  ALGORITHM_IDS,
  CANCELLED_BY_USER_ERROR,
  DEFAULT_CYCLE_P95_TARGET_S,
  EXPERIMENT_KINDS,
  experimentShiftStatsSchema,
  plannedOrdersPerHour,
  type ExecutionTotalsRecord,
  MAX_SWEEP_POINTS,
  type ExperimentCreateParsed,
  type ExperimentKind,
  type ExperimentPointsAdd,
  type ExperimentPointsField,
  type ExperimentPointsInput,
  type PlannedExperimentPoint,
  type ExperimentPoint,
  type ExperimentPointStats,
  type ExperimentRecord,
  type ExperimentShiftStats,
  type ExperimentStatus,
  type ShiftStatsRecord,
  type SolveStatsRecord,
  type SolveStatusValue,
} from '@fleetlab/warehouse';
import type { Clock } from '../clock.ts';
import type { ExperimentRow } from '../db/schema.ts';
import type { StoredExperiment } from '../repositories/experiments-repository.ts';
import { badRequest, notFound } from '../http/api-error.ts';
import type { NewExperiment } from '../repositories/experiments-repository.ts';
import type { Repositories } from '../repositories/index.ts';
import type { PointSolveRow } from '../repositories/solves-repository.ts';
import { assertRobotCount, type ScenariosService, type ScenarioWithFleet } from './scenarios-service.ts';
import type { SolvesService } from './solves-service.ts';
import { versionOf } from './list-answers.ts';

/** The values a sweep's record lists, from its planned points (a comparison lists none). */
function sweptValues(
  kind: ExperimentKind,
  plan: readonly PlannedExperimentPoint[],
): Pick<NewExperiment, 'robot_counts' | 'charger_counts' | 'rates'> {
  const values = (field: ExperimentPointsField, of: (point: PlannedExperimentPoint) => number | undefined) =>
    EXPERIMENT_KINDS[kind].pointsField === field ? plan.flatMap((point) => of(point) ?? []) : [];
  return {
    robot_counts: values('robot_counts', (point) => point.robotCount),
    charger_counts: values('charger_counts', (point) => point.chargers),
    rates: values('rates', (point) => point.ordersPerHour),
  };
}

const SWEPT_SHIFT_FIGURES = Object.keys(experimentShiftStatsSchema.shape) as (keyof ExperimentShiftStats)[];

/** The figures a sweep compares, out of a shift solve's `stats.shift`. */
function sweptShiftFigures(shift: ShiftStatsRecord): ExperimentShiftStats {
  return Object.fromEntries(SWEPT_SHIFT_FIGURES.map((figure) => [figure, shift[figure]])) as ExperimentShiftStats;
}

function statsOf(solve: PointSolveRow, deliveries: number): ExperimentPointStats | null {
  if (solve.status !== 'completed') return null;
  // Solves from before a figure (or before executions) lack it: it reads null.
  const stats: Partial<SolveStatsRecord> = solve.stats ?? {};
  const execution: Partial<ExecutionTotalsRecord> = stats.execution ?? {};
  // The tightest bound, as the solve's own page reads it.
  const bound = tightestBoundOf(stats);
  const total = (queues: Readonly<Record<string, number>> | undefined) =>
    queues ? Object.values(queues).reduce((sum, seconds) => sum + seconds, 0) : null;
  return {
    makespan_s: stats.makespan_s ?? null,
    total_distance_m: stats.total_distance_m ?? null,
    recharges: stats.recharges ?? null,
    gap: bound?.gap ?? null,
    runtime_ms: stats.runtime_ms ?? null,
    lower_bound_s: bound?.boundS ?? null,
    deliveries,
    executed_makespan_s: execution.executed_makespan_s ?? null,
    free_flow_makespan_s: execution.free_flow_makespan_s ?? null,
    throughput_per_h: execution.throughput_per_h ?? null,
    waiting_s: execution.waiting_s ?? null,
    max_robot_waiting_s: execution.max_robot_waiting_s ?? null,
    charger_queue_s: total(execution.charger_queue_s),
    dock_queue_s: total(execution.dock_queue_s),
    shift: stats.shift ? sweptShiftFigures(stats.shift) : null,
    robot_model: stats.robot_model ?? null,
    mean_cycle_s: stats.mean_cycle_s ?? null,
    time_split: stats.time_split ?? null,
  };
}

function pointOf(solve: PointSolveRow, deliveries: number): ExperimentPoint {
  const error = solve.status === 'failed' ? solve.error : null;
  return {
    solve_id: solve.id,
    algorithm: solve.parameters.algorithm_type,
    robot_count: solve.parameters.robot_count ?? null,
    chargers: solve.parameters.chargers ?? null,
    orders_per_hour: solve.parameters.shift ? plannedOrdersPerHour(solve.parameters.shift) : null,
    parameters: solve.parameters,
    status: solve.status as SolveStatusValue,
    stats: statsOf(solve, deliveries),
    error,
  };
}

/** Cancelled wins; otherwise running until every point ended, failed only when no point completed. */
export function experimentStatusOf(
  cancelled: boolean,
  points: readonly Pick<ExperimentPoint, 'status'>[],
): ExperimentStatus {
  if (cancelled) return 'cancelled';
  if (points.some((point) => point.status === 'pending' || point.status === 'running')) return 'running';
  if (points.length > 0 && points.every((point) => point.status === 'failed')) return 'failed';
  return 'completed';
}

function toExperimentRecord(row: StoredExperiment, solves: PointSolveRow[], deliveries: number): ExperimentRecord {
  const points = solves.map((solve) => pointOf(solve, deliveries));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    status: experimentStatusOf(row.cancelled_at !== null, points),
    environment_id: row.environment_id,
    environment_version: row.environment_version,
    environment_latest_version: row.environment_latest_version,
    scenario_id: row.scenario_id,
    task_id: row.task_id,
    algorithms: row.algorithms,
    robot_counts: row.robot_counts,
    charger_counts: row.charger_counts,
    rates: row.rates,
    robot_models: row.robot_models,
    target_makespan_s: row.target_makespan_s,
    target_throughput_per_h: row.target_throughput_per_h,
    parameters: row.parameters,
    knee_tolerance: row.knee_tolerance,
    cycle_p95_target_s: row.cycle_p95_target_s,
    progress: {
      completed: points.filter((point) => point.status === 'completed').length,
      failed: points.filter((point) => point.status === 'failed').length,
      total: points.length,
    },
    points,
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Experiments run one ordinary solve per point, stored and queued by the solves service exactly
 * like a solve posted by hand (and spread over workers); `create` checks the references once for
 * all points.
 */
export class ExperimentsService {
  constructor(
    private readonly repositories: Repositories,
    private readonly scenarios: ScenariosService,
    private readonly solves: SolvesService,
    private readonly clock: Clock,
  ) {}

  /** The version of the rows GET /experiments shows: experiments and their points' solves. */
  listVersion(userId: number): Promise<string> {
    return versionOf(this.repositories.experiments.listVersion(userId), this.repositories.solves.listVersion(userId));
  }

  async list(userId: number): Promise<ExperimentRecord[]> {
    const rows = await this.repositories.experiments.list(userId);
    return this.withPoints(rows);
  }

  async get(userId: number, id: number): Promise<ExperimentRecord | null> {
    const row = await this.repositories.experiments.get(userId, id);
    if (!row) return null;
    const [record] = await this.withPoints([row]);
    return record;
  }

  async create(userId: number, body: ExperimentCreateParsed): Promise<ExperimentRecord> {
    const found = await this.scenarios.findWithFleet(userId, body.scenario_id);
    if (!found) throw notFound('Scenario');
    const { scenario, environment } = found;
    const taskScenarioId = await this.repositories.tasks.scenarioIdOf(userId, body.task_id);
    if (taskScenarioId === null) throw notFound('Task');
    if (taskScenarioId !== body.scenario_id) {
      throw badRequest(`body.task_id: task ${body.task_id} does not belong to scenario ${body.scenario_id}`);
    }
    const plan = this.planPoints(body, scenario.parameters.robot_count, environment);

    const now = this.clock();
    const experiment = await this.repositories.experiments.insert(
      userId,
      {
        name: body.name,
        description: body.description,
        kind: body.kind,
        environment_id: scenario.environment_id,
        scenario_id: body.scenario_id,
        task_id: body.task_id,
        algorithms: [...new Set(plan.map((point) => point.algorithm))],
        ...sweptValues(body.kind, plan),
        // A robot-model comparison runs each model at the same counts: the record lists them once (none: the scenario's fleet).
        ...(body.kind === 'robot_model_comparison'
          ? { robot_counts: [...new Set(body.robot_counts ?? [])].sort((a, b) => a - b) }
          : {}),
        robot_models: body.robot_models ?? [],
        target_makespan_s: body.target_makespan_s ?? null,
        target_throughput_per_h: body.target_throughput_per_h ?? null,
        parameters: body.parameters,
        knee_tolerance: body.knee_tolerance,
        cycle_p95_target_s: body.parameters.shift ? (body.cycle_p95_target_s ?? DEFAULT_CYCLE_P95_TARGET_S) : null,
      },
      now,
    );
    try {
      await this.storePoints(userId, experiment, plan);
    } catch (error) {
      // All points or none: a half-created experiment would never finish as asked.
      await this.deleteWithSolves(userId, experiment.id);
      throw error;
    }
    const created = await this.get(userId, experiment.id);
    if (!created) throw new Error(`Experiment ${experiment.id} vanished right after it was stored`);
    return created;
  }

  /**
   * Continues a sweep with more points (`experimentPointsAddSchema`): the same algorithm, settings
   * and fleet as its first points, each new value one more solve. 400 for a comparison, a
   * cancelled experiment, values the sweep tested already or more than `MAX_SWEEP_POINTS` in all;
   * robot counts are held to the floor. Null when the experiment is not the caller's.
   */
  async addPoints(userId: number, id: number, body: ExperimentPointsAdd): Promise<ExperimentRecord | null> {
    const row = await this.repositories.experiments.get(userId, id);
    if (!row) return null;
    const field = EXPERIMENT_KINDS[row.kind].pointsField;
    if (field === 'algorithms' || field === 'robot_models' || !EXPERIMENT_KINDS[row.kind].continuable)
      throw badRequest(`A ${row.kind} has no sweep to continue`);
    if (row.cancelled_at) throw badRequest('The experiment was cancelled: start a new one to test more');
    const values = body[field];
    if (values === undefined) throw badRequest(`body.${field}: Required to continue a ${row.kind}`);
    const tested = row[field];
    const repeated = values.find((value, index) => tested.includes(value) || values.indexOf(value) !== index);
    if (repeated !== undefined) throw badRequest(`body.${field}: ${repeated} is tested already`);
    if (tested.length + values.length > MAX_SWEEP_POINTS)
      throw badRequest(
        `body.${field}: a sweep holds at most ${MAX_SWEEP_POINTS} points, this one has ${tested.length}`,
      );
    const found = await this.scenarios.findWithFleet(userId, row.scenario_id);
    if (!found) throw notFound('Scenario');
    const [first] = await this.repositories.solves.pointsOfExperiments([id]);
    const sorted = [...values].sort((a, b) => a - b);
    const plan = this.planPoints(
      { kind: row.kind, algorithm: row.algorithms[0], parameters: row.parameters, [field]: sorted },
      first?.parameters.robot_count,
      found.environment,
    );
    await this.storePoints(userId, row, plan);
    await this.repositories.experiments.setSweptValues(
      id,
      field,
      [...tested, ...sorted].sort((a, b) => a - b),
      this.clock(),
    );
    return this.get(userId, id);
  }

  /** Stores and queues one ordinary solve per planned point of the experiment. */
  private async storePoints(
    userId: number,
    experiment: Pick<ExperimentRow, 'id' | 'name' | 'environment_id' | 'scenario_id' | 'task_id' | 'parameters'>,
    plan: readonly PlannedExperimentPoint[],
  ): Promise<void> {
    const { parameters } = experiment;
    for (const point of plan) {
      const shift =
        parameters.shift && point.ordersPerHour !== undefined
          ? { ...parameters.shift, orders_per_hour: point.ordersPerHour }
          : parameters.shift;
      const solve = {
        name: `${experiment.name} · ${point.label}`,
        description: `Point of experiment ${experiment.id}`,
        environment_id: experiment.environment_id,
        scenario_id: experiment.scenario_id,
        task_id: experiment.task_id,
        algorithm_id: ALGORITHM_IDS[point.algorithm],
        parameters: {
          ...parameters,
          algorithm_type: point.algorithm,
          ...(point.robotCount === undefined ? {} : { robot_count: point.robotCount }),
          ...(point.chargers === undefined ? {} : { chargers: point.chargers }),
          ...(point.robotModel === undefined ? {} : { robot_model: point.robotModel }),
          ...(shift === undefined ? {} : { shift }),
        },
      };
      await this.solves.storeAndEnqueue(userId, solve, experiment.id);
    }
  }

  /** Fails the unfinished points with 'Cancelled by the user'; null when not the caller's. */
  async cancel(userId: number, id: number): Promise<ExperimentRecord | null> {
    const now = this.clock();
    const ended = await this.repositories.transaction(async ({ experiments, solveStatus }) => {
      if (!(await experiments.markCancelled(userId, id, now))) return null;
      return solveStatus.failUnfinishedOfExperiment(id, CANCELLED_BY_USER_ERROR);
    });
    if (!ended) return null;
    await this.solves.withdrawJobs(ended);
    return this.get(userId, id);
  }

  /** Deletes the experiment and its solves; running ones are cancelled by the solves service. */
  async delete(userId: number, id: number): Promise<boolean> {
    const row = await this.repositories.experiments.get(userId, id);
    if (!row) return false;
    await this.deleteWithSolves(userId, id);
    return true;
  }

  private async deleteWithSolves(userId: number, id: number): Promise<void> {
    for (const solveId of await this.repositories.solves.idsOfExperiment(id)) {
      await this.solves.delete(userId, solveId);
    }
    await this.repositories.experiments.delete(userId, id);
  }

  /**
   * The experiment's points by its kind (`EXPERIMENT_KINDS`), their robot counts held to the
   * floor. Kinds whose points set no fleet run on the scenario's, fixed now so later scenario
   * edits leave them alone (undefined: the drawn fleet).
   */
  private planPoints(
    body: ExperimentPointsInput & { readonly kind: ExperimentKind },
    scenarioRobotCount: number | undefined,
    environment: ScenarioWithFleet['environment'],
  ): PlannedExperimentPoint[] {
    const fleet =
      scenarioRobotCount !== undefined &&
      scenarioRobotCount >= 1 &&
      scenarioRobotCount !== environment.elements.robots.length
        ? scenarioRobotCount
        : undefined;
    const points = EXPERIMENT_KINDS[body.kind].points(body, fleet);
    if (EXPERIMENT_KINDS[body.kind].pointsField === 'robot_counts' || body.robot_counts !== undefined) {
      for (const point of points) assertRobotCount('body.robot_counts', point.robotCount, environment);
    }
    return points;
  }

  private async withPoints(rows: StoredExperiment[]): Promise<ExperimentRecord[]> {
    const solves = await this.repositories.solves.pointsOfExperiments(rows.map((row) => row.id));
    const deliveries = await this.repositories.tasks.pairCountsByTask(rows.map((row) => row.task_id));
    const solvesByExperiment = new Map<number, PointSolveRow[]>();
    for (const solve of solves) {
      const points = solvesByExperiment.get(solve.experiment_id) ?? [];
      points.push(solve);
      solvesByExperiment.set(solve.experiment_id, points);
    }
    return rows.map((row) =>
      toExperimentRecord(row, solvesByExperiment.get(row.id) ?? [], deliveries.get(row.task_id) ?? 0),
    );
  }
}
