/**
 * Benchmark instances too large to commit, or made to measure one regime, drawn by the warehouse
 * package's seeded generator (the spec's layout rules): same id, same instance on every machine.
 *
 * - t1, t2: tight batteries and long charges (220 m per charge, 8 min per charge), 48 robots,
 *   700 orders on a 40x50 floor; t2 with hot-spot demand (60% of the orders from 10% of the
 *   pickups). Most robots recharge several times, so the battery decides the makespan.
 * - c800: t1's floor and fleet with 800 orders, to time the makespan search's construction on the
 *   800-order, 48-robot floor of issue 33 (bench/construction-time.ts).
 * - d5k, d20k: the largest days the spec allows: a 50x50 floor with 200 robots and 5,000
 *   orders, and with 400 robots (40 stations x 10) and 20,000 orders.
 * - dense: a crowded floor for traffic: 30x30 with one-lane aisles between the racks, 120 robots
 *   (12 stations x 10) and 2,000 orders into 4 dropoffs. A robot's day there is about 800 m, so
 *   a 2,000 m charge never binds and the day measures traffic alone (t1, t2 measure batteries).
 * - hotspot: a pick zone: 40x30 with one-lane aisles, 150 robots (15 stations x 10), 1,500 orders
 *   with hot-spot demand (60% from 10% of the pickups) and 400 m batteries, so crowding at the hot
 *   pickups and the charges it costs come together.
 * - dense-1w, hotspot-1w: the same floors and orders with their one-lane aisles one-way,
 *   alternating lane by lane (`oneWayLanes`), the traffic rule such a pick zone runs under.
 * - chargers1, battery6: scarce batteries on small floors with 2 stations of 3 robots.
 *   chargers1: 16x16, 30 orders, 60 m per charge, 10 min charges and 1 charger per station, so the
 *   robots queue for the chargers; battery6: 20x20, 40 orders, 120 m per charge and 5 min charges,
 *   so each robot's day takes one or two whole charges.
 * - m1-c1: m1 (a file of bench/instances) with 1 charger per station instead of one per robot.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { generateWarehouseInstance, type GeneratedInstance, type InstanceGeneratorOptions } from '@fleetlab/warehouse';
import type { ProblemInput } from '../src/problem/problem-input.ts';

const SPEC_PARAMS = {
  time_limit: 300,
  battery_capacity: 100,
  max_distance: 1000,
  robot_speed: 1,
  recharge_time: 3,
  balance_factor: 50,
  objective_weights: { completion_time: 100 },
};
const TIGHT_PARAMS = { ...SPEC_PARAMS, max_distance: 220, recharge_time: 8 };

const DENSE: InstanceGeneratorOptions = {
  width: 30,
  height: 30,
  stations: 12,
  robotsPerStation: 10,
  orders: 2_000,
  seed: 30,
  aisleWidth: 1,
  params: { ...SPEC_PARAMS, max_distance: 2000 },
};

const HOTSPOT: InstanceGeneratorOptions = {
  width: 40,
  height: 30,
  stations: 15,
  robotsPerStation: 10,
  orders: 1_500,
  seed: 40,
  aisleWidth: 1,
  hotSpot: { share: 0.6, pickupsFraction: 0.1 },
  params: { ...SPEC_PARAMS, max_distance: 400 },
};

export const GENERATED_INSTANCES: Record<string, InstanceGeneratorOptions> = {
  t1: { width: 40, height: 50, stations: 6, robotsPerStation: 8, orders: 700, seed: 17, params: TIGHT_PARAMS },
  t2: {
    width: 40,
    height: 50,
    stations: 6,
    robotsPerStation: 8,
    orders: 700,
    seed: 18,
    hotSpot: { share: 0.6, pickupsFraction: 0.1 },
    params: TIGHT_PARAMS,
  },
  c800: { width: 40, height: 50, stations: 6, robotsPerStation: 8, orders: 800, seed: 19, params: TIGHT_PARAMS },
  d5k: { width: 50, height: 50, stations: 20, robotsPerStation: 10, orders: 5_000, seed: 5, params: SPEC_PARAMS },
  d20k: { width: 50, height: 50, stations: 40, robotsPerStation: 10, orders: 20_000, seed: 20, params: SPEC_PARAMS },
  dense: DENSE,
  'dense-1w': { ...DENSE, oneWayLanes: true },
  hotspot: HOTSPOT,
  'hotspot-1w': { ...HOTSPOT, oneWayLanes: true },
  chargers1: {
    width: 16,
    height: 16,
    stations: 2,
    robotsPerStation: 3,
    orders: 30,
    seed: 33,
    params: { ...SPEC_PARAMS, max_distance: 60, recharge_time: 10, chargers: 1 },
  },
  battery6: {
    width: 20,
    height: 20,
    stations: 2,
    robotsPerStation: 3,
    orders: 40,
    seed: 34,
    params: { ...SPEC_PARAMS, max_distance: 120, recharge_time: 5 },
  },
};

/** Instances of bench/instances with other parameters: id -> the file's id and the parameters that change. */
const PARAMETER_VARIANTS: Record<string, { base: string; params: Record<string, unknown> }> = {
  'm1-c1': { base: 'm1', params: { chargers: 1 } },
};

/** A generated benchmark instance by id (t1, t2, d5k, d20k, dense, hotspot, ...), with that id. */
export function generatedInstance(id: string): GeneratedInstance | null {
  const options = GENERATED_INSTANCES[id];
  return options ? { ...generateWarehouseInstance(options), id } : null;
}

const INSTANCE_DIRECTORY = new URL('./instances/', import.meta.url);

/** The ids of the instance files in bench/instances. */
export function committedInstanceIds(): string[] {
  return readdirSync(INSTANCE_DIRECTORY)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.replace(/\.json$/, ''));
}

/** Every id loadBenchInstance knows: the files, then the generated days. */
export function benchInstanceIds(): string[] {
  return [...committedInstanceIds(), ...Object.keys(GENERATED_INSTANCES), ...Object.keys(PARAMETER_VARIANTS)];
}

/**
 * A benchmark instance by id: a file of bench/instances (s1 ... xl1, with its bound and
 * reference runs), a generated one (t1, t2, d5k, d20k, dense, hotspot, chargers1, battery6), drawn on
 * the spot, or a file with other parameters (m1-c1; without the file's reference runs and
 * bound, which were measured with its own parameters).
 */
export function loadBenchInstance<T extends ProblemInput = ProblemInput>(id: string): T & { id: string } {
  const generated = generatedInstance(id);
  if (generated) return generated as unknown as T & { id: string };
  const variant = PARAMETER_VARIANTS[id];
  if (variant) {
    const {
      reference: _reference,
      lower_bound: _bound,
      ...base
    } = loadBenchInstance<ProblemInput & Record<string, unknown>>(variant.base);
    return { ...base, id, params: { ...base.params, ...variant.params } } as unknown as T & { id: string };
  }
  if (!committedInstanceIds().includes(id))
    throw new Error(`Unknown instance ${id}; known: ${benchInstanceIds().join(', ')}`);
  return JSON.parse(readFileSync(new URL(`${id}.json`, INSTANCE_DIRECTORY), 'utf8'));
}
