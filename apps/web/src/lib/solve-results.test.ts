import { describe, expect, it } from 'vitest';
import { locationName, solveErrorText, solveProgress } from './solve-results.ts';

describe('locationName', () => {
  it('names path nodes by their kind (spec §3)', () => {
    expect(['R1_1', 'R1', 'P3', 'D2', 'N14', 'X'].map(locationName)).toEqual([
      'Robot R1_1',
      'Station R1',
      'Pickup P3',
      'Dropoff D2',
      'Nav N14',
      'X',
    ]);
  });
});

describe('solveErrorText', () => {
  it('reads the error text of a failed solve', () => {
    expect(solveErrorText({ results: { error: 'Pair P9 -> D1: P9 is unreachable' } })).toBe('Pair P9 -> D1: P9 is unreachable');
    expect(solveErrorText({ results: null, result: { error: 'legacy' } })).toBe('legacy');
    expect(solveErrorText({ results: { error: '  ' } })).toBeNull();
    expect(solveErrorText({ results: {} })).toBeNull();
  });
});

describe('solveProgress', () => {
  it('reads progress, clamped to 0..100', () => {
    expect(solveProgress({ progress: { percent: 42, best_makespan_s: 310.5 } })).toEqual({ percent: 42, best_makespan_s: 310.5 });
    expect(solveProgress({ progress: { percent: 140 } })).toEqual({ percent: 100, best_makespan_s: null });
    expect(solveProgress({ progress: { percent: 'half' } })).toBeNull();
    expect(solveProgress({ progress: null })).toBeNull();
  });
});
