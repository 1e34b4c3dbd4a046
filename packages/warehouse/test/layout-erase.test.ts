import { describe, expect, it } from 'vitest';
import { addDropoff, addRobotStation, addShelves, selectAllPickups } from '../src/layout/editing.ts';
import { eraseRectangle } from '../src/layout/erase.ts';
import { rectangleFromCells } from '../src/layout/placement.ts';
import { createEmptyLayout } from '../src/layout/regenerate.ts';
import type { EditableLayout } from '../src/layout/types.ts';
import { expectOk } from './layout-fixtures.ts';

/** 10x6 grid: S1 [1,1] 2x2, S2 [5,1] 2x2, D1 at (4.5,4.5), D2 at (8.5,4.5), R1 (0.5,5.5) with 2 robots, R2 (9.5,0.5) with 1; all pickups selected. */
function sampleLayout(): EditableLayout {
  let layout = expectOk(
    addShelves(createEmptyLayout({ width: 10, height: 6 }), [
      { position: [1, 1], size: [2, 2] },
      { position: [5, 1], size: [2, 2] },
    ]),
  );
  layout = expectOk(addDropoff(layout, [4.5, 4.5]));
  layout = expectOk(addDropoff(layout, [8.5, 4.5]));
  layout = expectOk(addRobotStation(layout, [0.5, 5.5], 2));
  layout = expectOk(addRobotStation(layout, [9.5, 0.5], 1));
  return selectAllPickups(layout);
}

describe('eraseRectangle', () => {
  it('removes shelves overlapping the rectangle, keeps shelves it only touches', () => {
    const layout = eraseRectangle(sampleLayout(), rectangleFromCells([2, 2], [4, 3]));
    expect(layout.elements.shelves.map((shelf) => shelf.id)).toEqual(['S2']);
    expect(
      eraseRectangle(sampleLayout(), rectangleFromCells([3, 0], [4, 5])).elements.shelves.map((shelf) => shelf.id),
    ).toEqual(['S1', 'S2']);
  });

  it("removes dropoffs and stations inside the rectangle, with the station's robots", () => {
    const layout = eraseRectangle(sampleLayout(), rectangleFromCells([0, 4], [4, 5]));
    expect(layout.elements.dropoffs.map((dropoff) => dropoff.id)).toEqual(['D2']);
    expect(layout.elements.robot_stations.map((station) => station.id)).toEqual(['R2']);
    expect(layout.elements.robots).toEqual([{ id: 'R2_1', station_id: 'R2', position: [9.5, 0.5], station_index: 0 }]);
    expect(layout.elements.shelves.map((shelf) => shelf.id)).toEqual(['S1', 'S2']);
  });

  it('clears the pickup selection and rebuilds navigation points and candidates from the shelves left', () => {
    const layout = eraseRectangle(sampleLayout(), rectangleFromCells([5, 1], [5, 1]));
    expect(layout.elements.pickups).toEqual([]);
    expect(layout.elements.navigation_points.map((point) => `${point.id}:${point.shelf_id}`)).toEqual([
      'N1:S1',
      'N2:S1',
      'N3:S1',
      'N4:S1',
    ]);
    expect(layout.pickupCandidates.every((pickup) => pickup.shelf_id === 'S1')).toBe(true);
    expect(layout.pickupCandidates).toHaveLength(8);
  });

  it('clears the pickup selection even when nothing lies under the rectangle', () => {
    const layout = eraseRectangle(sampleLayout(), rectangleFromCells([8, 2], [8, 2]));
    expect(layout.elements.pickups).toEqual([]);
    expect(layout.elements.shelves).toHaveLength(2);
    expect(layout.elements.robots).toHaveLength(3);
  });
});
