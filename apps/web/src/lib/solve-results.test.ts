import { describe, expect, it } from 'vitest';
import { solveErrorText, solveProgress } from './solve-results.ts';

describe('solveErrorText', () => {
  it('reads the error text of a failed solve', () => {
    expect(solveErrorText({ results: { error: 'Pair P9 -> D1: P9 is unreachable' } })).toBe(
      'Pair P9 -> D1: P9 is unreachable',
    );
    expect(solveErrorText({ results: null, result: { error: 'legacy' } })).toBe('legacy');
    expect(solveErrorText({ results: { error: '  ' } })).toBeNull();
    expect(solveErrorText({ results: {} })).toBeNull();
  });
});

describe('solveProgress', () => {
  it('reads progress, clamped to 0..100', () => {
    expect(solveProgress({ progress: { percent: 42, best_makespan_s: 310.5 } })).toEqual({
      percent: 42,
      best_makespan_s: 310.5,
    });
    expect(solveProgress({ progress: { percent: 140 } })).toEqual({ percent: 100, best_makespan_s: null });
    expect(solveProgress({ progress: { percent: 'half' } })).toBeNull();
    expect(solveProgress({ progress: null })).toBeNull();
  });
});
