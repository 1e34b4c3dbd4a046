import { isInsideOrOnRectangle, rectanglesOverlap } from './grid-geometry.ts';
import { withDerivedPoints } from './regenerate.ts';
import type { EditableLayout, LayoutElements, Rectangle } from './types.ts';

/**
 * The Erase tool over a dragged rectangle (spec §5): removes the shelves overlapping it and the
 * dropoffs and robot stations inside it (border included), and clears the pickup selection,
 * the robots and the navigation points. Robots and navigation points are derived data, so they
 * are rebuilt at once from what remains (the remaining stations keep their robots, the remaining
 * shelves their corner points); the pickup selection stays empty. Traffic rules go like shelves
 * and points: one-way aisles overlapping the rectangle, keep-clear cells inside it.
 */
export function eraseRectangle(layout: EditableLayout, rectangle: Rectangle): EditableLayout {
  const { elements } = layout;
  const trafficRules: Partial<LayoutElements> = {};
  if (elements.one_way_aisles)
    trafficRules.one_way_aisles = elements.one_way_aisles.filter((aisle) => !rectanglesOverlap(aisle, rectangle));
  if (elements.keep_clear_cells)
    trafficRules.keep_clear_cells = elements.keep_clear_cells.filter(
      (cell) => !isInsideOrOnRectangle(cell.position, rectangle),
    );
  return withDerivedPoints(
    layout.dimensions,
    {
      ...elements,
      shelves: elements.shelves.filter((shelf) => !rectanglesOverlap(shelf, rectangle)),
      dropoffs: elements.dropoffs.filter((dropoff) => !isInsideOrOnRectangle(dropoff.position, rectangle)),
      robot_stations: elements.robot_stations.filter((station) => !isInsideOrOnRectangle(station.position, rectangle)),
      ...trafficRules,
    },
    { keepSelection: false },
  );
}
