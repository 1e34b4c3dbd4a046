import fc from 'fast-check';
import { ABSENT_PARAMETER_FALLBACKS, ALGORITHMS, solveParametersInputSchema } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import {
  boundedNumberProblem,
  createSolveErrorText,
  MAX_DISTANCE_RULE,
  parseBoundedNumber,
  parseChargers,
  parseHandlingTime,
  RECHARGE_TIME_RULE,
  TIME_LIMIT_RULE,
  ROBOT_SPEED_RULE,
  SELECTABLE_ALGORITHMS,
  type NumberFieldRule,
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

  it('Max Distance held to 0 is refused on the form, as the server refuses it', () => {
    expect(boundedNumberProblem('Max Distance', 0, MAX_DISTANCE_RULE)).toBe('Max Distance must be above 0');
    expect(boundedNumberProblem('Max Distance', 0.5, MAX_DISTANCE_RULE)).toBeNull();
    expect(boundedNumberProblem('Robot Speed', 0.1, ROBOT_SPEED_RULE)).toBeNull();
  });

  it("Handling Time: blank is the robot model's own (absent), else 0 to 600 s, 0 included", () => {
    const refused = "Handling Time must be a number of seconds from 0 to 600, or blank for the robot model's own";
    expect(parseHandlingTime(' ')).toEqual({ handlingTimeS: undefined, problem: null });
    expect(parseHandlingTime('12.5')).toEqual({ handlingTimeS: 12.5, problem: null });
    expect(parseHandlingTime('0')).toEqual({ handlingTimeS: 0, problem: null });
    expect(parseHandlingTime('600')).toEqual({ handlingTimeS: 600, problem: null });
    for (const typed of ['-3', '9000', 'slow'])
      expect(parseHandlingTime(typed)).toEqual({ handlingTimeS: undefined, problem: refused });
  });

  it('Handling Time: whatever is typed, the form sends what the server accepts or says why not', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: -700, max: 700, noNaN: true }).map(String), fc.constantFrom('', ' ', 'x', '-0')),
        (raw) => {
          const { handlingTimeS, problem } = parseHandlingTime(raw);
          if (problem) return;
          expect(solveParametersInputSchema.shape.handling_time_s.safeParse(handlingTimeS).success).toBe(true);
        },
      ),
      { numRuns: 300, seed: 15 },
    );
  });

  it('Chargers per Station: blank is one per robot (absent), else a whole number from 1 to 10', () => {
    const refused = 'Chargers per Station must be a whole number from 1 to 10, or blank';
    expect(parseChargers('  ')).toEqual({ chargers: undefined, problem: null });
    expect(parseChargers('2')).toEqual({ chargers: 2, problem: null });
    expect(parseChargers('10')).toEqual({ chargers: 10, problem: null });
    for (const typed of ['0', '11', '1.5', 'two', '-1'])
      expect(parseChargers(typed)).toEqual({ chargers: undefined, problem: refused });
  });

  it('Chargers per Station: whatever is typed, the form sends what the server accepts or says why not', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -20, max: 20, noNaN: true }).map(String),
          fc.integer({ min: -3, max: 13 }).map(String),
          fc.constantFrom('', ' ', 'x'),
        ),
        (raw) => {
          const { chargers, problem } = parseChargers(raw);
          if (problem) return;
          expect(solveParametersInputSchema.shape.chargers.safeParse(chargers).success).toBe(true);
        },
      ),
      { numRuns: 300, seed: 14 },
    );
  });

  const fields: [keyof typeof solveParametersInputSchema.shape, NumberFieldRule][] = [
    ['max_distance', MAX_DISTANCE_RULE],
    ['robot_speed', ROBOT_SPEED_RULE],
    ['recharge_time', RECHARGE_TIME_RULE],
    ['time_limit', TIME_LIMIT_RULE],
  ];
  for (const [field, rule] of fields) {
    it(`${field}: whatever is typed, the form sends what the server's schema accepts or says why not`, () => {
      const typed = fc.oneof(
        fc.double({ min: -20_000, max: 20_000, noNaN: true }).map(String),
        fc.constantFrom('', 'abc', '0', '-0', String(rule.min), String(rule.max), String(rule.fallback)),
      );
      fc.assert(
        fc.property(typed, (raw) => {
          const value = parseBoundedNumber(raw, rule);
          const accepted = solveParametersInputSchema.shape[field].safeParse(value).success;
          expect(boundedNumberProblem(field, value, rule) === null).toBe(accepted);
        }),
        { numRuns: 300, seed: 16 },
      );
      // An absent field means the fallback: the spec default, or none for handling time.
      expect(solveParametersInputSchema.parse({})[field] ?? ABSENT_PARAMETER_FALLBACKS.handling_time_s).toBe(
        rule.fallback,
      );
    });
  }
});

describe('algorithms', () => {
  it('offers the warehouse list but hungarian, with its labels and hints', () => {
    expect(SELECTABLE_ALGORITHMS).toEqual(ALGORITHMS.filter((algorithm) => algorithm.id !== 2));
  });

  it('offers every algorithm but hungarian, with the ids of spec §7', () => {
    expect(SELECTABLE_ALGORITHMS.map((algorithm) => [algorithm.name, algorithm.id])).toEqual([
      ['greedy_distance', 1],
      ['kmeans', 3],
      ['auction', 4],
      ['genetic', 5],
      ['makespan', 6],
      ['marginal_benefit', 7],
    ]);
  });
});

describe('createSolveErrorText', () => {
  it('appends the status and body the server returned', () => {
    expect(createSolveErrorText(new ApiError(400, { detail: 'task_id: unknown task' }))).toBe(
      'Failed to create solve. Please try again. Server returned 400: {"detail":"task_id: unknown task"}',
    );
    expect(createSolveErrorText(new ApiError(502, 'Bad Gateway'))).toBe(
      'Failed to create solve. Please try again. Server returned 502: Bad Gateway',
    );
  });

  it('is the bare fallback when the server did not answer', () => {
    expect(createSolveErrorText(new TypeError('Failed to fetch'))).toBe('Failed to create solve. Please try again.');
  });
});
