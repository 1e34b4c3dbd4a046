import { describe, expect, it } from 'vitest';
import {
  addDropoff,
  addRobotStation,
  addShelf,
  addShelves,
  findPickupAt,
  selectAllPickups,
  togglePickupAt,
} from '../src/layout/editing.ts';
import { createEmptyLayout } from '../src/layout/regenerate.ts';
import type { EditResult } from '../src/layout/editing.ts';
import type { EditableLayout } from '../src/layout/types.ts';
import { expectOk } from './layout-fixtures.ts';

/** A 2x1 shelf S1 at [1,1] on an 8x6 grid. */
function oneShelfLayout(): EditableLayout {
  return expectOk(addShelf(createEmptyLayout({ width: 8, height: 6 }), { position: [1, 1], size: [2, 1] }));
}

describe('addShelf', () => {
  it('adds S1 and generates its pickup candidates and navigation points, nothing selected', () => {
    const layout = oneShelfLayout();
    expect(layout.elements.shelves).toEqual([{ id: 'S1', position: [1, 1], size: [2, 1] }]);
    expect(layout.pickupCandidates.map((pickup) => `${pickup.id}@${pickup.position}:${pickup.side}`)).toEqual([
      'P1@1.5,1:top',
      'P2@2.5,1:top',
      'P3@3,1.5:right',
      'P4@2.5,2:bottom',
      'P5@1.5,2:bottom',
      'P6@1,1.5:left',
    ]);
    expect(layout.elements.navigation_points.map((point) => `${point.id}@${point.position}`)).toEqual([
      'N1@0.5,0.5',
      'N2@3.5,0.5',
      'N3@3.5,2.5',
      'N4@0.5,2.5',
    ]);
    expect(layout.elements.pickups).toEqual([]);
  });

  it('refuses an overlapping shelf and leaves the layout alone', () => {
    expect(addShelf(oneShelfLayout(), { position: [2, 0], size: [2, 2] })).toEqual({
      ok: false,
      rule: 'shelf-overlap',
      reason: 'Shelf overlaps shelf S1',
      blocker: 'S1',
    });
  });

  it('resets the pickup selection when a shelf is added', () => {
    const selected = selectAllPickups(oneShelfLayout());
    const layout = expectOk(addShelf(selected, { position: [5, 1], size: [1, 1] }));
    expect(layout.elements.pickups).toEqual([]);
    expect(layout.pickupCandidates).toHaveLength(10);
  });

  it('adds several shelves at once with consecutive ids, or none if one fails', () => {
    const layout = expectOk(
      addShelves(oneShelfLayout(), [
        { position: [4, 1], size: [1, 2] },
        { position: [6, 1], size: [1, 2] },
      ]),
    );
    expect(layout.elements.shelves.map((s) => s.id)).toEqual(['S1', 'S2', 'S3']);
    expect(
      addShelves(oneShelfLayout(), [
        { position: [4, 1], size: [1, 2] },
        { position: [4, 2], size: [1, 2] },
      ]),
    ).toEqual({
      ok: false,
      rule: 'shelf-overlap',
      reason: 'Shelf overlaps shelf S2',
      blocker: 'S2',
    });
  });
});

describe('addDropoff and addRobotStation', () => {
  it('snaps a dropoff to the cell centre with the next id', () => {
    let layout = expectOk(addDropoff(oneShelfLayout(), [6.7, 4.1]));
    layout = expectOk(addDropoff(layout, [0, 5]));
    expect(layout.elements.dropoffs).toEqual([
      { id: 'D1', position: [6.5, 4.5] },
      { id: 'D2', position: [0.5, 5.5] },
    ]);
  });

  it('refuses a dropoff or station on a shelf cell', () => {
    const refusal: EditResult = { ok: false, rule: 'on-shelf-cell', reason: 'Cannot place on shelf S1', blocker: 'S1' };
    expect(addDropoff(oneShelfLayout(), [2.5, 1.5])).toEqual(refusal);
    expect(addRobotStation(oneShelfLayout(), [1.1, 1.9], 2)).toEqual(refusal);
  });

  it('creates a station with its robots and keeps the pickup selection', () => {
    const selected = selectAllPickups(oneShelfLayout());
    const layout = expectOk(addRobotStation(selected, [4.2, 4.8], 2));
    expect(layout.elements.robot_stations).toEqual([{ id: 'R1', position: [4.5, 4.5], robot_count: 2 }]);
    expect(layout.elements.robots).toEqual([
      { id: 'R1_1', station_id: 'R1', position: [4.5, 4.5], station_index: 0 },
      { id: 'R1_2', station_id: 'R1', position: [4.5, 4.5], station_index: 1 },
    ]);
    expect(layout.elements.pickups).toHaveLength(6);
  });
});

describe('pickup selection', () => {
  it('finds the nearest candidate within 0.3 of a cell and nothing further away', () => {
    const { pickupCandidates } = oneShelfLayout();
    expect(findPickupAt(pickupCandidates, [3.2, 1.6])?.id).toBe('P3');
    expect(findPickupAt(pickupCandidates, [1.5, 0.71])?.id).toBe('P1');
    expect(findPickupAt(pickupCandidates, [1.5, 0.69])).toBeUndefined();
    expect(findPickupAt(pickupCandidates, [1.3, 1.2])?.id).toBe('P1');
    expect(findPickupAt(pickupCandidates, [2, 1])).toBeUndefined();
  });

  it('toggles the clicked pickup and keeps the selection in candidate order', () => {
    let layout = oneShelfLayout();
    layout = togglePickupAt(layout, [1.5, 2.1]);
    layout = togglePickupAt(layout, [2.5, 0.9]);
    expect(layout.elements.pickups.map((pickup) => pickup.id)).toEqual(['P2', 'P5']);
    layout = togglePickupAt(layout, [1.5, 2]);
    expect(layout.elements.pickups.map((pickup) => pickup.id)).toEqual(['P2']);
    expect(togglePickupAt(layout, [5, 5])).toBe(layout);
  });

  it('selects every candidate', () => {
    const layout = selectAllPickups(oneShelfLayout());
    expect(layout.elements.pickups).toEqual(layout.pickupCandidates);
  });
});
