import { describe, expect, it } from 'vitest';
import { generatePickupPoints } from '../src/layout/pickups.ts';
import { BENCHMARK_INSTANCES, loadBenchmarkEnvironment, shelf } from './layout-fixtures.ts';

const grid10 = { width: 10, height: 10 };

describe('generatePickupPoints', () => {
  it('walks one shelf clockwise from its top-left corner: top, right, bottom, left', () => {
    expect(generatePickupPoints([shelf('S1', 2, 1, 2, 3)], grid10)).toEqual([
      { id: 'P1', position: [2.5, 1], shelf_id: 'S1', side: 'top' },
      { id: 'P2', position: [3.5, 1], shelf_id: 'S1', side: 'top' },
      { id: 'P3', position: [4, 1.5], shelf_id: 'S1', side: 'right' },
      { id: 'P4', position: [4, 2.5], shelf_id: 'S1', side: 'right' },
      { id: 'P5', position: [4, 3.5], shelf_id: 'S1', side: 'right' },
      { id: 'P6', position: [3.5, 4], shelf_id: 'S1', side: 'bottom' },
      { id: 'P7', position: [2.5, 4], shelf_id: 'S1', side: 'bottom' },
      { id: 'P8', position: [2, 3.5], shelf_id: 'S1', side: 'left' },
      { id: 'P9', position: [2, 2.5], shelf_id: 'S1', side: 'left' },
      { id: 'P10', position: [2, 1.5], shelf_id: 'S1', side: 'left' },
    ]);
  });

  it('numbers on across shelves in list order', () => {
    const pickups = generatePickupPoints([shelf('S1', 1, 1, 1, 1), shelf('S2', 5, 5, 1, 1)], grid10);
    expect(pickups.map((pickup) => `${pickup.id}:${pickup.shelf_id}:${pickup.side}`)).toEqual([
      'P1:S1:top',
      'P2:S1:right',
      'P3:S1:bottom',
      'P4:S1:left',
      'P5:S2:top',
      'P6:S2:right',
      'P7:S2:bottom',
      'P8:S2:left',
    ]);
  });

  it('drops the points on the grid border (they face out of the grid) and keeps the others their ids', () => {
    const pickups = generatePickupPoints([shelf('S1', 0, 0, 1, 2), shelf('S2', 9, 8, 1, 2)], grid10);
    expect(pickups).toEqual([
      { id: 'P2', position: [1, 0.5], shelf_id: 'S1', side: 'right' },
      { id: 'P3', position: [1, 1.5], shelf_id: 'S1', side: 'right' },
      { id: 'P4', position: [0.5, 2], shelf_id: 'S1', side: 'bottom' },
      { id: 'P7', position: [9.5, 8], shelf_id: 'S2', side: 'top' },
      { id: 'P11', position: [9, 9.5], shelf_id: 'S2', side: 'left' },
      { id: 'P12', position: [9, 8.5], shelf_id: 'S2', side: 'left' },
    ]);
  });

  it('drops the points of a side shared with another shelf: the cell a robot would stand on is that shelf', () => {
    // S1's right side (P2, served from cell (2, 1)) and S2's left side (P8, from cell (1, 1)) face each other.
    const pickups = generatePickupPoints([shelf('S1', 1, 1, 1, 1), shelf('S2', 2, 1, 1, 1)], grid10);
    expect(pickups.map((pickup) => `${pickup.id}@${pickup.position}:${pickup.shelf_id}:${pickup.side}`)).toEqual([
      'P1@1.5,1:S1:top',
      'P3@1.5,2:S1:bottom',
      'P4@1,1.5:S1:left',
      'P5@2.5,1:S2:top',
      'P6@3,1.5:S2:right',
      'P7@2.5,2:S2:bottom',
    ]);
  });

  it('keeps the points of a side that only touches another shelf at a corner', () => {
    const pickups = generatePickupPoints([shelf('S1', 1, 1, 1, 1), shelf('S2', 2, 2, 1, 1)], grid10);
    expect(pickups.map((pickup) => pickup.id)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8']);
  });

  it('gives no points for a grid without shelves', () => {
    expect(generatePickupPoints([], grid10)).toEqual([]);
  });

  it.each(BENCHMARK_INSTANCES)(
    'reproduces every selected pickup of benchmark %s (id, position, shelf, side)',
    (name) => {
      const environment = loadBenchmarkEnvironment(name);
      const generated = new Map(
        generatePickupPoints(environment.elements.shelves, environment.dimensions).map((pickup) => [pickup.id, pickup]),
      );
      for (const selected of environment.elements.pickups) expect(generated.get(selected.id)).toEqual(selected);
    },
  );

  it('matches the s1 examples: shelf [2,3] size [2,6] has P7 at [4,7.5] right and P10 at [2.5,9] bottom', () => {
    const pickups = generatePickupPoints([shelf('S1', 2, 3, 2, 6)], { width: 20, height: 20 });
    expect(pickups.find((pickup) => pickup.id === 'P7')).toEqual({
      id: 'P7',
      position: [4, 7.5],
      shelf_id: 'S1',
      side: 'right',
    });
    expect(pickups.find((pickup) => pickup.id === 'P10')).toEqual({
      id: 'P10',
      position: [2.5, 9],
      shelf_id: 'S1',
      side: 'bottom',
    });
  });
});
