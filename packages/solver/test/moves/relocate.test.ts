import { describe, expect, it } from 'vitest';
import { Relocate } from '../../src/moves/relocate.ts';
import { A, B, C, fleetOf, routesAndFinishes, twoStationsLine } from './two-stations-line.ts';

const never = () => false;

describe('relocate on two stations on a line', () => {
  it('moves B from R1 to the front of R2: R1 = [A] in 2 s, R2 = [B, C] in 4 s', () => {
    // R1 = [A, B]: 0 -> P1 -> D1 (2) -> P2 -> D2 = 20 s; R2 = [C]: 20 -> P3 -> D3 = 4 s.
    const state = fleetOf(twoStationsLine(), [[A, B], [C]]);
    expect(routesAndFinishes(state)).toEqual([
      { route: [A, B], finish: 20 },
      { route: [C], finish: 4 },
    ]);
    const relocate = new Relocate(state);
    // A first: R1 = [B] takes 20 s and R2 takes A best at its end ([C, A], 20 s): the makespan
    // stays 20 s and the total grows, so no. Then B: R1 = [A] takes 2 s, R2 = [B, C] 4 s
    // (ahead of C, 20 -> P2 -> D2 (18) -> P3 -> D3) rather than [C, B] (8 s).
    expect(relocate.find(0, [1], state.value() - 1e-9, never)).toBe('found');
    relocate.apply();
    expect(routesAndFinishes(state)).toEqual([
      { route: [A], finish: 2 },
      { route: [B, C], finish: 4 },
    ]);
    expect(state.makespan).toBe(4);
  });

  it('finds nothing once each robot serves its own end', () => {
    const state = fleetOf(twoStationsLine(), [[A], [B, C]]);
    const relocate = new Relocate(state);
    expect(relocate.find(1, [0], state.value() - 1e-9, never)).toBe('none');
    expect(() => relocate.apply()).toThrow('Relocate.apply needs a move found by find');
  });
});
