import { describe, expect, it } from 'vitest';
import { baseCellSize, clampZoom, zoomIn, zoomOut } from './view-transform.ts';

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
});

describe('cell size', () => {
  it('fits the grid into the area but never goes below 25 px per cell', () => {
    expect(baseCellSize({ width: 20, height: 20 }, 928, 544)).toBe(27);
    expect(baseCellSize({ width: 10, height: 5 }, 928, 544)).toBe(92);
    expect(baseCellSize({ width: 50, height: 50 }, 928, 544)).toBe(25);
  });
});
