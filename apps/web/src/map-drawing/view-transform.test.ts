import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centredView,
  formatZoomPercent,
  gridToScreen,
  MAP_FIT_MARGIN_CELLS,
  MAP_REFERENCE_CELL_SIZE,
  mapFitZoom,
  screenToCell,
  screenToGrid,
  zoomViewAround,
} from './view-transform.ts';

describe('zoom text', () => {
  it('shows the zoom as a whole percentage', () => {
    expect(formatZoomPercent(1)).toBe('100%');
    expect(formatZoomPercent(0.5)).toBe('50%');
    expect(formatZoomPercent(1.344)).toBe('134%');
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
      fc.property(
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        (x, y) => {
          const screen = gridToScreen(view, x, y);
          const back = screenToGrid(view, screen.x, screen.y);
          expect(back.x).toBeCloseTo(x, 9);
          expect(back.y).toBeCloseTo(y, 9);
        },
      ),
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

describe('detail map fit', () => {
  it('fits the whole floor and a margin of 0.75 cell on every side into the area', () => {
    // 800 / (11.5 * 50) = 1.391..., 384 / (9.5 * 50) = 0.8084... -> the height decides.
    expect(mapFitZoom({ width: 10, height: 8 }, 800, 384)).toBeCloseTo(384 / 475, 12);
    // A 20 x 15 floor in the 384 px high panel: 384 / (16.5 * 50) = 0.4654...
    expect(mapFitZoom({ width: 20, height: 15 }, 800, 384)).toBeCloseTo(384 / 825, 12);
  });

  it('leaves every cell of any floor inside the area once centred', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 50 }),
        fc.integer({ min: 5, max: 50 }),
        fc.integer({ min: 200, max: 1600 }),
        fc.integer({ min: 200, max: 900 }),
        (width, height, areaWidth, areaHeight) => {
          const cellSize = mapFitZoom({ width, height }, areaWidth, areaHeight) * MAP_REFERENCE_CELL_SIZE;
          const view = centredView({ width, height }, cellSize, areaWidth, areaHeight);
          const margin = MAP_FIT_MARGIN_CELLS * cellSize - 1e-9;
          expect(view.offsetX).toBeGreaterThanOrEqual(margin);
          expect(view.offsetY).toBeGreaterThanOrEqual(margin);
          expect(view.offsetX + width * cellSize).toBeLessThanOrEqual(areaWidth - margin);
          expect(view.offsetY + height * cellSize).toBeLessThanOrEqual(areaHeight - margin);
        },
      ),
    );
  });

  it('centres the grid in the area', () => {
    expect(centredView({ width: 10, height: 8 }, 40, 800, 384)).toEqual({ cellSize: 40, offsetX: 200, offsetY: 32 });
  });
});
