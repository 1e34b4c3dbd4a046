import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baseCellSize,
  centredView,
  clampZoom,
  formatZoomPercent,
  mapFitZoom,
  screenToCell,
  screenToGrid,
  gridToScreen,
  zoomIn,
  zoomOut,
  zoomViewAround,
} from './view-transform.ts';

describe('editor zoom', () => {
  it('steps by 0.1 between 0.5 and 2.5 without drifting', () => {
    let zoom = 1;
    for (let step = 0; step < 7; step++) zoom = zoomIn(zoom);
    expect(zoom).toBe(1.7);
    for (let step = 0; step < 20; step++) zoom = zoomIn(zoom);
    expect(zoom).toBe(2.5);
    for (let step = 0; step < 30; step++) zoom = zoomOut(zoom);
    expect(zoom).toBe(0.5);
  });

  it('clamps and rounds any input to the 0.1 grid', () => {
    expect(clampZoom(0.1 + 0.2)).toBe(0.5);
    expect(clampZoom(1.26)).toBe(1.3);
    expect(clampZoom(9)).toBe(2.5);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('shows the zoom as a whole percentage', () => {
    expect(formatZoomPercent(1)).toBe('100%');
    expect(formatZoomPercent(0.5)).toBe('50%');
    expect(formatZoomPercent(1.344)).toBe('134%');
  });
});

describe('cell size', () => {
  it('fits the grid into the area but never goes below 25 px per cell', () => {
    expect(baseCellSize({ width: 20, height: 20 }, 928, 544)).toBe(27);
    expect(baseCellSize({ width: 10, height: 5 }, 928, 544)).toBe(92);
    expect(baseCellSize({ width: 50, height: 50 }, 928, 544)).toBe(25);
  });
});

describe('grid <-> screen', () => {
  const view = { cellSize: 30, offsetX: 12, offsetY: -6 };

  it('maps screen points to grid points and cells', () => {
    expect(screenToGrid(view, 12 + 45, -6 + 75)).toEqual({ x: 1.5, y: 2.5 });
    expect(screenToCell(view, 12 + 45, -6 + 75)).toEqual({ x: 1, y: 2 });
    expect(screenToCell(view, 11, -7)).toEqual({ x: -1, y: -1 });
  });

  it('round-trips any point', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }), (x, y) => {
        const screen = gridToScreen(view, x, y);
        const back = screenToGrid(view, screen.x, screen.y);
        expect(back.x).toBeCloseTo(x, 9);
        expect(back.y).toBeCloseTo(y, 9);
      }),
    );
  });

  it('keeps the grid point under the anchor fixed when zooming', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 5, max: 120, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 600, noNaN: true }),
        (newCellSize, anchorX, anchorY) => {
          const before = screenToGrid(view, anchorX, anchorY);
          const after = screenToGrid(zoomViewAround(view, newCellSize, anchorX, anchorY), anchorX, anchorY);
          expect(after.x).toBeCloseTo(before.x, 9);
          expect(after.y).toBeCloseTo(before.y, 9);
        },
      ),
    );
  });
});

describe('detail map fit (spec §9)', () => {
  it('is 1.4 times the smaller ratio of the area to 50 px cells', () => {
    // 800 / (10 * 50) = 1.6, 384 / (8 * 50) = 0.96 -> 0.96 * 1.4.
    expect(mapFitZoom({ width: 10, height: 8 }, 800, 384)).toBeCloseTo(1.344, 12);
    // 800 / 2500 = 0.32, 384 / 2500 = 0.1536 -> 0.21504.
    expect(mapFitZoom({ width: 50, height: 50 }, 800, 384)).toBeCloseTo(0.21504, 12);
  });

  it('centres the grid in the area', () => {
    expect(centredView({ width: 10, height: 8 }, 40, 800, 384)).toEqual({ cellSize: 40, offsetX: 200, offsetY: 32 });
  });
});
