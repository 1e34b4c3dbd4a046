import { describe, expect, it } from 'vitest';
import { parseScenarioParameters, robotCountLabel } from './scenario-parameters.ts';

describe('parseScenarioParameters', () => {
  it('leaves empty fields out', () => {
    expect(parseScenarioParameters('', ' ', 4)).toEqual({ parameters: {} });
  });

  it('reads both fields as whole numbers', () => {
    expect(parseScenarioParameters('40', '3', 4)).toEqual({ parameters: { order_volume: 40, robot_count: 3 } });
  });

  it.each([
    ['0', '', { orderVolume: 'Order Volume must be a whole number of at least 1' }],
    ['2.5', '', { orderVolume: 'Order Volume must be a whole number of at least 1' }],
    ['', '5', { robotCount: 'Robot Count must be from 1 to 4 (the robots of the environment)' }],
    ['', '0', { robotCount: 'Robot Count must be from 1 to 4 (the robots of the environment)' }],
    [
      'x',
      '1.5',
      {
        orderVolume: 'Order Volume must be a whole number of at least 1',
        robotCount: 'Robot Count must be from 1 to 4 (the robots of the environment)',
      },
    ],
  ])('rejects order volume %j and robot count %j', (orderVolume, robotCount, errors) => {
    expect(parseScenarioParameters(orderVolume, robotCount, 4)).toEqual({ errors });
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
    [3, 6, '3'],
    [undefined, 6, 'All 6 robots'],
    [undefined, null, 'All robots'],
  ] as const)('robot_count %s of %s robots reads %j', (count, robots, label) => {
    expect(robotCountLabel(count, robots)).toBe(label);
  });
});
