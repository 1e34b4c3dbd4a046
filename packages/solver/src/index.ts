export { buildProblem, shortestPath, nodeDistance } from './problem/problem.ts';
export { FloorDistanceRows } from './problem/floor-distance-rows.ts';
export type { Problem, ProblemRobot, ProblemDelivery } from './problem/problem.ts';
export { planRoutes, solve } from './solve.ts';
export type { PlannedRoutes, PlannedWork, SolveOptions, SolveOutcome, SolveProgress } from './solve.ts';
export { checkPlan } from './plan/plan-checker.ts';
export type { PlanCheck, PlanMetrics } from './plan/plan-checker.ts';
export { lowerBound } from './bounds/lower-bound.ts';
export type { LowerBound } from './bounds/lower-bound.ts';
export { InfeasibleDeliveryError, InvalidProblemError } from './problem/errors.ts';
export { SolveCancelledError } from './algorithms/context.ts';
export type {
  DistanceModel,
  EnvironmentInput,
  ProblemInput,
  RobotHandover,
  SolveParameters,
} from './problem/problem-input.ts';
