/**
 * Benchmark instances too large to commit, or made to measure one regime, drawn by the warehouse
 * package's seeded generator (the spec's layout rules): same id, same instance on every machine.
 *
 * - t1, t2: tight batteries and long charges (220 m per charge, 8 min per charge), 48 robots,
 *   700 orders on a 40x50 floor; t2 with hot-spot demand (60% of the orders from 10% of the
 *   pickups). Most robots recharge several times, so the battery decides the makespan.
 * - d5k, d20k: the largest days the spec allows: a 50x50 floor with 200 robots and 5,000
 *   orders, and with 400 robots (40 stations x 10) and 20,000 orders.
 * - dense: a crowded floor for traffic: 30x30 with one-lane aisles between the racks, 120 robots
 *   (12 stations x 10) and 2,000 orders into 4 dropoffs. A robot's day there is about 800 m, so
 *   a 2,000 m charge never binds and the day measures traffic alone (t1, t2 measure batteries).
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
  d5k: { width: 50, height: 50, stations: 20, robotsPerStation: 10, orders: 5_000, seed: 5, params: SPEC_PARAMS },
  d20k: { width: 50, height: 50, stations: 40, robotsPerStation: 10, orders: 20_000, seed: 20, params: SPEC_PARAMS },
  dense: {
    width: 30,
    height: 30,
    stations: 12,
    robotsPerStation: 10,
    orders: 2_000,
    seed: 30,
    aisleWidth: 1,
    params: { ...SPEC_PARAMS, max_distance: 2000 },
  },
};

/** A generated benchmark instance by id (t1, t2, d5k, d20k, dense), with that id. */
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
  return [...committedInstanceIds(), ...Object.keys(GENERATED_INSTANCES)];
}

/**
 * A benchmark instance by id: a file of bench/instances (s1 ... xl1, with its bound and
 * reference runs) or a generated one (t1, t2, d5k, d20k, dense), drawn on the spot.
 */
export function loadBenchInstance<T extends ProblemInput = ProblemInput>(id: string): T & { id: string } {
  const generated = generatedInstance(id);
  if (generated) return generated as unknown as T & { id: string };
  if (!committedInstanceIds().includes(id))
    throw new Error(`Unknown instance ${id}; known: ${benchInstanceIds().join(', ')}`);
  return JSON.parse(readFileSync(new URL(`${id}.json`, INSTANCE_DIRECTORY), 'utf8'));
}
