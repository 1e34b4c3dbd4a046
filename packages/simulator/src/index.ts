export { simulate } from './simulate.ts';
export type { SimulateOptions, SimulationParams } from './simulate.ts';
export { checkExecution } from './check-execution.ts';
export type { ExecutionCheck } from './check-execution.ts';
export { toDense } from './dense.ts';
export type { DenseExecution } from './dense.ts';
export { SimulationCancelledError, SimulationError } from './errors.ts';
export { runShift, REPLAN_ITERATIONS } from './shift/run-shift.ts';
export type { ShiftOptions, ShiftOutcome, ShiftParams } from './shift/run-shift.ts';
