import type { TrafficDirection } from '../records/index.ts';
import { pickupCell } from '../floor/floor.ts';
import { checkFloorRules } from './floor-rules.ts';
import { findOneLaneAisles, type OneLaneAisle, oneWayAisleOf } from './one-lane-aisles.ts';
import {
  checkOneWayAislePlacement,
  checkShelfPlacement,
  keepClearCellAt,
  nextElementId,
  placePoint,
  sameCell,
} from './placement.ts';
import { withDerivedPoints, withShelves } from './regenerate.ts';
import type {
  EditableLayout,
  LayoutElements,
  OneWayAisle,
  Pickup,
  PlacementRefusal,
  Point,
  Rectangle,
} from './types.ts';

/** Spec §5/§9: a click selects a pickup point within 0.3 of a cell. */
export const PICKUP_CLICK_RADIUS = 0.3;

export type EditResult = { ok: true; layout: EditableLayout } | PlacementRefusal;

/** Everything a new element is placed against: the grid, the shelves, the places and the traffic rules. */
export function placementContextOf(layout: Pick<EditableLayout, 'dimensions' | 'elements'>) {
  return {
    dimensions: layout.dimensions,
    shelves: layout.elements.shelves,
    dropoffs: layout.elements.dropoffs,
    robot_stations: layout.elements.robot_stations,
    one_way_aisles: layout.elements.one_way_aisles,
    keep_clear_cells: layout.elements.keep_clear_cells,
  };
}

/** Adds a shelf `S{n}` over the rectangle if placement allows it; pickups and navigation points are regenerated. */
export function addShelf(layout: EditableLayout, rectangle: Rectangle): EditResult {
  const check = checkShelfPlacement(rectangle, placementContextOf(layout));
  if (!check.ok) return check;
  const shelf = {
    id: nextElementId('S', layout.elements.shelves),
    position: [rectangle.position[0], rectangle.position[1]] as [number, number],
    size: [rectangle.size[0], rectangle.size[1]] as [number, number],
  };
  return { ok: true, layout: withShelves(layout, [...layout.elements.shelves, shelf]) };
}

/** Adds several shelves at once (a template): each must pass placement against the others too. */
export function addShelves(layout: EditableLayout, rectangles: readonly Rectangle[]): EditResult {
  let shelves = layout.elements.shelves;
  for (const rectangle of rectangles) {
    const check = checkShelfPlacement(rectangle, { ...placementContextOf(layout), shelves });
    if (!check.ok) return check;
    shelves = [
      ...shelves,
      { id: nextElementId('S', shelves), position: [...rectangle.position], size: [...rectangle.size] },
    ];
  }
  return { ok: true, layout: withShelves(layout, shelves) };
}

/** Adds a dropoff `D{n}` at the centre of the clicked cell, unless that cell is a shelf cell. */
export function addDropoff(layout: EditableLayout, point: Point): EditResult {
  const placed = placePoint(point, placementContextOf(layout));
  if (!placed.ok) return placed;
  const dropoff = { id: nextElementId('D', layout.elements.dropoffs), position: placed.position };
  return {
    ok: true,
    layout: { ...layout, elements: { ...layout.elements, dropoffs: [...layout.elements.dropoffs, dropoff] } },
  };
}

/**
 * Adds a robot station `R{n}` with `robotCount` robots at the centre of the clicked cell, unless
 * that cell is a shelf cell; its robots `R{n}_1..` are created with it.
 */
export function addRobotStation(layout: EditableLayout, point: Point, robotCount: number): EditResult {
  const placed = placePoint(point, placementContextOf(layout));
  if (!placed.ok) return placed;
  // Walks never cross a station: a selected pickup served from its cell would be out of reach.
  const served = layout.elements.pickups.find((pickup) => sameCell(pickupCellCentre(pickup), placed.position));
  if (served)
    return {
      ok: false,
      rule: 'occupied-cell',
      reason: `Cannot place on the cell pickup ${served.id} is served from`,
      blocker: served.id,
    };
  const station = {
    id: nextElementId('R', layout.elements.robot_stations),
    position: placed.position,
    robot_count: robotCount,
  };
  const elements = { ...layout.elements, robot_stations: [...layout.elements.robot_stations, station] };
  return { ok: true, layout: withDerivedPoints(layout.dimensions, elements, { keepSelection: true }) };
}

/** The candidate pickup nearest to the point within the click radius, if any. */
export function findPickupAt(
  candidates: readonly Pickup[],
  point: Point,
  radius = PICKUP_CLICK_RADIUS,
): Pickup | undefined {
  let nearest: Pickup | undefined;
  let nearestDistance = Infinity;
  for (const pickup of candidates) {
    const distance = Math.hypot(pickup.position[0] - point[0], pickup.position[1] - point[1]);
    if (distance <= radius && distance < nearestDistance) {
      nearest = pickup;
      nearestDistance = distance;
    }
  }
  return nearest;
}

/** Selects the pickup under the click, or unselects it if already selected; the selection stays in candidate order. */
export function togglePickupAt(layout: EditableLayout, point: Point): EditableLayout {
  const clicked = findPickupAt(layout.pickupCandidates, point);
  if (!clicked) return layout;
  const selected = new Set(layout.elements.pickups.map((pickup) => pickup.id));
  if (selected.has(clicked.id)) selected.delete(clicked.id);
  else selected.add(clicked.id);
  const pickups = layout.pickupCandidates.filter((pickup) => selected.has(pickup.id));
  return { ...layout, elements: { ...layout.elements, pickups } };
}

/** Selects every candidate pickup point a robot can serve (see `pickupCellBlocker`). */
export function selectAllPickups(layout: EditableLayout): EditableLayout {
  const pickups = layout.pickupCandidates.filter((pickup) => pickupCellBlocker(layout.elements, pickup) === null);
  return { ...layout, elements: { ...layout.elements, pickups } };
}

/** The centre of the cell a robot serves the pickup from. */
function pickupCellCentre(pickup: Pickup): Point {
  const [i, j] = pickupCell(pickup);
  return [i + 0.5, j + 0.5];
}

/**
 * What keeps robots from serving the pickup from its cell, in words (`keep-clear cell K1`,
 * `robot station R1`), or null when nothing does: robots never stop on a keep-clear cell, and a
 * station's cell is a depot only its own robots enter.
 */
export function pickupCellBlocker(
  elements: Pick<LayoutElements, 'robot_stations' | 'keep_clear_cells'>,
  pickup: Pickup,
): string | null {
  const centre = pickupCellCentre(pickup);
  const keepClear = keepClearCellAt(centre, elements.keep_clear_cells);
  if (keepClear) return `keep-clear cell ${keepClear.id}`;
  const station = elements.robot_stations.find((candidate) => sameCell(candidate.position, centre));
  return station ? `robot station ${station.id}` : null;
}

/** The cut-off errors of a layout, by element and message, to tell the ones an edit adds. */
function cutOffErrors(layout: Pick<EditableLayout, 'dimensions' | 'elements'>): Map<string, string> {
  const errors = checkFloorRules(layout).errors.filter((problem) => problem.rule === 'cut-off-by-one-way-aisle');
  return new Map(errors.map((problem) => [problem.element, problem.message]));
}

/**
 * Adds a one-way aisle `W{n}` over the rectangle, running `direction`, if placement allows it
 * (`checkOneWayAislePlacement`) and it cuts no place (selected pickup, dropoff, station) off from
 * the others that was not already cut off: the refusal names the place.
 */
export function addOneWayAisle(layout: EditableLayout, rectangle: Rectangle, direction: TrafficDirection): EditResult {
  const check = checkOneWayAislePlacement(rectangle, direction, placementContextOf(layout));
  if (!check.ok) return check;
  const aisles = layout.elements.one_way_aisles ?? [];
  const aisle = {
    id: nextElementId('W', aisles),
    position: [rectangle.position[0], rectangle.position[1]] as [number, number],
    size: [rectangle.size[0], rectangle.size[1]] as [number, number],
    direction,
  };
  const next = { ...layout, elements: { ...layout.elements, one_way_aisles: [...aisles, aisle] } };
  const before = cutOffErrors(layout);
  for (const [element, message] of cutOffErrors(next)) {
    if (before.get(element) !== message)
      return { ok: false, rule: 'cut-off-by-one-way-aisle', reason: message, blocker: element };
  }
  return { ok: true, layout: next };
}

/**
 * Makes the floor's one-lane aisles one-way, alternating lane by lane (`findOneLaneAisles`): one
 * `W{n}` per lane not already under a drawn aisle. A lane that would cut a place off is left
 * two-way (the others are still added); the refusal says why when no lane is left to add.
 */
export function addOneWayLanes(layout: EditableLayout): EditResult {
  const drawn = layout.elements.one_way_aisles ?? [];
  const lanes = findOneLaneAisles(layout.dimensions, layout.elements.shelves, drawn);
  if (lanes.length === 0)
    return {
      ok: false,
      rule: 'no-one-lane-aisle',
      reason:
        drawn.length > 0
          ? 'Every one-lane aisle between shelves is one-way already'
          : 'The floor has no one-lane aisle: no run of two or more cells between shelves, one cell wide and open at both ends',
    };
  const withLanes = (aisles: readonly OneWayAisle[]) => ({
    ...layout,
    elements: { ...layout.elements, one_way_aisles: [...drawn, ...aisles] },
  });
  const numbered = (lane: OneLaneAisle, existing: readonly { id: string }[]) =>
    oneWayAisleOf(lane, nextElementId('W', existing));
  const before = cutOffErrors(layout);
  const cutBy = (aisles: readonly OneWayAisle[]) =>
    [...cutOffErrors(withLanes(aisles))].find(([element, message]) => before.get(element) !== message);
  // All lanes at once; where some cut a place off (the only way to a dropoff, say), the batch is
  // halved until the lanes that cut are found alone and left two-way: a few floor checks per such
  // lane, not one per lane, so a large imported map stays quick.
  const kept: OneWayAisle[] = [];
  let firstCut: [string, string] | undefined;
  const tryLanes = (batch: readonly OneLaneAisle[]) => {
    const added: OneWayAisle[] = [];
    for (const lane of batch) added.push(numbered(lane, [...drawn, ...kept, ...added]));
    const cut = cutBy([...kept, ...added]);
    if (!cut) kept.push(...added);
    else if (batch.length === 1) firstCut ??= cut;
    else {
      const half = batch.length >> 1;
      tryLanes(batch.slice(0, half));
      tryLanes(batch.slice(half));
    }
  };
  tryLanes(lanes);
  if (kept.length > 0) return { ok: true, layout: withLanes(kept) };
  const [element, message] = firstCut ?? ['', ''];
  return { ok: false, rule: 'cut-off-by-one-way-aisle', reason: message, blocker: element };
}

/**
 * Adds a keep-clear cell `K{n}` on the clicked cell: inside the grid, off every shelf, not
 * already keep-clear, and not where a dropoff or station stands or a selected pickup is served
 * from (robots stop at places, never on a keep-clear cell).
 */
export function addKeepClearCell(layout: EditableLayout, point: Point): EditResult {
  const cells = layout.elements.keep_clear_cells ?? [];
  const placed = placePoint(point, { dimensions: layout.dimensions, shelves: layout.elements.shelves });
  if (!placed.ok) return placed;
  const existing = keepClearCellAt(placed.position, cells);
  if (existing)
    return {
      ok: false,
      rule: 'on-keep-clear-cell',
      reason: `The cell is keep-clear cell ${existing.id} already`,
      blocker: existing.id,
    };
  const place =
    [...layout.elements.dropoffs, ...layout.elements.robot_stations].find((candidate) =>
      sameCell(candidate.position, placed.position),
    ) ?? layout.elements.pickups.find((pickup) => sameCell(pickupCellCentre(pickup), placed.position));
  if (place)
    return {
      ok: false,
      rule: 'occupied-cell',
      reason: `Robots stop at ${place.id} on that cell: it cannot be keep-clear`,
      blocker: place.id,
    };
  const cell = { id: nextElementId('K', cells), position: placed.position };
  return { ok: true, layout: { ...layout, elements: { ...layout.elements, keep_clear_cells: [...cells, cell] } } };
}
