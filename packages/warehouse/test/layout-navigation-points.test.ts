import { describe, expect, it } from 'vitest';
import { generateNavigationPoints } from '../src/layout/navigation-points.ts';
import { BENCHMARK_INSTANCES, loadBenchmarkEnvironment, shelf } from './layout-fixtures.ts';

const grid10 = { width: 10, height: 10 };

describe('generateNavigationPoints', () => {
  it('puts one point 0.5 diagonally outside each corner, clockwise from the top-left', () => {
    expect(generateNavigationPoints([shelf('S1', 2, 3, 2, 6)], grid10)).toEqual([
      { id: 'N1', position: [1.5, 2.5], shelf_id: 'S1' },
      { id: 'N2', position: [4.5, 2.5], shelf_id: 'S1' },
      { id: 'N3', position: [4.5, 9.5], shelf_id: 'S1' },
      { id: 'N4', position: [1.5, 9.5], shelf_id: 'S1' },
    ]);
  });

  it('drops points outside the grid and keeps the others their ids', () => {
    expect(generateNavigationPoints([shelf('S1', 0, 1, 2, 2)], grid10)).toEqual([
      { id: 'N2', position: [2.5, 0.5], shelf_id: 'S1' },
      { id: 'N3', position: [2.5, 3.5], shelf_id: 'S1' },
    ]);
  });

  it("drops points inside another shelf (S1 and S2 overlap each other's corner points)", () => {
    const points = generateNavigationPoints([shelf('S1', 1, 1, 2, 2), shelf('S2', 3, 3, 3, 3)], grid10);
    expect(points.map((point) => `${point.id}@${point.position}`)).toEqual([
      'N1@0.5,0.5',
      'N2@3.5,0.5',
      'N4@0.5,3.5',
      'N6@6.5,2.5',
      'N7@6.5,6.5',
      'N8@2.5,6.5',
    ]);
  });

  it('keeps the first of two points at one position (shelves one cell apart diagonally)', () => {
    const points = generateNavigationPoints([shelf('S1', 1, 1, 1, 1), shelf('S2', 3, 3, 1, 1)], grid10);
    expect(points.map((point) => `${point.id}@${point.position}:${point.shelf_id}`)).toEqual([
      'N1@0.5,0.5:S1',
      'N2@2.5,0.5:S1',
      'N3@2.5,2.5:S1',
      'N4@0.5,2.5:S1',
      'N6@4.5,2.5:S2',
      'N7@4.5,4.5:S2',
      'N8@2.5,4.5:S2',
    ]);
  });

  it.each(BENCHMARK_INSTANCES)('reproduces the navigation points of benchmark %s exactly', (name) => {
    const environment = loadBenchmarkEnvironment(name);
    expect(generateNavigationPoints(environment.elements.shelves, environment.dimensions)).toEqual(
      environment.elements.navigation_points,
    );
  });
});
