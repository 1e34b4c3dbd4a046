export { buildProblem, resolveParameters, shortestPath, nodeDistance } from './problem.ts';
export type { Problem, ProblemRobot, ProblemDelivery } from './problem.ts';
export { solve } from './solve.ts';
export type { SolveOptions, SolveOutcome, SolveProgress } from './solve.ts';
export { checkPlan } from './plan-checker.ts';
export type { PlanCheck, PlanMetrics } from './plan-checker.ts';
export { lowerBound } from './lower-bound.ts';
export type { LowerBound } from './lower-bound.ts';
export { InfeasibleDeliveryError, InvalidProblemError } from './errors.ts';
export { SolveCancelledError } from './algorithms/context.ts';
export { ALGORITHMS, algorithmByIdOrName } from './algorithms.ts';
export type { AlgorithmInfo } from './algorithms.ts';
export { DEFAULT_PARAMETERS, OBJECTIVE_NAMES } from './types.ts';
export type {
  AlgorithmName,
  EnvironmentInput,
  ObjectiveName,
  ObjectiveValues,
  ObjectiveWeights,
  PlanResults,
  PlanStep,
  ProblemInput,
  SolveParameters,
  SolveStats,
} from './types.ts';
