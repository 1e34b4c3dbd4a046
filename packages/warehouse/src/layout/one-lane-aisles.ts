import { Floor, type FloorEnvironment } from '../floor/floor.ts';
import type { TrafficDirection } from '../records/index.ts';
import { type GridRectangle, rectanglesOverlap } from './grid-geometry.ts';
import type { Dimensions, OneWayAisle } from './types.ts';

/** A one-lane aisle found between shelves, and the way it should run so neighbouring lanes form loops. */
export interface OneLaneAisle {
  readonly position: [number, number];
  readonly size: [number, number];
  readonly direction: TrafficDirection;
}

/**
 * The floor's one-lane aisles, each with a direction that alternates from one lane to the next:
 * the traffic rule a pick zone with one-cell aisles runs under, so that two robots never meet
 * head-on inside a lane where neither can step aside (one of them would have to back out, or both
 * detour). A one-lane aisle is a run of two or more free cells, one cell wide, walled on both long
 * sides (by shelves or the edge of the floor) and open at both ends: a dead end is left two-way,
 * since a robot that went in must come out the way it came. Vertical lanes alternate down, up,
 * down, ... by column from the left, so lanes of one column keep one way across cross aisles;
 * horizontal lanes right, left, ... by row from the top. Lanes overlapping `existing` aisles are
 * left as they are drawn.
 */
export function findOneLaneAisles(
  dimensions: Dimensions,
  shelves: NonNullable<FloorEnvironment['elements']['shelves']>,
  existing: readonly GridRectangle[] = [],
): OneLaneAisle[] {
  const { width, height } = dimensions;
  // The floor's own rule for the cells a shelf blocks.
  const { blocked } = new Floor({ dimensions, elements: { shelves } });
  const free = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && blocked[y * width + x] === 0;
  const covered = (lane: GridRectangle) => existing.some((aisle) => rectanglesOverlap(lane, aisle));

  const vertical = lanes(height, width, (along, across) => ({
    inLane: free(across, along) && !free(across - 1, along) && !free(across + 1, along),
    open: free(across, along),
  }));
  const horizontal = lanes(width, height, (along, across) => ({
    inLane: free(along, across) && !free(along, across - 1) && !free(along, across + 1),
    open: free(along, across),
  }));

  const result: OneLaneAisle[] = [];
  const columns = rankOf(vertical.map((lane) => lane.across));
  for (const lane of vertical) {
    const position: [number, number] = [lane.across, lane.start];
    const size: [number, number] = [1, lane.length];
    if (covered({ position, size })) continue;
    result.push({ position, size, direction: (columns.get(lane.across) ?? 0) % 2 === 0 ? 'down' : 'up' });
  }
  const rows = rankOf(horizontal.map((lane) => lane.across));
  for (const lane of horizontal) {
    const position: [number, number] = [lane.start, lane.across];
    const size: [number, number] = [lane.length, 1];
    if (covered({ position, size })) continue;
    result.push({ position, size, direction: (rows.get(lane.across) ?? 0) % 2 === 0 ? 'right' : 'left' });
  }
  return result;
}

interface Lane {
  readonly across: number;
  readonly start: number;
  readonly length: number;
}

/** Maximal runs of lane cells along each line, at least 2 long and with an open cell beyond each end. */
function lanes(
  alongSize: number,
  acrossSize: number,
  cell: (along: number, across: number) => { inLane: boolean; open: boolean },
): Lane[] {
  const found: Lane[] = [];
  for (let across = 0; across < acrossSize; across++) {
    let along = 0;
    while (along < alongSize) {
      if (!cell(along, across).inLane) {
        along++;
        continue;
      }
      const start = along;
      while (along < alongSize && cell(along, across).inLane) along++;
      const openBefore = start > 0 && cell(start - 1, across).open;
      const openAfter = along < alongSize && cell(along, across).open;
      if (along - start >= 2 && openBefore && openAfter) found.push({ across, start, length: along - start });
    }
  }
  return found;
}

/** Each distinct value's rank in ascending order. */
function rankOf(values: readonly number[]): Map<number, number> {
  return new Map([...new Set(values)].sort((a, b) => a - b).map((value, rank) => [value, rank]));
}

/** The lane as a drawn one-way aisle with `id`. */
export function oneWayAisleOf(lane: OneLaneAisle, id: string): OneWayAisle {
  return { id, position: [...lane.position], size: [...lane.size], direction: lane.direction };
}
