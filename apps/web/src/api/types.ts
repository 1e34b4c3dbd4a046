// Record shapes of spec §3 and §7. The records come from the zod schemas of
// @fleetlab/warehouse (what the server validates and answers); a solve's `results` and
// `stats` are read defensively (see `Solve`), and its `progress` is typed here because the
// schema keeps it open.
import type {
  DimensionsRecord,
  ElementsRecord,
  EnvironmentCreate,
  EnvironmentRecord,
  EnvironmentSummary as EnvironmentSummaryRecord,
  GraphEdgeRecord,
  GraphNodeRecord,
  NavigationGraphRecord,
  PickupDropoffPairRecord,
  PointRecord,
  ScenarioCreate,
  ScenarioParametersRecord,
  ScenarioRecord,
  SolveCreate,
  SolveParametersRecord,
  SolveRecord,
  SolveSummaryRecord,
  SolveStatusValue,
  TaskCreate,
  TaskDetailsRecord,
  TaskRecord,
  TaskTypeValue,
  UserRecord,
} from '@fleetlab/warehouse';

export type Point = PointRecord;
export type Dimensions = DimensionsRecord;
export type EnvironmentElements = ElementsRecord;
export type Shelf = ElementsRecord['shelves'][number];
export type Dropoff = ElementsRecord['dropoffs'][number];
export type RobotStation = ElementsRecord['robot_stations'][number];
export type Pickup = ElementsRecord['pickups'][number];
export type ShelfSide = Pickup['side'];
export type Robot = ElementsRecord['robots'][number];
export type NavigationPoint = ElementsRecord['navigation_points'][number];
export type GraphNode = GraphNodeRecord;
export type GraphNodeType = GraphNodeRecord['type'];
export type GraphEdge = GraphEdgeRecord;
export type NavigationGraph = NavigationGraphRecord;

export type User = UserRecord;
export type Environment = EnvironmentRecord;
/** An environment as the list returns it: no navigation graph. */
export type EnvironmentSummary = EnvironmentSummaryRecord;
export type Scenario = ScenarioRecord;
export type ScenarioParameters = ScenarioParametersRecord;
export type Task = TaskRecord;
export type TaskType = TaskTypeValue;
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
export type SolveStatus = SolveStatusValue;
export type SolveParameters = SolveParametersRecord;

export type NewEnvironment = EnvironmentCreate;
export type NewScenario = ScenarioCreate;
export type NewSolve = SolveCreate;
export type NewTask = TaskCreate;
/** A task as POST /tasks/generate previews it: not yet tied to a scenario. */
export type GeneratedTask = Omit<TaskCreate, 'scenario_id'> & { scenario_id?: TaskCreate['scenario_id'] };

/** `solve.progress` while running. */
export interface SolveProgress {
  percent: number;
  best_makespan_s?: number | null;
}
