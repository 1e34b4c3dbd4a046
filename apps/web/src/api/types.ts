// Record shapes of spec §3 and §7. The records come from the zod schemas of
// @fleetlab/warehouse (what the server validates and answers); a solve's `results` and
// `stats` are read defensively (see `Solve`), and its `progress` is typed here because the
// schema keeps it open.
import type {
  EnvironmentCreate,
  EnvironmentRecord,
  EnvironmentSummary as EnvironmentSummaryRecord,
  ExperimentCreate,
  ExperimentRecord,
  PickupDropoffPairRecord,
  PointRecord,
  ScenarioCreate,
  ScenarioRecord,
  ScenarioUpdate,
  SolveCreate,
  SolveRecord,
  SolveSummaryRecord,
  TaskCreate,
  TaskDetailsRecord,
  TaskRecord,
  UserRecord,
} from '@fleetlab/warehouse';

export type Point = PointRecord;

export type User = UserRecord;
export type Environment = EnvironmentRecord;
/** An environment as the list returns it: no navigation graph. */
export type EnvironmentSummary = EnvironmentSummaryRecord;
export type Scenario = ScenarioRecord;
export type Task = TaskRecord;
export type TaskDetails = TaskDetailsRecord;
export type PickupDropoffPair = PickupDropoffPairRecord;
/**
 * A solve as the pages read it. The server answers `results` and `stats` as the warehouse
 * schemas say; the pages accept what spec §3 allows too (a `stats` key inside results, steps
 * without battery figures, solves of older versions with fewer figures) and read them through
 * `robotPlansOf` (steps as `PlanStepReading`) and `planStatsOf` (`SolveStatsRecord` fields).
 */
export type Solve = Omit<SolveRecord, 'results' | 'stats'> & {
  results: Record<string, unknown> | null;
  stats: Record<string, unknown> | null;
};
/** A solve as GET /solves lists it: no results, no execution. */
export type SolveSummary = Omit<SolveSummaryRecord, 'stats'> & { stats: Record<string, unknown> | null };

export type NewEnvironment = EnvironmentCreate;
export type NewScenario = ScenarioCreate;
export type NewSolve = SolveCreate;
export type NewTask = TaskCreate;
/** What PATCH /scenarios/{id} may change. */
export type ScenarioChanges = ScenarioUpdate;
export type Experiment = ExperimentRecord;
export type NewExperiment = ExperimentCreate;
/** A task as POST /tasks/generate previews it: not yet tied to a scenario. */
export type GeneratedTask = Omit<TaskCreate, 'scenario_id'> & { scenario_id?: TaskCreate['scenario_id'] };

/** `solve.progress` while running. */
export interface SolveProgress {
  percent: number;
  best_makespan_s?: number | null;
}
