import { describe, expect, it } from 'vitest';
import { Swap } from '../../src/moves/swap.ts';
import { A, B, C, D, fleetOf, routesAndFinishes, twoStationsLine } from './two-stations-line.ts';

const never = () => false;

describe('swap on two stations on a line', () => {
  it('trades B of R1 for C of R2: R1 = [A, C] and R2 = [B, D], 18 s each', () => {
    // R1 = [A, B] = 20 s; R2 = [C, D]: 20 -> P3 -> D3 (16) -> P4 -> D4 = 18 s.
    const state = fleetOf(twoStationsLine(), [
      [A, B],
      [C, D],
    ]);
    expect(routesAndFinishes(state).map(({ finish }) => finish)).toEqual([20, 18]);
    const swap = new Swap(state);
    // A for C: [C, B] and [A, D] take 22 s each. A for D: [D, B] and [C, A] take 20 s each,
    // the same makespan with more total time. B for C: [A, C] 2 + 15 + 1 = 18 s and
    // [B, D] 2 + 15 + 1 = 18 s, the first that lowers the makespan.
    expect(swap.find(0, [1], state.value() - 1e-9, never)).toBe('found');
    swap.apply();
    expect(routesAndFinishes(state)).toEqual([
      { route: [A, C], finish: 18 },
      { route: [B, D], finish: 18 },
    ]);
  });

  it('skips a trade that the receiving robot cannot serve', () => {
    // With 30 m per charge R1 cannot do B at all (H1 -> P2 -> D2 -> H1 is 38 m), so R2 keeps it.
    const state = fleetOf(twoStationsLine(30), [[A], [B]]);
    expect(new Swap(state).find(1, [0], -Infinity, never)).toBe('none');
  });
});
