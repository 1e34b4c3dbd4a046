import { FleetRoutes } from '../../src/routes/fleet-routes.ts';
import type { Problem } from '../../src/index.ts';
import { measureRoutes, ObjectiveScale, objectiveValues } from '../../src/plan/objective.ts';
import type { Routes } from '../../src/plan/plan-builder.ts';
import { makeEnvironment, buildGraphProblem } from '../helpers.ts';

/**
 * "Two stations on a line": one aisle from x = 0 to x = 20, every node 1 m from its neighbours
 * except D4 (x = 4) to D3 (x = 16), 12 m apart, so every distance is the difference of the x
 * values. Robot R1 starts at station H1 (x = 0), R2 at station H2 (x = 20); speed 1 m/s, so
 * seconds equal metres while no recharge happens.
 *
 *   H1 P1 D1 P4 D4 ............ D3 P3 D2 P2 H2
 *    0  1  2  3  4              16 17 18 19 20
 *
 * Deliveries (indices in the problem): A = P1 -> D1 and D = P4 -> D4 near H1; B = P2 -> D2 and
 * C = P3 -> D3 near H2, each 1 m long.
 */
export const A = 0;
export const B = 1;
export const C = 2;
export const D = 3;

const x: Record<string, number> = { H1: 0, P1: 1, D1: 2, P4: 3, D4: 4, D3: 16, P3: 17, D2: 18, P2: 19, H2: 20 };
const line = ['H1', 'P1', 'D1', 'P4', 'D4', 'D3', 'P3', 'D2', 'P2', 'H2'];

export function twoStationsLine(maxDistance = 1000): Problem {
  const type = (id: string) => (id.startsWith('H') ? 'robot_station' : id.startsWith('P') ? 'pickup' : 'dropoff');
  const environment = makeEnvironment({
    nodes: [
      ...line.map((id): [string, string, number, number] => [id, type(id), x[id], 0]),
      ['R1', 'robot', 0, 0],
      ['R2', 'robot', 20, 0],
    ],
    edges: [
      ...line.slice(1).map((id, k): [string, string, number] => [line[k], id, x[id] - x[line[k]]]),
      ['R1', 'H1', 0],
      ['R2', 'H2', 0],
    ],
    robots: [
      ['R1', 'H1'],
      ['R2', 'H2'],
    ],
  });
  return buildGraphProblem({
    environment,
    tasks: [
      ['P1', 'D1'],
      ['P2', 'D2'],
      ['P3', 'D3'],
      ['P4', 'D4'],
    ],
    params: { max_distance: maxDistance },
  });
}

/** The fleet with the given routes, scored as solve scores it (here: completion time, normalised by these routes). */
export function fleetOf(problem: Problem, routes: Routes): FleetRoutes {
  const figures = measureRoutes(problem, routes);
  const scale = new ObjectiveScale(
    problem.params.objective_weights,
    objectiveValues(problem, figures.finish, figures.distance),
  );
  return new FleetRoutes(problem, scale, routes);
}

/** Each robot's route and finish time. */
export function routesAndFinishes(state: FleetRoutes): { route: number[]; finish: number }[] {
  return state.evaluators.map((evaluator) => ({ route: evaluator.route, finish: evaluator.finish }));
}
