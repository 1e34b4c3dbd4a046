import fc from 'fast-check';
import { type RobotModelParameter, solveParametersInputSchema } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { SPEC_DEFAULT_SETTINGS } from '../test/fixtures.ts';
import {
  defaultSolveSettings,
  describeSettings,
  readSolveSettings,
  solveSettingsFromParameters,
  solveSettingsReducer,
} from './solve-settings.ts';

describe('solve settings: one model for the solve form and the experiment form', () => {
  it('reads default settings as exactly the spec §9 parameters', () => {
    expect(readSolveSettings(defaultSolveSettings())).toEqual({ parameters: SPEC_DEFAULT_SETTINGS, problems: {} });
  });

  it('round-trips a stored solve’s settings, hidden ones included', () => {
    const stored = {
      time_limit: 12,
      battery_capacity: 80,
      max_distance: 150,
      robot_speed: 1.5,
      recharge_time: 10,
      objective_weights: { completion_time: 60, energy_usage: 40 },
      balance_factor: 30,
      chargers: 1,
      handling_time_s: 4,
    };
    expect(
      readSolveSettings(solveSettingsFromParameters({ ...stored, algorithm_type: 'makespan', robot_count: 3 }))
        .parameters,
    ).toEqual(stored);
  });

  it('leaves chargers out when a charger sweep sets them per point, and names a bad chargers value otherwise', () => {
    const settings = solveSettingsReducer(defaultSolveSettings(), { type: 'field', field: 'chargers', value: '12' });
    expect(readSolveSettings(settings).problems).toEqual({
      chargers: 'Chargers per Station must be a whole number from 1 to 10, or blank',
    });
    expect(readSolveSettings(settings, { chargersSetByPoints: true })).toMatchObject({ problems: {} });
    expect(readSolveSettings(settings, { chargersSetByPoints: true }).parameters).not.toHaveProperty('chargers');
  });

  it('sends what the server’s schema accepts, or names the problem, whatever is typed', () => {
    const typed = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.double().map(String),
      fc.integer({ min: -20, max: 20_000 }).map(String),
    );
    fc.assert(
      fc.property(
        fc.record({
          maxDistance: typed,
          robotSpeed: typed,
          rechargeTime: typed,
          timeLimit: typed,
          chargers: typed,
          handlingTime: typed,
          batteryReserve: typed,
          delayRate: typed,
          delayMean: typed,
          breakdownMtbf: typed,
          breakdownRepair: typed,
        }),
        (fields) => {
          const { parameters, problems } = readSolveSettings({ ...defaultSolveSettings(), ...fields });
          if (Object.keys(problems).length === 0)
            expect(solveParametersInputSchema.safeParse(parameters).success).toBe(true);
        },
      ),
    );
  });

  it('describes what a run used, in words', () => {
    expect(
      describeSettings({
        max_distance: 150,
        robot_speed: 1,
        recharge_time: 3,
        time_limit: 30,
        chargers: 1,
        objective_weights: { completion_time: 60, energy_usage: 40 },
      }),
    ).toEqual([
      ['Max Distance', '150 m'],
      ['Robot Speed', '1 m/s'],
      ['Recharge Time', '3 min'],
      ['Time Limit', '30 s'],
      ['Chargers per Station', '1'],
      ['Handling Time', '0 s'],
      ['Battery Reserve for Traffic', 'automatic'],
      ['Traffic Policy', 'Congestion-aware'],
      ['Robot Model', 'Point (instant starts, stops and turns)'],
      ['Objectives', 'Completion Time 60%, Energy Usage 40%'],
    ]);
    expect(describeSettings({ battery_reserve_pct: 12.5, traffic_policy: 'pibt', robot_model: 'drive-unit' })).toEqual(
      expect.arrayContaining([
        ['Battery Reserve for Traffic', '12.5%'],
        ['Traffic Policy', 'Shortest walks (plain PIBT)'],
        ['Robot Model', 'Drive unit (Kiva-like)'],
      ]),
    );
    expect(
      describeSettings({ robot_model: { name: 'slow', acceleration_m_s2: 0.3, braking_m_s2: 0.3, quarter_turn_s: 2 } }),
    ).toEqual(expect.arrayContaining([['Robot Model', 'slow (custom figures)']]));
  });

  it("reads a robot model's own top speed and handling time where they are what ran", () => {
    // The drive unit drives at 1.5 m/s whatever robot_speed says, and handles for 2 s unless the solve sets it.
    expect(describeSettings({ robot_speed: 2, robot_model: 'drive-unit' })).toEqual(
      expect.arrayContaining([
        ['Robot Speed', "1.5 m/s (the robot model's top speed)"],
        ['Handling Time', "2 s (the robot model's)"],
      ]),
    );
    expect(describeSettings({ robot_model: 'amr', handling_time_s: 0 })).toEqual(
      expect.arrayContaining([
        ['Robot Speed', "1.2 m/s (the robot model's top speed)"],
        ['Handling Time', '0 s'],
      ]),
    );
    // A custom model without a top speed drives at robot_speed.
    const custom = { name: 'slow', acceleration_m_s2: 0.3, braking_m_s2: 0.3, quarter_turn_s: 2, handling_s: 4 };
    expect(describeSettings({ robot_speed: 0.8, robot_model: custom })).toEqual(
      expect.arrayContaining([
        ['Robot Speed', '0.8 m/s'],
        ['Handling Time', "4 s (the robot model's)"],
      ]),
    );
    // Robot models compared: each runs its own; Robot Speed is the speed of those without one.
    expect(describeSettings({ robot_speed: 1 }, { modelsCompared: ['point', 'drive-unit'] })).toEqual(
      expect.arrayContaining([
        ['Robot Speed', '1 m/s for Point; the other models at their own top speeds'],
        ['Handling Time', "each robot model's own"],
      ]),
    );
    const own = { name: 'Tote bot', acceleration_m_s2: 1, braking_m_s2: 1, quarter_turn_s: 0 };
    const speed = (models: RobotModelParameter[]) =>
      describeSettings({ robot_speed: 2 }, { modelsCompared: models }).find(([label]) => label === 'Robot Speed')?.[1];
    expect(speed(['drive-unit', { ...own, top_speed_m_s: 2 }])).toBe("each robot model's own top speed");
    expect(speed(['point', own])).toBe('2 m/s for Point and Tote bot');
    expect(speed(['amr', own])).toBe('2 m/s for Tote bot; the other models at their own top speeds');
  });

  it('sends Handling Time only when typed, 0 included, and leaves a blank to the robot model', () => {
    expect(defaultSolveSettings().handlingTime).toBe('');
    expect(readSolveSettings(defaultSolveSettings()).parameters).not.toHaveProperty('handling_time_s');
    expect(readSolveSettings({ ...defaultSolveSettings(), handlingTime: '0' }).parameters.handling_time_s).toBe(0);
    expect(readSolveSettings({ ...defaultSolveSettings(), handlingTime: '700' }).problems.handlingTime).toBe(
      "Handling Time must be a number of seconds from 0 to 600, or blank for the robot model's own",
    );
    expect(solveSettingsFromParameters({ handling_time_s: 0 }).handlingTime).toBe('0');
    expect(solveSettingsFromParameters({}).handlingTime).toBe('');
  });

  it('sends the robot model only when it is not the API default, and reads it back from a stored solve', () => {
    expect(readSolveSettings(defaultSolveSettings()).parameters).not.toHaveProperty('robot_model');
    const settings = solveSettingsReducer(defaultSolveSettings(), { type: 'robotModel', model: 'amr' });
    expect(readSolveSettings(settings).parameters.robot_model).toBe('amr');
    expect(solveSettingsFromParameters({ robot_model: 'drive-unit' }).robotModel).toBe('drive-unit');
    expect(solveSettingsFromParameters({}).robotModel).toBe('point');
  });

  it('sends a typed battery reserve and a traffic policy other than the default, and names a reserve out of range', () => {
    let settings = solveSettingsReducer(defaultSolveSettings(), {
      type: 'field',
      field: 'batteryReserve',
      value: ' 12.5 ',
    });
    settings = solveSettingsReducer(settings, { type: 'trafficPolicy', policy: 'pibt' });
    expect(readSolveSettings(settings)).toEqual({
      parameters: { ...SPEC_DEFAULT_SETTINGS, battery_reserve_pct: 12.5, traffic_policy: 'pibt' },
      problems: {},
    });
    expect(
      readSolveSettings(solveSettingsReducer(settings, { type: 'trafficPolicy', policy: 'guided' })).parameters,
    ).not.toHaveProperty('traffic_policy');
    for (const typed of ['50.5', '-1', 'ten']) {
      const read = readSolveSettings(
        solveSettingsReducer(settings, { type: 'field', field: 'batteryReserve', value: typed }),
      );
      expect(read.problems).toEqual({
        batteryReserve: 'Battery Reserve for Traffic must be a percentage from 0 to 50, or blank for automatic',
      });
      expect(read.parameters).not.toHaveProperty('battery_reserve_pct');
    }
    expect(
      readSolveSettings(solveSettingsReducer(settings, { type: 'field', field: 'batteryReserve', value: '50' }))
        .parameters.battery_reserve_pct,
    ).toBe(50);
  });

  it('round-trips the battery reserve and the traffic policy of a stored solve', () => {
    const copied = solveSettingsFromParameters({ battery_reserve_pct: 7, traffic_policy: 'pibt' });
    expect(copied).toMatchObject({ batteryReserve: '7', trafficPolicy: 'pibt' });
    expect(solveSettingsFromParameters({})).toMatchObject({ batteryReserve: '', trafficPolicy: 'guided' });
  });

  it('sends delays and breakdowns when both halves are typed, names a half or a value out of range, and round-trips them', () => {
    const typed = (fields: Record<string, string>) =>
      readSolveSettings(
        Object.entries(fields).reduce(
          (settings, [field, value]) => solveSettingsReducer(settings, { type: 'field', field: field as never, value }),
          defaultSolveSettings(),
        ),
      );
    const both = typed({ delayRate: '1', delayMean: '30', breakdownMtbf: '8', breakdownRepair: '10' });
    expect(both.problems).toEqual({});
    expect(both.parameters).toMatchObject({
      delays: { rate_per_robot_h: 1, mean_s: 30 },
      breakdowns: { mtbf_h: 8, repair_min: 10 },
    });
    expect(typed({ delayRate: '1' }).problems).toEqual({
      delays: 'Delays need both Delays per Robot-hour and Delay Length, or neither',
    });
    expect(typed({ breakdownMtbf: '0', breakdownRepair: '10' }).problems).toEqual({
      breakdowns: 'Hours between Breakdowns must be above 0 and at most 10,000',
    });
    expect(typed({ delayRate: '2', delayMean: '4000' }).problems).toEqual({
      delays: 'Delay Length must be above 0 and at most 3,600',
    });
    const copied = solveSettingsFromParameters({ delays: { rate_per_robot_h: 1, mean_s: 30 } });
    expect(copied).toMatchObject({ delayRate: '1', delayMean: '30', breakdownMtbf: '', breakdownRepair: '' });
    expect(describeSettings(both.parameters).slice(-2)).toEqual([
      ['Delays', '1 per robot-hour, 30 s each on average'],
      ['Breakdowns', 'every 8 h on average, 10 min to repair'],
    ]);
  });
});
