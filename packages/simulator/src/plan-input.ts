import { ABSENT_PARAMETER_FALLBACKS, SOLVE_PARAMETER_DEFAULTS, type SolveParametersRecord } from '@fleetlab/warehouse';
import { SimulationError } from './errors.ts';
import type { Floor, FloorEnvironment } from './floor.ts';

/** The solve parameters an execution reads (absent ones take the warehouse defaults and fallbacks). */
export type SimulationParams = Partial<
  Pick<SolveParametersRecord, 'robot_speed' | 'max_distance' | 'battery_capacity' | 'recharge_time' | 'chargers' | 'handling_time_s'>
>;

export interface ResolvedParams {
  robotSpeed: number;
  maxDistance: number;
  batteryCapacity: number;
  rechargeMinutes: number;
  chargers: number | null;
  handlingTimeS: number;
  /** Scales the detour reserve of the battery rule (1 at first; raised when a jam forces a replay). */
  reserveScale: number;
}

export type WorkItem =
  | { kind: 'delivery'; pickup: string; dropoff: string; pickupCell: number; dropoffCell: number }
  | { kind: 'charge' };

/** One robot's order of work, taken from its plan steps. */
export interface RobotWork {
  id: string;
  station: number;
  homeCell: number;
  startCell: number;
  work: WorkItem[];
}

function number<Fallback extends number | null>(
  value: unknown,
  name: string,
  fallback: Fallback,
  check: (value: number) => boolean,
  rule: string,
): number | Fallback {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || !check(value)) {
    throw new SimulationError(`Parameter ${name} must be ${rule}, got ${JSON.stringify(value)}`);
  }
  return value;
}

export function resolveParams(params: SimulationParams | null | undefined): ResolvedParams {
  const given = params ?? {};
  const defaults = SOLVE_PARAMETER_DEFAULTS;
  return {
    robotSpeed: number(given.robot_speed, 'robot_speed', defaults.robot_speed, (v) => v > 0, 'a number above 0'),
    maxDistance: number(given.max_distance, 'max_distance', defaults.max_distance, (v) => v > 0, 'a number above 0'),
    batteryCapacity: number(given.battery_capacity, 'battery_capacity', defaults.battery_capacity, (v) => v > 0, 'a number above 0'),
    rechargeMinutes: number(given.recharge_time, 'recharge_time', defaults.recharge_time, (v) => v >= 0, 'a number of minutes >= 0'),
    chargers: number(given.chargers, 'chargers', ABSENT_PARAMETER_FALLBACKS.chargers, (v) => Number.isInteger(v) && v >= 1, 'a whole number >= 1'),
    handlingTimeS: number(given.handling_time_s, 'handling_time_s', ABSENT_PARAMETER_FALLBACKS.handling_time_s, (v) => v >= 0, 'a number of seconds >= 0'),
    reserveScale: 1,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads each robot's order of work from a plan (the model's results: robot id -> steps; a
 * `stats` or `error` key, which some results carry, is not a robot). How the plan moves between
 * places is the simulator's business, so paths and times are not read. Refuses, naming the first
 * problem: a robot missing or unknown, a place not in the environment, a pair not in `tasks`.
 */
export function readPlan(floor: Floor, environment: FloorEnvironment, plan: unknown, tasks?: readonly (readonly [string, string])[]): RobotWork[] {
  if (!isRecord(plan)) throw new SimulationError('The plan must be an object mapping robot ids to steps');
  const robots = environment.elements.robots ?? [];
  const known = new Set(robots.map((robot) => robot.id));
  for (const [key, value] of Object.entries(plan)) {
    if (key === 'stats' || key === 'error') continue;
    if (!known.has(key)) throw new SimulationError(`The plan names robot ${key}, which the environment does not have`);
    if (!Array.isArray(value)) throw new SimulationError(`The steps of robot ${key} must be a list`);
  }
  const remaining = new Map<string, number>();
  if (tasks) for (const [pickup, dropoff] of tasks) remaining.set(`${pickup}\u0000${dropoff}`, (remaining.get(`${pickup}\u0000${dropoff}`) ?? 0) + 1);
  const works = robots.map((robot) => {
    const steps = plan[robot.id];
    if (!Array.isArray(steps)) throw new SimulationError(`Robot ${robot.id} is missing from the plan (every robot needs a key, [] when idle)`);
    const station = floor.stationIds.indexOf(robot.station_id);
    if (station < 0) throw new SimulationError(`Robot ${robot.id} belongs to station ${robot.station_id}, which the environment does not have`);
    const homeCell = floor.stationCells[station];
    const work = steps.map((step: unknown, index: number): WorkItem => {
      const where = `Robot ${robot.id} step ${index + 1}`;
      const task = isRecord(step) ? step.task : undefined;
      if (task === 'recharge') return { kind: 'charge' };
      if (task === 'recharge_in_place') throw new SimulationError(`${where}: recharge_in_place cannot run on the floor, a charge needs a charger`);
      if (!Array.isArray(task) || task.length !== 2 || typeof task[0] !== 'string' || typeof task[1] !== 'string') {
        throw new SimulationError(`${where}: the task must be a [pickup, dropoff] pair or "recharge", got ${JSON.stringify(task)}`);
      }
      const [pickup, dropoff] = task as [string, string];
      const pickupCell = floor.cellOf(pickup);
      const dropoffCell = floor.cellOf(dropoff);
      if (pickupCell === undefined) throw new SimulationError(`${where}: pickup ${pickup} is not a place of the environment`);
      if (dropoffCell === undefined) throw new SimulationError(`${where}: dropoff ${dropoff} is not a place of the environment`);
      if (tasks) {
        const key = `${pickup}\u0000${dropoff}`;
        const left = remaining.get(key) ?? 0;
        if (left === 0) throw new SimulationError(`${where}: ${pickup} -> ${dropoff} is not one of the task's pairs (or is done twice)`);
        remaining.set(key, left - 1);
      }
      return { kind: 'delivery', pickup, dropoff, pickupCell, dropoffCell };
    });
    return { id: robot.id, station, homeCell, startCell: floor.cellOf(robot.id) ?? homeCell, work };
  });
  for (const [key, left] of remaining) {
    if (left > 0) throw new SimulationError(`The task's pair ${key.replace('\u0000', ' -> ')} is in no robot's plan`);
  }
  return works;
}
