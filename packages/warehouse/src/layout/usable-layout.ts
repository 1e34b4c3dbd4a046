import type { EnvironmentProblemRecord } from '../records/index.ts';
import type { EnvironmentProblem, EnvironmentRule } from './environment-rules.ts';
import type { LayoutElements } from './types.ts';

/**
 * What every solve needs of a layout whatever its tasks: a pickup to load at, a dropoff to
 * deliver to and a station whose robots do it. A layout without one of them is refused at save,
 * naming what is missing, instead of failing later at task generation or solving (where the
 * dropoff no robot can reach is found, `checkFloorRules`).
 */
export function checkLayoutIsUsable(elements: LayoutElements): EnvironmentProblem[] {
  const problems: EnvironmentProblem[] = [];
  if (elements.pickups.length === 0) {
    problems.push({
      path: 'elements.pickups',
      element: '',
      rule: 'no-pickup',
      message: "The layout has no pickup point: select at least one on a shelf's side",
    });
  }
  if (elements.dropoffs.length === 0) {
    problems.push({
      path: 'elements.dropoffs',
      element: '',
      rule: 'no-dropoff',
      message: 'The layout has no dropoff point: add at least one',
    });
  }
  if (elements.robot_stations.length === 0) {
    problems.push({
      path: 'elements.robot_stations',
      element: '',
      rule: 'no-robot-station',
      message: 'The layout has no robot station: add at least one, with its robots',
    });
  }
  return problems;
}

/** The rules that say what a layout still lacks for solving, not what is drawn wrong. */
const MISSING_FOR_SOLVING: ReadonlySet<string> = new Set<EnvironmentRule>([
  'no-pickup',
  'no-dropoff',
  'no-robot-station',
  'unreachable-dropoff',
]);

/**
 * True for a problem that says what the layout still lacks before it can be saved (a pickup, a
 * dropoff, a station, a dropoff some robot reaches), rather than something drawn against the
 * rules: the editor draws and imports such an unfinished layout, naming what it lacks.
 */
export const isMissingForSolving = (problem: Pick<EnvironmentProblemRecord, 'rule'>): boolean =>
  MISSING_FOR_SOLVING.has(problem.rule);
