export * from './records/index.ts';
export { must } from './must.ts';

export type {
  Cell,
  Dimensions,
  Dropoff,
  EditableLayout,
  KeepClearCell,
  GraphEdge,
  GraphNode,
  LayoutElements,
  NavigationGraph,
  NavigationPoint,
  OneWayAisle,
  Pickup,
  PickupSide,
  PlacementRefusal,
  PlacementResult,
  PlacementRule,
  Point,
  Rectangle,
  Robot,
  RobotStation,
  Shelf,
} from './layout/types.ts';
export { generatePickupPoints } from './layout/pickups.ts';
export { generateNavigationPoints, NAVIGATION_POINT_CORNER_OFFSET } from './layout/navigation-points.ts';
export { robotsFromStations } from './layout/robots.ts';
export {
  fleetOfPlan,
  fleetOfSize,
  maxFleetSize,
  robotCountProblem,
  solveRobotCount,
  type FleetEnvironment,
} from './layout/fleet.ts';
export {
  checkEnvironmentRules,
  describeEnvironmentProblems,
  type EnvironmentProblem,
  type EnvironmentRule,
  type EnvironmentRulesReport,
  type EnvironmentToCheck,
} from './layout/environment-rules.ts';
export { checkFloorRules } from './layout/floor-rules.ts';
export { isMissingForSolving } from './layout/usable-layout.ts';
export { servableDropoffsByPickup } from './layout/servable-pairs.ts';
export {
  DEFAULT_KNEE_RULE,
  findKnee,
  kneePointOf,
  kneeRuleSchema,
  type Finished,
  type KneeCandidate,
  type KneeFinding,
  type KneeRule,
  type KneeRuleName,
} from './experiments/knee.ts';
export {
  EXPERIMENT_KINDS,
  type ExperimentPointsField,
  type ExperimentPointsInput,
  type PlannedExperimentPoint,
} from './experiments/experiment-kinds.ts';
export { experimentRerunBody } from './experiments/experiment-rerun.ts';
export {
  comparedFigureOf,
  comparedValue,
  compareRobotModels,
  type ComparedFigure,
  type RobotModelComparison,
  type RobotModelFinding,
} from './experiments/robot-model-comparison.ts';
export {
  fewestRobotsForShift,
  highestSustainedRate,
  type ShiftSweepCandidate,
  type ShiftSweepFinding,
} from './experiments/shift-sweeps.ts';
export { createSeededRandom, seedFromText, shuffleInPlace, shuffled } from './random/seeded-random.ts';
export type { SeededRandom } from './random/seeded-random.ts';
export {
  cellCentreOf,
  isInsideGrid,
  isInsideOrOnRectangle,
  isStrictlyInsideRectangle,
  rectanglesOverlap,
  shelfOnCellOf,
} from './layout/grid-geometry.ts';
export {
  cellAt,
  checkOneWayAislePlacement,
  checkShelfPlacement,
  keepClearCellAt,
  nextElementId,
  placePoint,
  rectangleFromCells,
  sameCell,
  type PlacementContext,
  type PointPlacementResult,
} from './layout/placement.ts';
export {
  createEmptyLayout,
  layoutFromElements,
  withDerivedPoints,
  withDimensions,
  withShelves,
} from './layout/regenerate.ts';
export { eraseRectangle } from './layout/erase.ts';
export {
  addDropoff,
  addKeepClearCell,
  addOneWayAisle,
  addOneWayLanes,
  addRobotStation,
  addShelf,
  addShelves,
  findPickupAt,
  PICKUP_CLICK_RADIUS,
  pickupCellBlocker,
  placementContextOf,
  selectAllPickups,
  togglePickupAt,
  type EditResult,
} from './layout/editing.ts';
export { fillWithShelfRows, type ShelfRowsTemplate } from './layout/template.ts';
export { findOneLaneAisles, type OneLaneAisle } from './layout/one-lane-aisles.ts';
export { batteryPercent } from './layout/battery-percent.ts';
export { normalizeObjectiveWeights, type ObjectiveToggles } from './layout/objective-weights.ts';

export { buildNavigationGraph, type BuildNavigationGraphOptions } from './graph/build-navigation-graph.ts';
export { graphNodesOf, type GraphSourceElements } from './graph/graph-nodes.ts';
export { edgeEndPosition, edgeWeight, pickupPairForbidsEdge, PICKUP_EDGE_TEST_OFFSET } from './graph/edge-rules.ts';
export { pruneNavigationGraph } from './graph/prune-navigation-graph.ts';
export {
  validateGraphNodes,
  validateNavigationGraph,
  type GraphToValidate,
  type NavigationGraphProblem,
} from './graph/validate-navigation-graph.ts';
export {
  generateWarehouseInstance,
  type GeneratedInstance,
  type HotSpotDemand,
  type InstanceGeneratorOptions,
} from './layout/instance-generator.ts';

export * from './floor/index.ts';

export {
  coverObstacles,
  GridMapError,
  linearCell,
  parseGridMap,
  type CellRectangle,
  type GridMap,
} from './formats/grid-map.ts';
export {
  gridMapTextOf,
  layoutFromGridMap,
  layoutFromGridMapText,
  pickupCandidatesByCell,
} from './formats/grid-map-layout.ts';
export {
  importLorrProblem,
  LorrProblemError,
  lorrProblemSchema,
  skippedLorrTasksText,
  type ImportedLorrProblem,
  type LorrProblem,
  type LorrProblemFiles,
  type SkippedLorrTask,
  type SkippedLorrTaskKind,
} from './formats/lorr-problem.ts';
export { planVizExport, type PlanVizOutput } from './formats/planviz.ts';
export {
  VDA5050_VERSION,
  vda5050Orders,
  type Vda5050Action,
  type Vda5050Edge,
  type Vda5050Node,
  type Vda5050Options,
  type Vda5050Order,
} from './formats/vda5050.ts';
export {
  cruisingRunCells,
  FLOOR_DIRECTION_OF_HEADING,
  HEADING_OF_FLOOR_DIRECTION,
  HEADING_STEPS,
  MOTION_TICK_S,
  headingOfStep,
  quarterTurns,
  runsOfWalk,
  runTime,
  speedChangeLossS,
  turnTime,
  walkTime,
  type Heading,
} from './motion/drive-time.ts';
export { FloorClock } from './motion/floor-clock.ts';
export {
  NO_DRIVE,
  runPhases,
  runTimeSplit,
  walkTimeSplit,
  type DriveTimeSplit,
  type RunPhases,
} from './motion/time-split.ts';
export { LeastTimeWalks, restHeading, type TimedWalk, type TimeRow } from './motion/least-time-walks.ts';
export { KeyedHeap } from './data-structures/keyed-heap.ts';
