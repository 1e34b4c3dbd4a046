import { checkShelfPlacement, nextElementId, placePoint } from './placement.ts';
import { withDerivedPoints, withShelves } from './regenerate.ts';
import type { EditableLayout, Pickup, PlacementRefusal, Point, Rectangle } from './types.ts';

/** Spec §5/§9: a click selects a pickup point within 0.3 of a cell. */
export const PICKUP_CLICK_RADIUS = 0.3;

export type EditResult = { ok: true; layout: EditableLayout } | PlacementRefusal;

function placementContextOf(layout: EditableLayout) {
  return {
    dimensions: layout.dimensions,
    shelves: layout.elements.shelves,
    dropoffs: layout.elements.dropoffs,
    robot_stations: layout.elements.robot_stations,
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
    shelves = [...shelves, { id: nextElementId('S', shelves), position: [...rectangle.position], size: [...rectangle.size] }];
  }
  return { ok: true, layout: withShelves(layout, shelves) };
}

/** Adds a dropoff `D{n}` at the centre of the clicked cell, unless that cell is a shelf cell. */
export function addDropoff(layout: EditableLayout, point: Point): EditResult {
  const placed = placePoint(point, placementContextOf(layout));
  if (!placed.ok) return placed;
  const dropoff = { id: nextElementId('D', layout.elements.dropoffs), position: placed.position };
  return { ok: true, layout: { ...layout, elements: { ...layout.elements, dropoffs: [...layout.elements.dropoffs, dropoff] } } };
}

/**
 * Adds a robot station `R{n}` with `robotCount` robots at the centre of the clicked cell, unless
 * that cell is a shelf cell; its robots `R{n}_1..` are created with it.
 */
export function addRobotStation(layout: EditableLayout, point: Point, robotCount: number): EditResult {
  const placed = placePoint(point, placementContextOf(layout));
  if (!placed.ok) return placed;
  const station = { id: nextElementId('R', layout.elements.robot_stations), position: placed.position, robot_count: robotCount };
  const elements = { ...layout.elements, robot_stations: [...layout.elements.robot_stations, station] };
  return { ok: true, layout: withDerivedPoints(layout.dimensions, elements, { keepSelection: true }) };
}

/** The candidate pickup nearest to the point within the click radius, if any. */
export function findPickupAt(candidates: readonly Pickup[], point: Point, radius = PICKUP_CLICK_RADIUS): Pickup | undefined {
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

/** Selects every candidate pickup point. */
export function selectAllPickups(layout: EditableLayout): EditableLayout {
  return { ...layout, elements: { ...layout.elements, pickups: [...layout.pickupCandidates] } };
}
