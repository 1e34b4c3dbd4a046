import { describe, expect, it } from 'vitest';
import { TwoOptStar } from '../../src/moves/two-opt-star.ts';
import { A, B, C, D, fleetOf, routesAndFinishes, twoStationsLine } from './two-stations-line.ts';

const never = () => false;

describe('2-opt* on two stations on a line', () => {
  it('exchanges the tails after the first delivery: R1 = [A, D] in 4 s, R2 = [C, B] in 8 s', () => {
    const state = fleetOf(twoStationsLine(), [
      [A, B],
      [C, D],
    ]);
    const twoOptStar = new TwoOptStar(state);
    // Cut R1 before A: R2 = [C, A, B] (38 s) or [C, D, A, B] (40 s); cut R1 after A, R2 before C:
    // R1 = [A, C, D] (32 s). Cut both after their first delivery: R1 = [A, D], 1 + 1 + 1 + 1 = 4 s,
    // and R2 = [C, B], 3 + 1 + 3 + 1 = 8 s, down from 20 s.
    expect(twoOptStar.find(0, [1], state.value() - 1e-9, never)).toBe('found');
    twoOptStar.apply();
    expect(routesAndFinishes(state)).toEqual([
      { route: [A, D], finish: 4 },
      { route: [C, B], finish: 8 },
    ]);
  });

  it('finds nothing when the tails are already where they belong', () => {
    const state = fleetOf(twoStationsLine(), [
      [A, D],
      [C, B],
    ]);
    expect(new TwoOptStar(state).find(1, [0], state.value() - 1e-9, never)).toBe('none');
  });
});
