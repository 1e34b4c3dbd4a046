import type { GraphNode, LayoutElements } from '../layout/types.ts';

/** The parts of a layout that become graph nodes. */
export type GraphSourceElements = Pick<
  LayoutElements,
  'shelves' | 'pickups' | 'dropoffs' | 'navigation_points' | 'robots' | 'robot_stations'
>;

/**
 * The graph's nodes, in the original product's order: the selected pickups, dropoffs,
 * navigation points, robots, then robot stations. Only pickups carry `side`; pickups and
 * navigation points carry `shelf_id`.
 */
export function graphNodesOf(elements: GraphSourceElements): GraphNode[] {
  const nodes: GraphNode[] = [];
  for (const pickup of elements.pickups) {
    const [x, y] = pickup.position;
    nodes.push({ id: pickup.id, type: 'pickup', x, y, side: pickup.side, shelf_id: pickup.shelf_id });
  }
  for (const dropoff of elements.dropoffs) {
    nodes.push({ id: dropoff.id, type: 'dropoff', x: dropoff.position[0], y: dropoff.position[1] });
  }
  for (const point of elements.navigation_points) {
    const node: GraphNode = { id: point.id, type: 'navigation', x: point.position[0], y: point.position[1] };
    if (point.shelf_id !== undefined) node.shelf_id = point.shelf_id;
    nodes.push(node);
  }
  for (const robot of elements.robots) {
    nodes.push({ id: robot.id, type: 'robot', x: robot.position[0], y: robot.position[1] });
  }
  for (const station of elements.robot_stations) {
    nodes.push({ id: station.id, type: 'robot_station', x: station.position[0], y: station.position[1] });
  }
  return nodes;
}
