import { describe, expect, it } from 'vitest';
import { addDropoff, addShelf, selectAllPickups, togglePickupAt } from '../src/layout/editing.ts';
import { createEmptyLayout, layoutFromElements, withDimensions, withShelves } from '../src/layout/regenerate.ts';
import { expectOk, loadBenchmarkEnvironment, shelf } from './layout-fixtures.ts';

describe('withShelves', () => {
  it('regenerates pickups and navigation points and resets the selection', () => {
    const before = selectAllPickups(
      expectOk(addShelf(createEmptyLayout({ width: 8, height: 8 }), { position: [1, 1], size: [1, 1] })),
    );
    const after = withShelves(before, [shelf('S1', 1, 1, 1, 1), shelf('S2', 4, 4, 1, 2)]);
    expect(after.elements.pickups).toEqual([]);
    expect(after.pickupCandidates.map((pickup) => pickup.id)).toEqual([
      'P1',
      'P2',
      'P3',
      'P4',
      'P5',
      'P6',
      'P7',
      'P8',
      'P9',
      'P10',
    ]);
    expect(after.elements.navigation_points.map((point) => point.id)).toEqual([
      'N1',
      'N2',
      'N3',
      'N4',
      'N5',
      'N6',
      'N7',
      'N8',
    ]);
  });
});

describe('withDimensions', () => {
  it('growing the grid brings back border points and keeps the selection', () => {
    let layout = expectOk(addShelf(createEmptyLayout({ width: 5, height: 5 }), { position: [3, 1], size: [2, 1] }));
    expect(layout.pickupCandidates.map((pickup) => pickup.id)).toEqual(['P1', 'P2', 'P4', 'P5', 'P6']);
    expect(layout.elements.navigation_points.map((point) => point.id)).toEqual(['N1', 'N4']);
    layout = togglePickupAt(layout, [3.5, 1]);
    layout = withDimensions(layout, { width: 8, height: 5 });
    expect(layout.pickupCandidates.map((pickup) => pickup.id)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6']);
    expect(layout.elements.navigation_points.map((point) => point.id)).toEqual(['N1', 'N2', 'N3', 'N4']);
    expect(layout.elements.pickups.map((pickup) => pickup.id)).toEqual(['P1']);
  });

  it('shrinking drops the shelves, dropoffs and stations that no longer fit; a dropped shelf resets the selection', () => {
    let layout = expectOk(addShelf(createEmptyLayout({ width: 10, height: 10 }), { position: [1, 1], size: [1, 1] }));
    layout = expectOk(addShelf(layout, { position: [6, 6], size: [2, 2] }));
    layout = expectOk(addDropoff(layout, [8.5, 1.5]));
    layout = selectAllPickups(layout);
    const shrunk = withDimensions(layout, { width: 7, height: 7 });
    expect(shrunk.elements.shelves.map((s) => s.id)).toEqual(['S1']);
    expect(shrunk.elements.dropoffs).toEqual([]);
    expect(shrunk.elements.pickups).toEqual([]);
    expect(shrunk.dimensions).toEqual({ width: 7, height: 7 });
  });

  it('shrinking without losing a shelf keeps the surviving selection', () => {
    const layout = selectAllPickups(
      expectOk(addShelf(createEmptyLayout({ width: 10, height: 10 }), { position: [1, 1], size: [1, 1] })),
    );
    const shrunk = withDimensions(layout, { width: 6, height: 6 });
    expect(shrunk.elements.pickups.map((pickup) => pickup.id)).toEqual(['P1', 'P2', 'P3', 'P4']);
  });
});

describe('layoutFromElements', () => {
  it('reopens a saved benchmark layout with its selection, navigation points and robots unchanged', () => {
    const environment = loadBenchmarkEnvironment('m1');
    const layout = layoutFromElements(environment.dimensions, environment.elements);
    expect(layout.elements).toEqual(environment.elements);
    expect(layout.pickupCandidates).toHaveLength(14 * 20);
  });
});
