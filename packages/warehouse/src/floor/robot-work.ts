import { FloorError, type Floor, type FloorEnvironment } from './floor.ts';

export interface DeliveryWork {
  kind: 'delivery';
  pickup: string;
  dropoff: string;
  pickupCell: number;
  dropoffCell: number;
  /** The shift order this delivery serves (absent in a day's plan). */
  orderId?: string;
}

export type WorkItem = DeliveryWork | { kind: 'charge' };

/** One robot's order of work, taken from its plan steps, on the floor's cells. */
export interface RobotWork {
  id: string;
  /** Index of its home station in `floor.stationIds`. */
  station: number;
  homeCell: number;
  startCell: number;
  work: WorkItem[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pairKey = (pickup: string, dropoff: string) => `${pickup}\u0000${dropoff}`;

/**
 * Reads each robot's order of work from a plan (the model's results: robot id -> steps; a
 * `stats` or `error` key, which some results carry, is not a robot), in the environment's robot
 * order. How the plan moves between places is the floor's business, so paths and times are not
 * read. Refuses with a FloorError naming the first problem: a robot missing or unknown, a place
 * not in the environment, a pair not in `tasks` (when given), a pair of `tasks` in no plan.
 */
export function robotWorkFromPlan(
  floor: Floor,
  environment: FloorEnvironment,
  plan: unknown,
  tasks?: readonly (readonly [string, string])[],
): RobotWork[] {
  if (!isRecord(plan)) throw new FloorError('The plan must be an object mapping robot ids to steps');
  const robots = environment.elements.robots ?? [];
  const known = new Set(robots.map((robot) => robot.id));
  for (const [key, value] of Object.entries(plan)) {
    if (key === 'stats' || key === 'error') continue;
    if (!known.has(key)) throw new FloorError(`The plan names robot ${key}, which the environment does not have`);
    if (!Array.isArray(value)) throw new FloorError(`The steps of robot ${key} must be a list`);
  }
  const remaining = new Map<string, number>();
  for (const [pickup, dropoff] of tasks ?? [])
    remaining.set(pairKey(pickup, dropoff), (remaining.get(pairKey(pickup, dropoff)) ?? 0) + 1);
  const takePair = (where: string, pickup: string, dropoff: string) => {
    const left = remaining.get(pairKey(pickup, dropoff)) ?? 0;
    if (left === 0)
      throw new FloorError(`${where}: ${pickup} -> ${dropoff} is not one of the task's pairs (or is done twice)`);
    remaining.set(pairKey(pickup, dropoff), left - 1);
  };
  const works = robots.map((robot): RobotWork => {
    const steps = plan[robot.id];
    if (!Array.isArray(steps))
      throw new FloorError(`Robot ${robot.id} is missing from the plan (every robot needs a key, [] when idle)`);
    const station = floor.stationIndexOf(robot.station_id);
    if (station < 0)
      throw new FloorError(
        `Robot ${robot.id} belongs to station ${robot.station_id}, which the environment does not have`,
      );
    const work = steps.map((step: unknown, index: number): WorkItem => {
      const where = `Robot ${robot.id} step ${index + 1}`;
      const task = isRecord(step) ? step.task : undefined;
      if (task === 'recharge') return { kind: 'charge' };
      if (task === 'recharge_in_place')
        throw new FloorError(`${where}: recharge_in_place cannot run on the floor, a charge needs a charger`);
      if (!Array.isArray(task) || task.length !== 2 || typeof task[0] !== 'string' || typeof task[1] !== 'string') {
        throw new FloorError(
          `${where}: the task must be a [pickup, dropoff] pair or "recharge", got ${JSON.stringify(task)}`,
        );
      }
      const [pickup, dropoff] = task as [string, string];
      const pickupCell = floor.cellOf(pickup);
      const dropoffCell = floor.cellOf(dropoff);
      if (pickupCell === undefined)
        throw new FloorError(`${where}: pickup ${pickup} is not a place of the environment`);
      if (dropoffCell === undefined)
        throw new FloorError(`${where}: dropoff ${dropoff} is not a place of the environment`);
      if (tasks) takePair(where, pickup, dropoff);
      return { kind: 'delivery', pickup, dropoff, pickupCell, dropoffCell };
    });
    const homeCell = floor.stationCells[station];
    return { id: robot.id, station, homeCell, startCell: floor.cellOf(robot.id) ?? homeCell, work };
  });
  for (const [key, left] of remaining) {
    if (left > 0) throw new FloorError(`The task's pair ${key.replace('\u0000', ' -> ')} is in no robot's plan`);
  }
  return works;
}

/** Robots of each station (index into `floor.stationIds`). */
export function robotsPerStation(floor: Floor, robots: readonly Pick<RobotWork, 'station'>[]): number[] {
  const counts = new Array<number>(floor.stationIds.length).fill(0);
  for (const robot of robots) counts[robot.station]++;
  return counts;
}
