/** Planner-readable errors the queue itself writes into a failed solve's `results.error`. */
export const INTERRUPTED_TWICE_SOLVE_ERROR =
  'The solve was interrupted twice because its worker stopped; please start it again, and if this keeps happening ask your administrator to check the solve workers (memory, restarts).';
export const CANCELLED_SOLVE_ERROR = 'The solve was cancelled before it finished.';
export const LOST_JOB_SOLVE_ERROR =
  'The solve lost its job in the queue (the queue was reset or its worker failed); please start it again.';

/** The layout of a stored environment breaks the editor's rules: `problems` names them. */
export function brokenEnvironmentSolveError(problems: string): string {
  return `The environment breaks the layout rules: ${problems}. Fix the layout in the editor and save it as a new environment.`;
}

/** A solve may be started at most this often: the first run and one retry after a lost worker. */
export const MAX_SOLVE_ATTEMPTS = 2;
