import { Floor, type FloorEnvironment } from '../floor/floor.ts';
import type { PlanStepRecord } from '../records/plan.ts';

/** The VDA 5050 version the orders are written in (order.schema of the VDA5050 repository's release 2.1.0). */
export const VDA5050_VERSION = '2.1.0';

export interface Vda5050Action {
  actionType: 'pick' | 'drop' | 'startCharging';
  actionId: string;
  actionDescription: string;
  blockingType: 'HARD';
  actionParameters: { key: string; value: string }[];
}

export interface Vda5050Node {
  nodeId: string;
  sequenceId: number;
  nodeDescription?: string;
  released: true;
  nodePosition: { x: number; y: number; mapId: string; allowedDeviationXY: number };
  actions: Vda5050Action[];
}

export interface Vda5050Edge {
  edgeId: string;
  sequenceId: number;
  released: true;
  startNodeId: string;
  endNodeId: string;
  length: number;
  maxSpeed?: number;
  actions: [];
}

/** One VDA 5050 order message (master control to vehicle). */
export interface Vda5050Order {
  headerId: number;
  timestamp: string;
  version: typeof VDA5050_VERSION;
  manufacturer: string;
  serialNumber: string;
  orderId: string;
  orderUpdateId: number;
  nodes: Vda5050Node[];
  edges: Vda5050Edge[];
}

export interface Vda5050Options {
  /** The vehicles' manufacturer, as the fleet manager knows it (default `fleetlab`). */
  manufacturer?: string;
  /** The map the positions are on (default `fleetlab`): each floor of a site has its own. */
  mapId?: string;
  /** When the plan starts: each order is stamped with the moment its trip begins. Default: the Unix epoch. */
  start?: Date;
  /** Metres per second the robots may drive, written as each edge's `maxSpeed` (absent: not written). */
  maxSpeed?: number;
}

/**
 * A plan as VDA 5050 orders: one per robot and trip. A trip is a plan step: a delivery (from where
 * the robot is to the pickup, `pick`, then to the dropoff, `drop`) or a recharge (home to the
 * robot's station, `startCharging`; a `recharge_in_place` of the original product's plans charges
 * where the robot stands: one node). Nodes are the trip's places and the cells where its floor walk
 * turns, so every edge is a straight run over free cells; positions are cell centres in the
 * layout's frame (metres, x to the right, y down the grid as the editor draws it). Ids follow the
 * standard: `orderId` `ROBOT-k` (k from 1, a new order per trip), `orderUpdateId` 0 (no updates),
 * `sequenceId` running over the order's nodes and edges (nodes even from 0, edges odd), `headerId`
 * counting the robot's order messages from 0. Orders come robot by robot, in plan order.
 */
export function vda5050Orders(
  environment: FloorEnvironment,
  results: Readonly<Record<string, readonly Pick<PlanStepRecord, 'task' | 'completion_time'>[]>>,
  options: Vda5050Options = {},
): Vda5050Order[] {
  const floor = new Floor(environment);
  const mapId = options.mapId ?? 'fleetlab';
  const start = options.start ?? new Date(0);
  const stationOf = new Map((environment.elements.robots ?? []).map((robot) => [robot.id, robot.station_id]));
  const position = (cell: number) => ({ x: floor.x(cell) + 0.5, y: floor.y(cell) + 0.5, mapId, allowedDeviationXY: 0 });
  const orders: Vda5050Order[] = [];

  for (const [robot, steps] of Object.entries(results)) {
    const station = stationOf.get(robot);
    let here = floor.requireCellOf(robot, 'Robot');
    // The first trip starts at the robot's own node (where it is parked); later ones at the last place reached.
    let hereId = robot;
    let setOutS = 0;
    steps.forEach((step, index) => {
      const orderId = `${robot}-${index + 1}`;
      const nodes: Vda5050Node[] = [];
      const edges: Vda5050Edge[] = [];
      const action = (
        actionType: Vda5050Action['actionType'],
        description: string,
        parameters: Vda5050Action['actionParameters'],
      ): Vda5050Action => ({
        actionType,
        actionId: `${orderId}-${actionType}`,
        actionDescription: description,
        blockingType: 'HARD',
        actionParameters: parameters,
      });
      let previousCell = here;
      const addNode = (cell: number, nodeId: string, description?: string, actions: Vda5050Action[] = []) => {
        const previous = nodes[nodes.length - 1];
        if (previous) {
          const from = previousCell;
          edges.push({
            edgeId: `${previous.nodeId}-${nodeId}`,
            sequenceId: 2 * nodes.length - 1,
            released: true,
            startNodeId: previous.nodeId,
            endNodeId: nodeId,
            length: Math.abs(floor.x(cell) - floor.x(from)) + Math.abs(floor.y(cell) - floor.y(from)),
            ...(options.maxSpeed === undefined ? {} : { maxSpeed: options.maxSpeed }),
            actions: [],
          });
        }
        nodes.push({
          nodeId,
          sequenceId: 2 * nodes.length,
          ...(description === undefined ? {} : { nodeDescription: description }),
          released: true,
          nodePosition: position(cell),
          actions,
        });
        previousCell = cell;
      };
      /** The walk to `goal`: a node where it turns, then the goal's node. */
      const driveTo = (goal: number, nodeId: string, description: string, actions: Vda5050Action[]) => {
        const cells = floor.walk(here, goal);
        for (let k = 1; k < cells.length - 1; k++) {
          const [before, cell, after] = [cells[k - 1], cells[k], cells[k + 1]] as [number, number, number];
          if (cell - before !== after - cell) addNode(cell, cellNodeId(floor, cell));
        }
        if (goal !== here) addNode(goal, nodeId, description, actions);
        else {
          const last = nodes[nodes.length - 1];
          if (last) last.actions.push(...actions);
        }
        here = goal;
        hereId = nodeId;
      };

      addNode(here, hereId);
      if (Array.isArray(step.task)) {
        const [pickup, dropoff] = step.task;
        driveTo(floor.requireCellOf(pickup, 'Pickup'), pickup, `pickup ${pickup}`, [
          action('pick', `pick up at ${pickup}`, [
            { key: 'stationName', value: pickup },
            { key: 'stationType', value: 'shelf' },
            { key: 'loadType', value: 'default' },
          ]),
        ]);
        driveTo(floor.requireCellOf(dropoff, 'Dropoff'), dropoff, `dropoff ${dropoff}`, [
          action('drop', `drop at ${dropoff}`, [
            { key: 'stationName', value: dropoff },
            { key: 'stationType', value: 'dropoff' },
            { key: 'loadType', value: 'default' },
          ]),
        ]);
      } else if (step.task === 'recharge_in_place') {
        // A plan of the original product: the robot charges where it stands, no drive.
        nodes[0]?.actions.push(action('startCharging', `charge in place at ${hereId}`, []));
      } else {
        if (station === undefined) throw new Error(`Robot ${robot} has no station to charge at`);
        driveTo(floor.requireCellOf(station, 'Station'), station, `station ${station}`, [
          action('startCharging', `charge at ${station}`, [{ key: 'stationName', value: station }]),
        ]);
      }
      orders.push({
        headerId: index,
        timestamp: new Date(start.getTime() + Math.round(setOutS * 1000)).toISOString(),
        version: VDA5050_VERSION,
        manufacturer: options.manufacturer ?? 'fleetlab',
        serialNumber: robot,
        orderId,
        orderUpdateId: 0,
        nodes,
        edges,
      });
      setOutS = step.completion_time;
    });
  }
  return orders;
}

/** A waypoint's node id: `cell-x-y` of the cell where the walk turns. */
function cellNodeId(floor: Floor, cell: number): string {
  return `cell-${floor.x(cell)}-${floor.y(cell)}`;
}
