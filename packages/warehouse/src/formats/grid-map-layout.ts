import { Floor, pickupCell, type FloorEnvironment } from '../floor/floor.ts';
import { layoutFromElements } from '../layout/regenerate.ts';
import type { EditableLayout, Shelf } from '../layout/types.ts';
import { GRID_SIDE_MAX, GRID_SIDE_MIN } from '../records/geometry.ts';
import { coverObstacles, GridMapError, parseGridMap, type GridMap } from './grid-map.ts';

/**
 * A layout from a parsed grid map: its obstacles as shelves `S1..` (the greedy rectangle cover
 * of `coverObstacles`, in row order of their top-left cells), every other cell floor. Pickups,
 * dropoffs and stations are the planner's to place in the editor. Refused when a side is beyond
 * the environment's limits (5 to 500 cells).
 */
export function layoutFromGridMap(map: GridMap): EditableLayout {
  for (const [side, value] of [
    ['width', map.width],
    ['height', map.height],
  ] as const) {
    if (value < GRID_SIDE_MIN || value > GRID_SIDE_MAX) {
      throw new GridMapError(
        `the map's ${side} is ${value} cells; an environment's sides are ${GRID_SIDE_MIN} to ${GRID_SIDE_MAX} cells`,
        side === 'height' ? 2 : 3,
      );
    }
  }
  const shelves: Shelf[] = coverObstacles(map).map((rectangle, index) => ({
    id: `S${index + 1}`,
    position: [rectangle.x, rectangle.y],
    size: [rectangle.width, rectangle.height],
  }));
  return layoutFromElements(
    { width: map.width, height: map.height },
    { shelves, dropoffs: [], robot_stations: [], pickups: [], robots: [], navigation_points: [] },
  );
}

/** `parseGridMap` then `layoutFromGridMap`: a `.map` text to an editable layout. */
export function layoutFromGridMapText(text: string): EditableLayout {
  return layoutFromGridMap(parseGridMap(text));
}

/**
 * The environment's floor as a `.map` text (`type octile`): shelf cells `@`, floor `.`. This is
 * the map PlanViz draws an exported execution on, so its rows and columns are the floor's cells.
 */
export function gridMapTextOf(environment: FloorEnvironment): string {
  const floor = new Floor(environment);
  const rows: string[] = [];
  for (let y = 0; y < floor.height; y++) {
    let row = '';
    for (let x = 0; x < floor.width; x++) row += floor.blocked[y * floor.width + x] === 1 ? '@' : '.';
    rows.push(row);
  }
  return `type octile\nheight ${floor.height}\nwidth ${floor.width}\nmap\n${rows.join('\n')}\n`;
}

/** The free cell a robot serves each pickup candidate from, keyed `y * width + x` (first candidate wins). */
export function pickupCandidatesByCell(
  layout: EditableLayout,
): Map<number, EditableLayout['pickupCandidates'][number]> {
  const byCell = new Map<number, EditableLayout['pickupCandidates'][number]>();
  for (const pickup of layout.pickupCandidates) {
    const cell = pickupCell(pickup);
    if (!cell) continue;
    const key = cell[1] * layout.dimensions.width + cell[0];
    if (!byCell.has(key)) byCell.set(key, pickup);
  }
  return byCell;
}
