import { describe, expect, it } from 'vitest';
import { generateWarehouseInstance } from '../src/layout/instance-generator.ts';
import { validateNavigationGraph } from '../src/graph/validate-navigation-graph.ts';

const small = { width: 20, height: 20, stations: 3, robotsPerStation: 2, orders: 50, seed: 7 };

describe('generateWarehouseInstance', () => {
  it('gives the same instance for the same seed and a different one for another seed', () => {
    expect(generateWarehouseInstance(small)).toEqual(generateWarehouseInstance(small));
    expect(generateWarehouseInstance({ ...small, seed: 8 }).tasks).not.toEqual(generateWarehouseInstance(small).tasks);
  });

  it('places the requested fleet and orders on a layout whose graph passes the validator', () => {
    const instance = generateWarehouseInstance(small);
    const { elements, graph } = instance.environment;
    expect(elements.robot_stations).toHaveLength(3);
    expect(elements.robots).toHaveLength(6);
    expect(instance.tasks).toHaveLength(50);
    const pickupIds = new Set(elements.pickups.map((pickup) => pickup.id));
    const dropoffIds = new Set(elements.dropoffs.map((dropoff) => dropoff.id));
    for (const [pickup, dropoff] of instance.tasks) {
      expect(pickupIds.has(pickup)).toBe(true);
      expect(dropoffIds.has(dropoff)).toBe(true);
    }
    expect(validateNavigationGraph({ elements, graph })).toBeNull();
  });

  it('holds the largest floor of the spec: 40 stations of 10 robots on 50 x 50', () => {
    const instance = generateWarehouseInstance({
      width: 50,
      height: 50,
      stations: 40,
      robotsPerStation: 10,
      orders: 10,
      seed: 1,
    });
    expect(instance.environment.elements.robots).toHaveLength(400);
    const cells = new Set(instance.environment.elements.robot_stations.map((station) => station.position.join(',')));
    expect(cells.size).toBe(40);
  });

  it('sends the hot-spot share of orders to the hot pickups', () => {
    const instance = generateWarehouseInstance({
      ...small,
      orders: 2000,
      hotSpot: { share: 0.8, pickupsFraction: 0.05 },
    });
    const counts = new Map<string, number>();
    for (const [pickup] of instance.tasks) counts.set(pickup, (counts.get(pickup) ?? 0) + 1);
    const hotCount = Math.max(1, Math.round(instance.environment.elements.pickups.length * 0.05));
    const busiest = [...counts.values()]
      .sort((a, b) => b - a)
      .slice(0, hotCount)
      .reduce((sum, n) => sum + n, 0);
    expect(busiest / 2000).toBeGreaterThan(0.75);
  });

  it('leaves one-lane aisles between the racks with aisleWidth 1, and says so in the id', () => {
    const dense = generateWarehouseInstance({ ...small, aisleWidth: 1 });
    const xs = [...new Set(dense.environment.elements.shelves.map((shelf) => shelf.position[0]))].sort((a, b) => a - b);
    // Racks 2 cells deep from x = 2, one free cell between neighbours: 2, 5, 8, ...
    expect(xs.slice(0, 4)).toEqual([2, 5, 8, 11]);
    expect(dense.id).toBe('gen-20x20-3x2-50-a1-s7');
    expect(generateWarehouseInstance(small).id).toBe('gen-20x20-3x2-50-s7');
    expect(
      validateNavigationGraph({ elements: dense.environment.elements, graph: dense.environment.graph }),
    ).toBeNull();
  });

  it('names the bad option', () => {
    expect(() => generateWarehouseInstance({ ...small, width: 60 })).toThrow(/Floor must be whole cells/);
    expect(() => generateWarehouseInstance({ ...small, robotsPerStation: 11 })).toThrow(/Robots per station/);
    expect(() => generateWarehouseInstance({ ...small, stations: 0 })).toThrow(/Stations must be/);
    expect(() => generateWarehouseInstance({ ...small, orders: -1 })).toThrow(/Orders must be/);
    expect(() => generateWarehouseInstance({ ...small, aisleWidth: 0 })).toThrow(
      'Aisle width must be a whole number of cells >= 1, got 0',
    );
  });
});
