import { ElitePlans } from '../src/routes/elite-plans.ts';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { PlanStepRecord } from '@fleetlab/warehouse';
import type { AlgorithmContext } from '../src/algorithms/context.ts';
import { assignGreedyByDistance } from '../src/algorithms/greedy-distance.ts';
import { canServe } from '../src/problem/delivery-legs.ts';
import { buildProblem, InfeasibleDeliveryError, type Problem, type ProblemInput } from '../src/index.ts';
import { measureRoutes, ObjectiveScale, objectiveValues } from '../src/plan/objective.ts';
import { createRandom } from '../src/algorithms/random.ts';

const here = dirname(fileURLToPath(import.meta.url));

export const packageRoot = join(here, '..');

export function loadFixture(name: string): ProblemInput & { id: string } {
  return JSON.parse(readFileSync(join(here, 'fixtures', `${name}.json`), 'utf8'));
}

/**
 * The problem on the navigation graph's distances: the algorithms and bounds are tested on
 * small graphs worked out by hand (and on the benchmark instances' graph figures), which have no
 * floor; the floor model has its own tests.
 */
export function buildGraphProblem(input: ProblemInput): Problem {
  return buildProblem({ ...input, distances: 'graph' });
}

export function loadInstance(id: string): ProblemInput & {
  id: string;
  lower_bound: { makespan_lb_s: number; makespan_lb_nobattery_s: number; distance_lb_m: number };
} {
  return JSON.parse(readFileSync(join(packageRoot, 'bench', 'instances', `${id}.json`), 'utf8'));
}

/** A tiny environment from node and edge lists; edges are stored both ways as in the spec. */
export function makeEnvironment(spec: {
  nodes: [id: string, type: string, x: number, y: number][];
  edges: [from: string, to: string, weight: number][];
  robots: [id: string, stationId: string][];
}): ProblemInput['environment'] {
  return {
    elements: {
      robots: spec.robots.map(([id, station_id], index) => ({
        id,
        station_id,
        position: [0, 0] as [number, number],
        station_index: index,
      })),
    },
    graph: {
      nodes: spec.nodes.map(([id, type, x, y]) => ({ id, type, x, y })),
      edges: spec.edges.flatMap(([from, to, weight]) => [
        { from, to, weight },
        { from: to, to: from, weight },
      ]),
    },
  };
}

export function summary(steps: PlanStepRecord[]): string[] {
  return steps.map((step) =>
    typeof step.task === 'string' ? `${step.task}@${step.path[step.path.length - 1]}` : step.task.join('>'),
  );
}

/** The ranges of a random grid warehouse (see gridInstanceArbitrary). */
export interface GridInstanceRanges {
  minHeight: number;
  maxStations: number;
  minPairs: number;
  maxPairs: number;
  minChargeFactor: number;
  maxChargeFactor: number;
  minRechargeMinutes: number;
  /** Offsets of a robot's start from its station (0: on the station). */
  startOffsets: readonly number[];
  /** Hand some robots over mid-shift: at a random grid node, ready after up to 30 s, with up to 60% of a charge used. */
  handovers?: boolean;
}

/**
 * Random small warehouses: a width x height grid of nodes (1 m apart, 4-neighbour edges),
 * stations on grid cells with one or two robots each, pickup/dropoff pairs between distinct
 * cells, and a charge of `chargeFactor` grid diameters.
 */
export function gridInstanceArbitrary(ranges: GridInstanceRanges): fc.Arbitrary<ProblemInput> {
  return fc
    .record({
      width: fc.integer({ min: 2, max: 5 }),
      height: fc.integer({ min: ranges.minHeight, max: 4 }),
      stations: fc.array(
        fc.record({
          cell: fc.nat(),
          robots: fc.integer({ min: 1, max: 2 }),
          startOffset: fc.constantFrom(...ranges.startOffsets),
        }),
        { minLength: 1, maxLength: ranges.maxStations },
      ),
      pairs: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: ranges.minPairs, maxLength: ranges.maxPairs }),
      chargeFactor: fc.double({ min: ranges.minChargeFactor, max: ranges.maxChargeFactor, noNaN: true }),
      rechargeMinutes: fc.integer({ min: ranges.minRechargeMinutes, max: 4 }),
      speed: fc.constantFrom(0.5, 1, 2),
      handovers: ranges.handovers
        ? fc.array(
            fc.option(
              fc.record({
                cell: fc.nat(),
                ready: fc.integer({ min: 0, max: 30 }),
                used: fc.double({ min: 0, max: 0.6, noNaN: true }),
              }),
            ),
            { maxLength: 12 },
          )
        : fc.constant([]),
    })
    .map(({ width, height, stations, pairs, chargeFactor, rechargeMinutes, speed, handovers }): ProblemInput => {
      const cells = width * height;
      const cellId = (c: number) => `N${c % cells}`;
      const nodes: [string, string, number, number][] = [];
      const edges: [string, string, number][] = [];
      for (let c = 0; c < cells; c++) {
        nodes.push([cellId(c), 'navigation', c % width, Math.floor(c / width)]);
        if ((c + 1) % width !== 0) edges.push([cellId(c), cellId(c + 1), 1]);
        if (c + width < cells) edges.push([cellId(c), cellId(c + width), 1]);
      }
      const robots: [string, string][] = [];
      stations.forEach((station, s) => {
        const id = `R${s + 1}`;
        const cell = station.cell % cells;
        nodes.push([id, 'robot_station', cell % width, Math.floor(cell / width)]);
        edges.push([id, cellId(cell), 0.5]);
        for (let k = 1; k <= station.robots; k++) {
          nodes.push([`${id}_${k}`, 'robot', cell % width, Math.floor(cell / width)]);
          // A robot off its station makes the first segment differ from the later ones.
          edges.push([`${id}_${k}`, station.startOffset > 0 ? cellId(cell + k) : id, station.startOffset]);
          robots.push([`${id}_${k}`, id]);
        }
      });
      // Grids have at least two cells, so moving a same-cell dropoff on by one makes it distinct.
      const tasks = pairs.map(([a, b]): [string, string] => [cellId(a), cellId(a % cells === b % cells ? b + 1 : b)]);
      const maxDistance = Math.round((width + height) * chargeFactor * 100) / 100;
      const handed: NonNullable<ProblemInput['handovers']> = {};
      robots.forEach(([id], k) => {
        const handover = handovers[k];
        if (handover)
          handed[id] = {
            place: cellId(handover.cell),
            ready_s: handover.ready,
            used_m: Math.round(handover.used * maxDistance * 100) / 100,
          };
      });
      return {
        environment: makeEnvironment({ nodes, edges, robots }),
        tasks,
        params: { max_distance: maxDistance, recharge_time: rechargeMinutes, robot_speed: speed },
        ...(ranges.handovers ? { handovers: handed } : {}),
      };
    });
}

/** Random small warehouses with up to three stations and nine deliveries, batteries from tight to loose. */
export const smallWarehouses = gridInstanceArbitrary({
  minHeight: 2,
  maxStations: 3,
  minPairs: 2,
  maxPairs: 9,
  minChargeFactor: 1.5,
  maxChargeFactor: 6,
  minRechargeMinutes: 0,
  startOffsets: [0, 1],
});

/**
 * Random warehouses of up to 12 pairs with robots on their stations, charges from tight to ample:
 * the constructions' property tests (an append-only construction may strand a delivery that only
 * fits as a robot's first trip when the robot starts off its station).
 */
export const stationStartInstances = gridInstanceArbitrary({
  minHeight: 2,
  maxStations: 3,
  minPairs: 1,
  maxPairs: 12,
  minChargeFactor: 1.5,
  maxChargeFactor: 5,
  minRechargeMinutes: 0,
  startOffsets: [0],
});

/** The problem of a random instance, or null when one of its deliveries is genuinely impossible (its round trip exceeds the charge): the only refusal allowed. */
export function buildUnlessInfeasible(input: ProblemInput): Problem | null {
  try {
    return buildGraphProblem(input);
  } catch (error) {
    expect(error).toBeInstanceOf(InfeasibleDeliveryError);
    return null;
  }
}

/** The context solve() gives an algorithm (greedy routes, objective scale), with no time limit. */
export function algorithmContext(
  problem: Problem,
  options: { seed?: number; maxIterations?: number } = {},
): AlgorithmContext {
  const greedyRoutes = assignGreedyByDistance(problem);
  const figures = measureRoutes(problem, greedyRoutes);
  return {
    problem,
    random: createRandom(options.seed ?? 1),
    scale: new ObjectiveScale(
      problem.params.objective_weights,
      objectiveValues(problem, figures.finish, figures.distance),
    ),
    greedyRoutes,
    warmStart: null,
    elite: new ElitePlans(0),
    lowerBound: () => 0,
    now: () => 0,
    deadlineMs: Infinity,
    maxIterations: options.maxIterations ?? Infinity,
    checkCancelled: () => {},
    timeUp: () => false,
    progress: () => {},
    iterations: 0,
    stopReason: 'completed',
  };
}

/** The deliveries robot r can do at all, in index order. */
export function servableBy(problem: Problem, robot: number): number[] {
  return [...Array(problem.deliveryCount).keys()].filter((j) => canServe(problem, robot, j));
}
