import { describe, expect, it } from 'vitest';
import { parseScenarioParameters, robotCountLabel } from './scenario-parameters.ts';

/** 4 robots drawn; the floor takes 40. */
const FLEET = { drawn: 4, max: 40 };
const TOO_MANY = 'This floor can take at most 40 robots (4 drawn, 36 more beside the stations).';
const NOT_WHOLE = 'Robot Count must be a whole number of at least 1';

describe('parseScenarioParameters', () => {
  it('leaves empty fields out', () => {
    expect(parseScenarioParameters('', ' ', FLEET)).toEqual({ parameters: {} });
  });

  it('reads both fields as whole numbers, Robot Count beyond the drawn robots up to what the floor takes', () => {
    expect(parseScenarioParameters('40', '3', FLEET)).toEqual({ parameters: { order_volume: 40, robot_count: 3 } });
    expect(parseScenarioParameters('', '40', FLEET)).toEqual({ parameters: { robot_count: 40 } });
  });

  it.each([
    ['0', '', { orderVolume: 'Order Volume must be a whole number of at least 1' }],
    ['2.5', '', { orderVolume: 'Order Volume must be a whole number of at least 1' }],
    ['', '41', { robotCount: TOO_MANY }],
    ['', '0', { robotCount: NOT_WHOLE }],
    [
      'x',
      '1.5',
      {
        orderVolume: 'Order Volume must be a whole number of at least 1',
        robotCount: NOT_WHOLE,
      },
    ],
  ])('rejects order volume %j and robot count %j', (orderVolume, robotCount, errors) => {
    expect(parseScenarioParameters(orderVolume, robotCount, FLEET)).toEqual({ errors });
  });

  it('checks only the lower bound while the environment is unknown', () => {
    expect(parseScenarioParameters('', '99', null)).toEqual({ parameters: { robot_count: 99 } });
    expect(parseScenarioParameters('', '0', null)).toEqual({
      errors: { robotCount: 'Robot Count must be a whole number of at least 1' },
    });
  });
});

describe('robotCountLabel', () => {
  it.each([
    [3, { drawn: 6, max: 60 }, '3'],
    [undefined, { drawn: 6, max: 60 }, 'All 6 robots'],
    [undefined, null, 'All robots'],
  ] as const)('robot_count %s of %j reads %j', (count, fleet, label) => {
    expect(robotCountLabel(count, fleet)).toBe(label);
  });
});
