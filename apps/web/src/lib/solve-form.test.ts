import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import {
  createSolveErrorText,
  MAX_DISTANCE_RULE,
  parseBoundedNumber,
  RECHARGE_TIME_RULE,
  TIME_LIMIT_RULE,
  ROBOT_SPEED_RULE,
  SELECTABLE_ALGORITHMS,
  algorithmIdOf,
} from './solve-form.ts';

describe('advanced solve fields', () => {
  it('Max Distance: 0 to 10000, non-numeric falls back to 1000', () => {
    expect(parseBoundedNumber('2500', MAX_DISTANCE_RULE)).toBe(2500);
    expect(parseBoundedNumber('', MAX_DISTANCE_RULE)).toBe(1000);
    expect(parseBoundedNumber('far', MAX_DISTANCE_RULE)).toBe(1000);
    expect(parseBoundedNumber('-4', MAX_DISTANCE_RULE)).toBe(0);
    expect(parseBoundedNumber('20000', MAX_DISTANCE_RULE)).toBe(10000);
  });

  it('Robot Speed: 0.1 to 5, non-numeric falls back to 1', () => {
    expect(parseBoundedNumber('1.5', ROBOT_SPEED_RULE)).toBe(1.5);
    expect(parseBoundedNumber('abc', ROBOT_SPEED_RULE)).toBe(1);
    expect(parseBoundedNumber('0', ROBOT_SPEED_RULE)).toBe(0.1);
    expect(parseBoundedNumber('9', ROBOT_SPEED_RULE)).toBe(5);
    expect(ROBOT_SPEED_RULE.step).toBe(0.1);
  });

  it('Recharge Time: 3 to 120, non-numeric falls back to 3', () => {
    expect(parseBoundedNumber('45', RECHARGE_TIME_RULE)).toBe(45);
    expect(parseBoundedNumber(' ', RECHARGE_TIME_RULE)).toBe(3);
    expect(parseBoundedNumber('1', RECHARGE_TIME_RULE)).toBe(3);
    expect(parseBoundedNumber('500', RECHARGE_TIME_RULE)).toBe(120);
  });

  it('Time Limit: 1 to 3600 s, non-numeric falls back to the spec default 300', () => {
    expect(parseBoundedNumber('20', TIME_LIMIT_RULE)).toBe(20);
    expect(parseBoundedNumber('abc', TIME_LIMIT_RULE)).toBe(300);
    expect(parseBoundedNumber('0', TIME_LIMIT_RULE)).toBe(1);
    expect(parseBoundedNumber('99999', TIME_LIMIT_RULE)).toBe(3600);
  });
});

describe('algorithms', () => {
  it('offers every algorithm but hungarian, with the ids of spec §7', () => {
    expect(SELECTABLE_ALGORITHMS.map((algorithm) => [algorithm.name, algorithm.id])).toEqual([
      ['greedy_distance', 1],
      ['kmeans', 3],
      ['auction', 4],
      ['genetic', 5],
      ['makespan', 6],
      ['marginal_benefit', 7],
    ]);
    expect(algorithmIdOf('makespan')).toBe(6);
  });
});

describe('createSolveErrorText', () => {
  it('appends the status and body the server returned', () => {
    expect(createSolveErrorText(new ApiError(400, { detail: 'task_id: unknown task' }))).toBe(
      'Failed to create solve. Please try again. Server returned 400: {"detail":"task_id: unknown task"}',
    );
    expect(createSolveErrorText(new ApiError(502, 'Bad Gateway'))).toBe('Failed to create solve. Please try again. Server returned 502: Bad Gateway');
  });

  it('is the bare fallback when the server did not answer', () => {
    expect(createSolveErrorText(new TypeError('Failed to fetch'))).toBe('Failed to create solve. Please try again.');
  });
});
