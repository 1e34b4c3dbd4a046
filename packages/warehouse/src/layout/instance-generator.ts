import { buildNavigationGraph } from '../graph/build-navigation-graph.ts';
import { createSeededRandom, shuffled, type SeededRandom } from '../random/seeded-random.ts';
import { withDerivedPoints } from './regenerate.ts';
import { findOneLaneAisles, oneWayAisleOf } from './one-lane-aisles.ts';
import { fillWithShelfRows } from './template.ts';
import type { Dimensions, Dropoff, LayoutElements, NavigationGraph, Pickup, RobotStation } from './types.ts';

/** Hot-spot demand: `share` of the orders start at the first `pickupsFraction` of the pickups (a seeded choice). */
export interface HotSpotDemand {
  share: number;
  pickupsFraction: number;
}

export interface InstanceGeneratorOptions {
  width: number;
  height: number;
  stations: number;
  robotsPerStation: number;
  orders: number;
  dropoffs?: number;
  seed: number;
  /** Cells along a shelf (default 8); shelves are 2 cells deep. */
  shelfLength?: number;
  /** Cells of free floor between shelves, along and across the rows (default 2; 1 gives a dense floor of one-lane aisles). */
  aisleWidth?: number;
  hotSpot?: HotSpotDemand;
  /** One-lane aisles made one-way, alternating lane by lane (`findOneLaneAisles`): the traffic rule of a pick zone. */
  oneWayLanes?: boolean;
  /** Solve parameters stored with the instance (spec §9 names). */
  params?: Record<string, unknown>;
}

export interface GeneratedInstance {
  id: string;
  environment: { name: string; dimensions: Dimensions; elements: LayoutElements; graph: NavigationGraph };
  tasks: [string, string][];
  params: Record<string, unknown>;
}

const SPEC_MAX_SIDE = 50;
const SPEC_MAX_ROBOTS_PER_STATION = 10;

/** `count` cell centres spread evenly along one row, distinct cells, in order. */
function spreadAlongRow(count: number, width: number, y: number): [number, number][] {
  const points: [number, number][] = [];
  for (let k = 0; k < count; k++) points.push([Math.floor(((k + 0.5) * width) / count) + 0.5, y]);
  return points;
}

/**
 * Stations along the top edge, spread evenly, each entered from the free row below it, so
 * robots enter the racks from one side as in the benchmark layouts.
 */
function placeStations(count: number, width: number, robotsPerStation: number): RobotStation[] {
  return spreadAlongRow(count, width, 0.5).map((position, k) => ({
    id: `R${k + 1}`,
    position,
    robot_count: robotsPerStation,
  }));
}

function pickWeighted(
  pickups: readonly Pickup[],
  hot: readonly Pickup[],
  hotShare: number,
  random: SeededRandom,
): Pickup {
  if (hot.length > 0 && random.next() < hotShare) return hot[random.int(hot.length)];
  return pickups[random.int(pickups.length)];
}

/**
 * A seeded warehouse instance drawn by the spec's layout rules: stations with robots along the
 * top, dropoffs along the bottom, rows of 2-deep shelves between them with every pickup point
 * selected, the navigation graph built as the editor builds it, and `orders` random
 * pickup -> dropoff pairs (optionally with hot-spot demand). Same options, same instance; used by
 * the benchmarks for sizes no committed file should hold (400 robots, 20,000 orders).
 */
export function generateWarehouseInstance(options: InstanceGeneratorOptions): GeneratedInstance {
  const { width, height, stations, robotsPerStation, orders, seed } = options;
  if (
    !(
      Number.isInteger(width) &&
      Number.isInteger(height) &&
      width >= 8 &&
      height >= 10 &&
      width <= SPEC_MAX_SIDE &&
      height <= SPEC_MAX_SIDE
    )
  ) {
    throw new RangeError(
      `Floor must be whole cells between 8x10 and ${SPEC_MAX_SIDE}x${SPEC_MAX_SIDE}, got ${width}x${height}`,
    );
  }
  if (!(Number.isInteger(stations) && stations >= 1 && stations <= width)) {
    throw new RangeError(`Stations must be a whole number from 1 to the floor width (${width}), got ${stations}`);
  }
  if (
    !(Number.isInteger(robotsPerStation) && robotsPerStation >= 1 && robotsPerStation <= SPEC_MAX_ROBOTS_PER_STATION)
  ) {
    throw new RangeError(
      `Robots per station must be a whole number from 1 to ${SPEC_MAX_ROBOTS_PER_STATION}, got ${robotsPerStation}`,
    );
  }
  if (!(Number.isInteger(orders) && orders >= 0))
    throw new RangeError(`Orders must be a whole number >= 0, got ${orders}`);
  const aisleWidth = options.aisleWidth ?? 2;
  if (!(Number.isInteger(aisleWidth) && aisleWidth >= 1))
    throw new RangeError(`Aisle width must be a whole number of cells >= 1, got ${aisleWidth}`);
  const random = createSeededRandom(seed);
  const dimensions = { width, height };
  const dropoffCount = Math.max(1, Math.min(width, options.dropoffs ?? Math.ceil(width / 8)));
  const dropoffs: Dropoff[] = spreadAlongRow(dropoffCount, width, height - 0.5).map((position, k) => ({
    id: `D${k + 1}`,
    position,
  }));
  const robotStations = placeStations(stations, width, robotsPerStation);
  const shelves = fillWithShelfRows(
    {
      area: { position: [2, 4], size: [width - 4, height - 7] },
      shelfLength: options.shelfLength ?? 8,
      shelfDepth: 2,
      aisleWidth,
    },
    { dimensions, shelves: [], dropoffs, robot_stations: robotStations },
  );
  const empty: LayoutElements = {
    shelves,
    dropoffs,
    robot_stations: robotStations,
    pickups: [],
    robots: [],
    navigation_points: [],
  };
  const layout = withDerivedPoints(dimensions, empty, { keepSelection: false });
  const elements: LayoutElements = { ...layout.elements, pickups: layout.pickupCandidates };
  if (options.oneWayLanes)
    elements.one_way_aisles = findOneLaneAisles(dimensions, shelves).map((lane, index) =>
      oneWayAisleOf(lane, `W${index + 1}`),
    );
  if (elements.pickups.length === 0) throw new RangeError(`A ${width}x${height} floor leaves no room for shelves`);

  const hotSpot = options.hotSpot;
  const hot = hotSpot
    ? shuffled(elements.pickups, random).slice(
        0,
        Math.max(1, Math.round(elements.pickups.length * hotSpot.pickupsFraction)),
      )
    : [];
  const tasks: [string, string][] = [];
  for (let k = 0; k < orders; k++) {
    const pickup = pickWeighted(elements.pickups, hot, hotSpot?.share ?? 0, random);
    tasks.push([pickup.id, dropoffs[random.int(dropoffs.length)].id]);
  }
  const id = `gen-${width}x${height}-${stations}x${robotsPerStation}-${orders}${aisleWidth === 2 ? '' : `-a${aisleWidth}`}${hotSpot ? '-hot' : ''}${options.oneWayLanes ? '-1w' : ''}-s${seed}`;
  return {
    id,
    environment: { name: id, dimensions, elements, graph: buildNavigationGraph(elements) },
    tasks,
    params: { ...(options.params ?? {}) },
  };
}
