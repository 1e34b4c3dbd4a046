import type { EnvironmentProblemRecord } from '../records/index.ts';
import { pickupCell } from '../floor/floor.ts';
import { isInsideGrid, isStrictlyInsideRectangle, shelfOnCellOf } from './grid-geometry.ts';
import { checkFloorRules } from './floor-rules.ts';
import { checkLayoutIsUsable } from './usable-layout.ts';
import { checkOneWayAislePlacement, checkShelfPlacement, placePoint } from './placement.ts';
import type { Dimensions, LayoutElements, OneWayAisle, PickupSide, PlacementRule, Point, Shelf } from './types.ts';

/**
 * The rules a stored environment is held to, named so that a refusal says which one it broke:
 * the editor's placement rules (`PlacementRule`), and what the optimiser and the floor need of
 * the saved elements besides.
 */
export type EnvironmentRule =
  | PlacementRule
  /** Every coordinate and size is a finite number. */
  | 'finite-number'
  /** Dropoffs and robot stations sit on a cell centre (x.5, y.5), where the editor snaps them. */
  | 'cell-centre'
  /** A pickup's or navigation point's shelf, and a robot's station, exist. */
  | 'missing-reference'
  /** Shelf ids are unique, and so are the ids of everything that becomes a graph node. */
  | 'duplicate-id'
  /** A pickup sits on the side of its shelf that it names. */
  | 'pickup-off-shelf-side'
  /** A navigation point lies outside every shelf. */
  | 'inside-shelf'
  /** A robot is parked on its station. */
  | 'robot-off-station'
  /** A station's robots have distinct places 0 .. robot_count - 1. */
  | 'station-robots'
  /** A one-way aisle covers whole cells: its position and size are whole numbers. */
  | 'whole-cells'
  /** A pickup or dropoff on a robot station's cell, which only that station's robots may enter. */
  | 'on-station-cell'
  /** A place no walk on the floor reaches, or leads back from, whatever the traffic rules (a warning). */
  | 'unreachable'
  /** A dropoff no station's robots can reach, whatever the traffic rules: nothing could be delivered there. */
  | 'unreachable-dropoff'
  /** The layout has no pickup point (none selected), so nothing can be loaded. */
  | 'no-pickup'
  /** The layout has no dropoff point, so nothing can be delivered. */
  | 'no-dropoff'
  /** The layout has no robot station, so no robot drives. */
  | 'no-robot-station';

/** One entry of an environment record's `problems` (`environmentProblemSchema`), its rule one of the rules above. */
export interface EnvironmentProblem extends EnvironmentProblemRecord {
  rule: EnvironmentRule;
}

/**
 * What is wrong with an environment. `errors` make it unusable: the API refuses to store it and
 * a solve on a stored one fails naming them. `warnings` leave it usable and are shown with it;
 * they hold findings about the floor that leave other solves possible (a place no walk reaches).
 */
export interface EnvironmentRulesReport {
  errors: EnvironmentProblem[];
  warnings: EnvironmentProblem[];
}

export interface EnvironmentToCheck {
  dimensions: Dimensions;
  elements: LayoutElements;
}

/** Pickups and robots sit exactly on a border or a station; allow float noise from other tools. */
const POSITION_TOLERANCE = 1e-9;

const isFinitePoint = (point: readonly number[]) =>
  point.length === 2 && Number.isFinite(point[0]) && Number.isFinite(point[1]);
const formatPoint = (point: Point) => `(${point[0]}, ${point[1]})`;
const samePosition = (a: Point, b: Point) =>
  Math.abs(a[0] - b[0]) <= POSITION_TOLERANCE && Math.abs(a[1] - b[1]) <= POSITION_TOLERANCE;

/** Does the point lie on the middle part of the named side of the shelf (corners excluded)? */
function isOnShelfSide(point: Point, shelf: Shelf, side: PickupSide): boolean {
  const [x, y] = shelf.position;
  const [width, height] = shelf.size;
  const near = (a: number, b: number) => Math.abs(a - b) <= POSITION_TOLERANCE;
  const alongX = point[0] > x && point[0] < x + width;
  const alongY = point[1] > y && point[1] < y + height;
  switch (side) {
    case 'top':
      return near(point[1], y) && alongX;
    case 'bottom':
      return near(point[1], y + height) && alongX;
    case 'left':
      return near(point[0], x) && alongY;
    case 'right':
      return near(point[0], x + width) && alongY;
  }
}

/**
 * Checks an environment's elements against the rules of spec §5 and what the graph needs:
 * - every shelf has a positive size, lies inside the grid and overlaps no other shelf (the
 *   editor's `checkShelfPlacement`, each shelf against the ones before it);
 * - dropoffs and robot stations lie inside the grid, on a cell centre, and not on a shelf cell
 *   (the editor's `placePoint`);
 * - pickups lie inside the grid, on the named side of a shelf that exists; navigation points
 *   inside the grid, outside every shelf, of a shelf that exists when they name one;
 * - robots belong to a station that exists, are parked on it, and hold distinct places below its
 *   robot_count;
 * - shelf ids are unique among shelves; pickup, dropoff, navigation point, robot and station ids
 *   are unique among all of those (they are the graph's node ids);
 * - one-way aisles cover whole cells inside the grid, off every shelf, and none overlaps an
 *   earlier one running another way; keep-clear cells sit on a cell centre inside the grid, off
 *   every shelf; the ids of aisles and keep-clear cells are unique among those;
 * - every number is finite (an element that fails this is checked no further).
 * - a pickup faces no other shelf (the cell a robot serves it from is free floor);
 * - there is a pickup, a dropoff and a robot station (`checkLayoutIsUsable`);
 * When all of that holds, the floor's own rules (`checkFloorRules`): no place on a keep-clear
 * cell, no pickup or dropoff on a station's cell, and every place reachable (a place the one-way aisles cut off is an error, one walled in
 * whatever the rules a warning, but a dropoff no station reaches at all, an error).
 * Problems come in element order: shelves, dropoffs, robot stations, pickups, navigation points,
 * robots, one-way aisles, keep-clear cells, what is missing, then the floor's. Pure and linear in the elements,
 * but for shelves and aisles (each against the earlier ones) and the floor's searches.
 */
export function checkEnvironmentRules(environment: EnvironmentToCheck): EnvironmentRulesReport {
  const { dimensions, elements } = environment;
  const errors: EnvironmentProblem[] = [];
  const report = (path: string, element: string, rule: EnvironmentRule, message: string) =>
    errors.push({ path, element, rule, message });
  const outside = `${dimensions.width}x${dimensions.height} grid`;

  const shelvesById = new Map<string, Shelf>();
  const placedShelves: Shelf[] = [];
  elements.shelves.forEach((shelf, index) => {
    const path = `elements.shelves.${index}`;
    const name = `Shelf ${shelf.id}`;
    if (shelvesById.has(shelf.id)) report(path, shelf.id, 'duplicate-id', `${name} has the id of another shelf`);
    else shelvesById.set(shelf.id, shelf);
    if (!isFinitePoint(shelf.position) || !isFinitePoint(shelf.size)) {
      report(path, shelf.id, 'finite-number', `${name} has a position or size that is not a finite number`);
      return;
    }
    const placement = checkShelfPlacement(shelf, { dimensions, shelves: placedShelves });
    if (!placement.ok) {
      const messages: Partial<Record<PlacementRule, string>> = {
        'shelf-size': `${name} needs a width and height above 0`,
        'inside-grid': `${name} lies outside the ${outside}`,
        'shelf-overlap': `${name} overlaps shelf ${placement.blocker}`,
      };
      report(path, shelf.id, placement.rule, messages[placement.rule] ?? `${name}: ${placement.reason}`);
    }
    placedShelves.push(shelf);
  });

  /** Ids unique within one namespace (the graph's nodes, or the traffic rules), naming the kind that holds one first. */
  const idClaimer = () => {
    const kinds = new Map<string, string>();
    return (path: string, id: string, kind: string, name: string) => {
      const owner = kinds.get(id);
      if (owner !== undefined) report(path, id, 'duplicate-id', `${name} has the id of another ${owner}`);
      else kinds.set(id, kind);
    };
  };
  const claimNodeId = idClaimer();
  const claimTrafficRuleId = idClaimer();

  const placementContext = {
    dimensions,
    shelves: elements.shelves.filter((shelf) => isFinitePoint(shelf.position) && isFinitePoint(shelf.size)),
  };
  /** A point snapped to a cell centre off every shelf (a dropoff, a station, a keep-clear cell). Its id is claimed by the caller. */
  const checkPlacedPoint = (path: string, point: { id: string; position: Point }, name: string) => {
    if (!isFinitePoint(point.position))
      return report(path, point.id, 'finite-number', `${name} has a position that is not a finite number`);
    const placed = placePoint(point.position, placementContext);
    if (!placed.ok) {
      const message =
        placed.rule === 'on-shelf-cell'
          ? `${name} is on a cell of shelf ${placed.blocker}`
          : `${name} at ${formatPoint(point.position)} lies outside the ${outside}`;
      return report(path, point.id, placed.rule, message);
    }
    if (!samePosition(placed.position, point.position)) {
      report(
        path,
        point.id,
        'cell-centre',
        `${name} at ${formatPoint(point.position)} is not on a cell centre (x.5, y.5)`,
      );
    }
  };
  elements.dropoffs.forEach((dropoff, index) => {
    const path = `elements.dropoffs.${index}`;
    claimNodeId(path, dropoff.id, 'dropoff', `Dropoff ${dropoff.id}`);
    checkPlacedPoint(path, dropoff, `Dropoff ${dropoff.id}`);
  });
  elements.robot_stations.forEach((station, index) => {
    const path = `elements.robot_stations.${index}`;
    claimNodeId(path, station.id, 'robot station', `Robot station ${station.id}`);
    checkPlacedPoint(path, station, `Robot station ${station.id}`);
  });

  elements.pickups.forEach((pickup, index) => {
    const path = `elements.pickups.${index}`;
    const name = `Pickup ${pickup.id}`;
    claimNodeId(path, pickup.id, 'pickup', name);
    if (!isFinitePoint(pickup.position))
      return report(path, pickup.id, 'finite-number', `${name} has a position that is not a finite number`);
    if (!isInsideGrid(pickup.position, dimensions)) {
      return report(
        path,
        pickup.id,
        'inside-grid',
        `${name} at ${formatPoint(pickup.position)} lies outside the ${dimensions.width}x${dimensions.height} grid`,
      );
    }
    const shelf = shelvesById.get(pickup.shelf_id);
    if (!shelf)
      return report(
        path,
        pickup.id,
        'missing-reference',
        `${name} belongs to shelf ${pickup.shelf_id}, which does not exist`,
      );
    if (!isOnShelfSide(pickup.position, shelf, pickup.side)) {
      return report(
        path,
        pickup.id,
        'pickup-off-shelf-side',
        `${name} at ${formatPoint(pickup.position)} is not on the ${pickup.side} side of shelf ${shelf.id}`,
      );
    }
    const [i, j] = pickupCell(pickup);
    const facing = shelfOnCellOf([i + 0.5, j + 0.5], placementContext.shelves);
    if (facing)
      report(
        path,
        pickup.id,
        'on-shelf-cell',
        `${name} faces shelf ${facing.id}: the cell (${i}, ${j}) a robot would serve it from is that shelf's`,
      );
  });

  elements.navigation_points.forEach((point, index) => {
    const path = `elements.navigation_points.${index}`;
    const name = `Navigation point ${point.id}`;
    claimNodeId(path, point.id, 'navigation point', name);
    if (!isFinitePoint(point.position))
      return report(path, point.id, 'finite-number', `${name} has a position that is not a finite number`);
    if (!isInsideGrid(point.position, dimensions)) {
      return report(
        path,
        point.id,
        'inside-grid',
        `${name} at ${formatPoint(point.position)} lies outside the ${dimensions.width}x${dimensions.height} grid`,
      );
    }
    if (point.shelf_id !== undefined && !shelvesById.has(point.shelf_id)) {
      report(path, point.id, 'missing-reference', `${name} belongs to shelf ${point.shelf_id}, which does not exist`);
    }
    const covering = placementContext.shelves.find((shelf) => isStrictlyInsideRectangle(point.position, shelf));
    if (covering) report(path, point.id, 'inside-shelf', `${name} lies inside shelf ${covering.id}`);
  });

  const stationsById = new Map(elements.robot_stations.map((station) => [station.id, station]));
  const takenPlaces = new Map<string, string>();
  elements.robots.forEach((robot, index) => {
    const path = `elements.robots.${index}`;
    const name = `Robot ${robot.id}`;
    claimNodeId(path, robot.id, 'robot', name);
    const station = stationsById.get(robot.station_id);
    if (!station)
      return report(
        path,
        robot.id,
        'missing-reference',
        `${name} belongs to station ${robot.station_id}, which does not exist`,
      );
    if (!isFinitePoint(robot.position))
      return report(path, robot.id, 'finite-number', `${name} has a position that is not a finite number`);
    if (!samePosition(robot.position, station.position)) {
      report(
        path,
        robot.id,
        'robot-off-station',
        `${name} at ${formatPoint(robot.position)} is not on its station ${station.id} at ${formatPoint(station.position)}`,
      );
    }
    if (robot.station_index >= station.robot_count) {
      report(
        path,
        robot.id,
        'station-robots',
        `${name} has station_index ${robot.station_index}, but station ${station.id} holds ${station.robot_count} robots`,
      );
    }
    const placeKey = `${station.id}#${robot.station_index}`;
    const holder = takenPlaces.get(placeKey);
    if (holder !== undefined)
      report(
        path,
        robot.id,
        'station-robots',
        `${name} has station_index ${robot.station_index}, like robot ${holder}`,
      );
    else takenPlaces.set(placeKey, robot.id);
  });

  const placedAisles: OneWayAisle[] = [];
  (elements.one_way_aisles ?? []).forEach((aisle, index) => {
    const path = `elements.one_way_aisles.${index}`;
    const name = `One-way aisle ${aisle.id}`;
    claimTrafficRuleId(path, aisle.id, 'one-way aisle', name);
    if (!isFinitePoint(aisle.position) || !isFinitePoint(aisle.size)) {
      return report(path, aisle.id, 'finite-number', `${name} has a position or size that is not a finite number`);
    }
    if (![...aisle.position, ...aisle.size].every(Number.isInteger)) {
      return report(
        path,
        aisle.id,
        'whole-cells',
        `${name} at ${formatPoint(aisle.position)} of size ${aisle.size[0]}x${aisle.size[1]} does not cover whole cells`,
      );
    }
    const placement = checkOneWayAislePlacement(aisle, aisle.direction, {
      ...placementContext,
      one_way_aisles: placedAisles,
    });
    placedAisles.push(aisle);
    if (placement.ok) return;
    const messages: Partial<Record<PlacementRule, string>> = {
      'inside-grid': `${name} lies outside the ${outside}`,
      'on-shelf-cell': `${name} covers a cell of shelf ${placement.blocker}`,
      'one-way-overlap': `${name} (running ${aisle.direction}) overlaps one-way aisle ${placement.blocker} (running ${placedAisles.find((other) => other.id === placement.blocker)?.direction})`,
    };
    report(path, aisle.id, placement.rule, messages[placement.rule] ?? `${name}: ${placement.reason}`);
  });
  (elements.keep_clear_cells ?? []).forEach((cell, index) => {
    const path = `elements.keep_clear_cells.${index}`;
    claimTrafficRuleId(path, cell.id, 'keep-clear cell', `Keep-clear cell ${cell.id}`);
    checkPlacedPoint(path, cell, `Keep-clear cell ${cell.id}`);
  });

  const missing = checkLayoutIsUsable(elements);
  // The floor can only be built from elements that keep every rule above.
  if (errors.length > 0) return { errors: [...errors, ...missing], warnings: [] };
  const floor = checkFloorRules(environment);
  return { errors: [...missing, ...floor.errors], warnings: floor.warnings };
}

/** The errors as one line for an API answer or a failed solve: `Shelf S2 overlaps shelf S1; ...`, at most `limit` named. */
export function describeEnvironmentProblems(problems: readonly EnvironmentProblem[], limit = 5): string {
  const named = problems.slice(0, limit).map((problem) => problem.message);
  const more = problems.length - named.length;
  return more > 0 ? `${named.join('; ')}; and ${more} more` : named.join('; ');
}
