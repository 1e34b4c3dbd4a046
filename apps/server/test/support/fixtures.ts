import {
  buildNavigationGraph,
  edgeEndPosition,
  edgeWeight,
  type EnvironmentCreate,
  type GraphEdgeRecord,
  type GraphNodeRecord,
  type SolveParametersRecord,
} from '@fleetlab/warehouse';

/** Spec §9: the parameters a solve gets when its body names none (written out, so tests check the defaults). */
export const SPEC_DEFAULT_SOLVE_PARAMETERS: SolveParametersRecord = {
  time_limit: 300,
  algorithm_type: 'greedy_distance',
  battery_capacity: 100,
  max_distance: 1000,
  robot_speed: 1,
  recharge_time: 3,
  objective_weights: { completion_time: 100 },
  balance_factor: 50,
};

function edgesBothWays(nodes: GraphNodeRecord[], pairs: [string, string][]): GraphEdgeRecord[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return pairs.flatMap(([from, to]) => {
    const a = byId.get(from)!;
    const b = byId.get(to)!;
    // Weights as the graph builder measures them (pickups moved 0.05 toward their side).
    const weight = edgeWeight(edgeEndPosition(a), edgeEndPosition(b));
    return [
      { from, to, weight },
      { from: to, to: from, weight },
    ];
  });
}

/**
 * "Single aisle": a 10 x 8 floor with one 1 x 4 shelf, two pickups on its right side,
 * one dropoff, one station with one robot, and a navigation point at the shelf's corner.
 */
export function singleAisleEnvironment(name = 'Single aisle'): EnvironmentCreate {
  const nodes: GraphNodeRecord[] = [
    { id: 'P1', type: 'pickup', x: 3, y: 2.5, side: 'right', shelf_id: 'S1' },
    { id: 'P2', type: 'pickup', x: 3, y: 4.5, side: 'right', shelf_id: 'S1' },
    { id: 'N1', type: 'navigation', x: 3.5, y: 1.5, shelf_id: 'S1' },
    { id: 'D1', type: 'dropoff', x: 8.5, y: 6.5 },
    { id: 'R1', type: 'robot_station', x: 8.5, y: 0.5 },
    { id: 'R1_1', type: 'robot', x: 8.5, y: 0.5 },
  ];
  return {
    name,
    description: 'One shelf, two pickups, one dropoff, one robot',
    dimensions: { width: 10, height: 8 },
    elements: {
      shelves: [{ id: 'S1', position: [2, 2], size: [1, 4] }],
      dropoffs: [{ id: 'D1', position: [8.5, 6.5] }],
      robot_stations: [{ id: 'R1', position: [8.5, 0.5], robot_count: 1 }],
      pickups: [
        { id: 'P1', position: [3, 2.5], shelf_id: 'S1', side: 'right' },
        { id: 'P2', position: [3, 4.5], shelf_id: 'S1', side: 'right' },
      ],
      robots: [{ id: 'R1_1', station_id: 'R1', position: [8.5, 0.5], station_index: 0 }],
      navigation_points: [{ id: 'N1', position: [3.5, 1.5], shelf_id: 'S1' }],
    },
    graph: {
      nodes,
      edges: edgesBothWays(nodes, [
        ['P1', 'N1'],
        ['P1', 'D1'],
        ['P2', 'D1'],
        ['N1', 'R1_1'],
        ['N1', 'R1'],
        ['R1_1', 'D1'],
        ['R1', 'D1'],
      ]),
    },
  };
}

/**
 * "Corridor": a 22 x 5 floor (the smallest height a floor may have) under one long shelf S1
 * (row 0). Station R1 with robots R1_1 and R1_2 at the west end (0, 1), dropoff D1 at (2, 1),
 * pickups P1 at the east end (21, 1) and P2 at (11, 1) on S1's bottom side; the rows below let
 * robots pass each other. From the station R1_1 drives 21 m along row 1 to P1 and 19 m back to
 * D1: an order P1 -> D1 is done 40 s after it is handed out.
 *   row 0:    S  S  S  ...  S  ...  S
 *   row 1:    R1 .  D1 ...  P2 ...  P1
 *   rows 2-4: .  .  .  ...  .  ...  .
 */
export function corridorEnvironment(name = 'Corridor'): EnvironmentCreate {
  const elements = {
    shelves: [{ id: 'S1', position: [0, 0], size: [22, 1] }],
    pickups: [
      { id: 'P1', position: [21.5, 1], shelf_id: 'S1', side: 'bottom' as const },
      { id: 'P2', position: [11.5, 1], shelf_id: 'S1', side: 'bottom' as const },
    ],
    dropoffs: [{ id: 'D1', position: [2.5, 1.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 1.5], robot_count: 2 }],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 1.5], station_index: 0 },
      { id: 'R1_2', station_id: 'R1', position: [0.5, 1.5], station_index: 1 },
    ],
    navigation_points: [],
  } satisfies EnvironmentCreate['elements'];
  return {
    name,
    description: 'One lane of shelves, two pickups, one dropoff, two robots',
    dimensions: { width: 22, height: 5 },
    elements,
    graph: buildNavigationGraph(elements),
  };
}

export const scenarioBody = (environmentId: number, name = 'Morning peak') => ({
  name,
  description: 'Orders before 10:00',
  environment_id: environmentId,
  parameters: {},
});

export const taskBody = (scenarioId: number, name = 'Deliver two items') => ({
  name,
  description: 'P1 and P2 to D1',
  task_type: 'pickup_delivery' as const,
  scenario_id: scenarioId,
  details: {
    tasks: [
      ['P1', 'D1'],
      ['P2', 'D1'],
    ] as [string, string][],
    priority: 1,
  },
});

export const solveBody = (
  ids: { environmentId: number; scenarioId: number; taskId: number },
  name = 'First solve',
) => ({
  name,
  description: 'Greedy baseline',
  environment_id: ids.environmentId,
  scenario_id: ids.scenarioId,
  task_id: ids.taskId,
  algorithm_id: 1,
  parameters: { time_limit: 10, objective_weights: { completion_time: 100 } },
});
