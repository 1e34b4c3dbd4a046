import { addDropoff, addRobotStation, selectAllPickups } from '../src/layout/editing.ts';
import { withShelves, createEmptyLayout } from '../src/layout/regenerate.ts';
import { fillWithShelfRows } from '../src/layout/template.ts';
import type { EditableLayout } from '../src/layout/types.ts';

export interface DenseWarehouseOptions {
  size?: number;
  shelfLength: number;
  shelfDepth: number;
  aisleWidth: number;
  stations?: number;
  robotsPerStation?: number;
  dropoffs?: number;
}

/**
 * A warehouse packed with the rows-of-shelves template, stations along the top row, dropoffs
 * along the bottom row and EVERY pickup point selected: the worst case for the graph's size.
 */
export function denseWarehouse(options: DenseWarehouseOptions): EditableLayout {
  const size = options.size ?? 50;
  const dimensions = { width: size, height: size };
  let layout = createEmptyLayout(dimensions);
  const shelves = fillWithShelfRows(
    {
      area: { position: [1, 2], size: [size - 2, size - 4] },
      shelfLength: options.shelfLength,
      shelfDepth: options.shelfDepth,
      aisleWidth: options.aisleWidth,
    },
    { dimensions, shelves: [] },
  );
  layout = withShelves(layout, shelves);
  const stations = options.stations ?? 5;
  for (let k = 0; k < stations; k++) {
    const placed = addRobotStation(
      layout,
      [Math.floor((size * (k + 0.5)) / stations), 0],
      options.robotsPerStation ?? 4,
    );
    if (placed.ok) layout = placed.layout;
  }
  const dropoffs = options.dropoffs ?? 6;
  for (let k = 0; k < dropoffs; k++) {
    const placed = addDropoff(layout, [Math.floor((size * (k + 0.5)) / dropoffs), size - 1]);
    if (placed.ok) layout = placed.layout;
  }
  return selectAllPickups(layout);
}

/** The layouts the benchmark measures, from the benchmark instances' shape to short blocks with many cross aisles. */
export const BENCH_LAYOUTS: Array<{ name: string; options: DenseWarehouseOptions }> = [
  { name: 'racks 2x10, aisles 2', options: { shelfLength: 10, shelfDepth: 2, aisleWidth: 2 } },
  { name: 'racks 2x10, aisles 1', options: { shelfLength: 10, shelfDepth: 2, aisleWidth: 1 } },
  { name: 'blocks 2x4, aisles 2', options: { shelfLength: 4, shelfDepth: 2, aisleWidth: 2 } },
  { name: 'blocks 2x2, aisles 2', options: { shelfLength: 2, shelfDepth: 2, aisleWidth: 2 } },
];
