import { isInsideGrid } from './grid-geometry.ts';
import { generateNavigationPoints } from './navigation-points.ts';
import { generatePickupPoints } from './pickups.ts';
import { robotsFromStations } from './robots.ts';
import type { Dimensions, EditableLayout, LayoutElements, Pickup, Rectangle, Shelf } from './types.ts';

/** An empty layout of the given size: no elements, no pickup candidates. */
export function createEmptyLayout(dimensions: Dimensions): EditableLayout {
  return {
    dimensions,
    elements: { shelves: [], dropoffs: [], robot_stations: [], pickups: [], robots: [], navigation_points: [] },
    pickupCandidates: [],
  };
}

/** The selected pickups that are still candidates (same id at the same position), in candidate order. */
function keepSelectedAmong(candidates: readonly Pickup[], selected: readonly Pickup[]): Pickup[] {
  const chosen = new Set(selected.map((pickup) => `${pickup.id}@${pickup.position[0]},${pickup.position[1]}`));
  return candidates.filter((pickup) => chosen.has(`${pickup.id}@${pickup.position[0]},${pickup.position[1]}`));
}

/**
 * Rebuilds everything derived from shelves, dimensions and stations: pickup candidates,
 * navigation points and robots. With `keepSelection`, selected pickups that still exist stay
 * selected; otherwise the selection is emptied.
 */
export function withDerivedPoints(
  dimensions: Dimensions,
  elements: LayoutElements,
  options: { keepSelection: boolean },
): EditableLayout {
  const pickupCandidates = generatePickupPoints(elements.shelves, dimensions);
  return {
    dimensions,
    pickupCandidates,
    elements: {
      ...elements,
      pickups: options.keepSelection ? keepSelectedAmong(pickupCandidates, elements.pickups) : [],
      navigation_points: generateNavigationPoints(elements.shelves, dimensions),
      robots: robotsFromStations(elements.robot_stations),
    },
  };
}

/**
 * The layout with new shelves (spec §4): pickup candidates and navigation points are regenerated
 * and the pickup selection is reset to empty.
 */
export function withShelves(layout: EditableLayout, shelves: Shelf[]): EditableLayout {
  return withDerivedPoints(layout.dimensions, { ...layout.elements, shelves }, { keepSelection: false });
}

/** True when the rectangle lies wholly inside the grid. */
function fitsWhole(rectangle: Rectangle, dimensions: Dimensions): boolean {
  const [x, y] = rectangle.position;
  return x >= 0 && y >= 0 && x + rectangle.size[0] <= dimensions.width && y + rectangle.size[1] <= dimensions.height;
}

/**
 * The layout on a grid of new dimensions (spec §4): pickup candidates and navigation points are
 * regenerated. Elements that no longer fit are removed (shelves and one-way aisles not wholly
 * inside, dropoffs, stations and keep-clear cells outside), since placement never allows them there; if a shelf goes, the selection is
 * reset as for any shelf change, otherwise selected pickups that still exist stay selected.
 */
export function withDimensions(layout: EditableLayout, dimensions: Dimensions): EditableLayout {
  const shelves = layout.elements.shelves.filter((shelf) => fitsWhole(shelf, dimensions));
  const fits = (point: { position: [number, number] }) => isInsideGrid(point.position, dimensions);
  const elements: LayoutElements = {
    ...layout.elements,
    shelves,
    dropoffs: layout.elements.dropoffs.filter(fits),
    robot_stations: layout.elements.robot_stations.filter(fits),
  };
  if (elements.one_way_aisles)
    elements.one_way_aisles = elements.one_way_aisles.filter((aisle) => fitsWhole(aisle, dimensions));
  if (elements.keep_clear_cells) elements.keep_clear_cells = elements.keep_clear_cells.filter(fits);
  return withDerivedPoints(dimensions, elements, { keepSelection: shelves.length === layout.elements.shelves.length });
}

/**
 * An editable layout from saved elements (an environment opened for editing, or an imported
 * file): candidates, navigation points and robots are regenerated; the saved pickup selection is
 * kept where it matches a candidate.
 */
export function layoutFromElements(dimensions: Dimensions, elements: LayoutElements): EditableLayout {
  return withDerivedPoints(dimensions, elements, { keepSelection: true });
}
