import type { Pickup } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { cellAtScreen, clampCellToGrid, isCellInsideGrid, pickupAtScreen } from './hit-test.ts';

const tenByEight = { width: 10, height: 8 };
const view = { cellSize: 40, offsetX: 100, offsetY: 20 };

// Shelf S1 at (2, 3) size 2x1: its two top pickups.
const topPickups: Pickup[] = [
  { id: 'P1', position: [2.5, 3], shelf_id: 'S1', side: 'top' },
  { id: 'P2', position: [3.5, 3], shelf_id: 'S1', side: 'top' },
];

describe('cells', () => {
  it('finds the cell under a screen point, or null off the grid', () => {
    expect(cellAtScreen(view, tenByEight, 100 + 2 * 40 + 1, 20 + 3 * 40 + 39)).toEqual({ x: 2, y: 3 });
    expect(cellAtScreen(view, tenByEight, 99, 30)).toBeNull();
    expect(cellAtScreen(view, tenByEight, 100 + 10 * 40, 30)).toBeNull();
  });

  it('clamps cells to the grid and tells inside from outside', () => {
    expect(clampCellToGrid({ x: -3, y: 12 }, tenByEight)).toEqual({ x: 0, y: 7 });
    expect(isCellInsideGrid({ x: 9, y: 7 }, tenByEight)).toBe(true);
    expect(isCellInsideGrid({ x: 10, y: 7 }, tenByEight)).toBe(false);
  });
});

describe('pickupAtScreen', () => {
  const screenOf = (x: number, y: number) =>
    [view.offsetX + x * view.cellSize, view.offsetY + y * view.cellSize] as const;

  it('hits a pickup within 0.3 of a cell and misses beyond', () => {
    expect(pickupAtScreen(topPickups, view, ...screenOf(2.5, 3.29))?.id).toBe('P1');
    expect(pickupAtScreen(topPickups, view, ...screenOf(2.5, 3.31))).toBeUndefined();
  });

  it('picks the nearest pickup when two are in reach', () => {
    // Two candidates 0.4 apart, closer than real layouts place them, so both can be in reach.
    const close: Pickup[] = [
      { id: 'P1', position: [2.5, 3], shelf_id: 'S1', side: 'top' },
      { id: 'P9', position: [2.9, 3], shelf_id: 'S2', side: 'top' },
    ];
    expect(pickupAtScreen(close, view, ...screenOf(2.75, 3))?.id).toBe('P9');
    expect(pickupAtScreen(close, view, ...screenOf(2.65, 3))?.id).toBe('P1');
  });
});
