import { resolveRobotModel, solveParametersInputSchema } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { customRobotModelFrom, readCustomRobotModel, robotModelChoiceLabel } from './custom-robot-model.ts';
import {
  defaultSolveSettings,
  readSolveSettings,
  solveSettingsFromParameters,
  solveSettingsReducer,
} from './solve-settings.ts';

describe('a robot model of the planner’s own figures on the solve form', () => {
  it('starts from the chosen preset’s figures, Robot Speed becoming its top speed', () => {
    const driveUnit = defaultSolveSettings(undefined, 'drive-unit');
    const custom = solveSettingsReducer(driveUnit, { type: 'robotModel', model: 'custom' });
    expect(custom.customModel).toEqual({
      name: '',
      acceleration: '1',
      braking: '1',
      quarterTurn: '0.625',
      handling: '2',
    });
    expect(custom.robotSpeed).toBe('1.5');
    // From the point (no figures of its own): the drive unit's, and Robot Speed as it was.
    const fromPoint = solveSettingsReducer(defaultSolveSettings(), { type: 'robotModel', model: 'custom' });
    expect(fromPoint.customModel).toEqual(customRobotModelFrom('drive-unit'));
    expect(fromPoint.robotSpeed).toBe(defaultSolveSettings().robotSpeed);
    // Typing changes one figure; custom from the AMR starts from the AMR's figures and top speed.
    const typed = solveSettingsReducer(custom, { type: 'customModel', field: 'braking', value: '0.8' });
    expect(typed.customModel.braking).toBe('0.8');
    const fromAmr = solveSettingsReducer(solveSettingsReducer(typed, { type: 'robotModel', model: 'amr' }), {
      type: 'robotModel',
      model: 'custom',
    });
    expect([fromAmr.customModel, fromAmr.robotSpeed]).toEqual([
      { name: '', acceleration: '0.5', braking: '0.5', quarterTurn: '1.5', handling: '5' },
      '1.2',
    ]);
  });

  it('sends custom figures the server accepts, with Robot Speed as the top speed; a typed Handling Time replaces its handling', () => {
    let settings = solveSettingsReducer(defaultSolveSettings(undefined, 'amr'), {
      type: 'robotModel',
      model: 'custom',
    });
    settings = solveSettingsReducer(settings, { type: 'customModel', field: 'name', value: '  Slow AMR ' });
    settings = solveSettingsReducer(settings, { type: 'field', field: 'robotSpeed', value: '0.8' });
    settings = solveSettingsReducer(settings, { type: 'field', field: 'handlingTime', value: '7' });
    const { parameters, problems } = readSolveSettings(settings);
    expect(problems).toEqual({});
    expect(parameters.robot_model).toEqual({
      name: 'Slow AMR',
      acceleration_m_s2: 0.5,
      braking_m_s2: 0.5,
      quarter_turn_s: 1.5,
      handling_s: 5,
    });
    expect(solveParametersInputSchema.safeParse(parameters).success).toBe(true);
    // The clocks read it as a robot of 0.8 m/s that handles for 7 s (Handling Time over its own 5 s).
    expect(resolveRobotModel(parameters)).toEqual({
      name: 'Slow AMR',
      point: false,
      topSpeed: 0.8,
      acceleration: 0.5,
      braking: 0.5,
      quarterTurnS: 1.5,
      handlingS: 7,
    });
    expect(resolveRobotModel({ ...parameters, handling_time_s: undefined }).handlingS).toBe(5);
    // A stored solve's custom model comes back as it was typed, its top speed in Robot Speed.
    const back = solveSettingsFromParameters({
      ...parameters,
      robot_speed: 1,
      robot_model: {
        name: 'Slow AMR',
        top_speed_m_s: 0.8,
        acceleration_m_s2: 0.5,
        braking_m_s2: 0.5,
        quarter_turn_s: 1.5,
      },
    });
    expect([back.robotModel, back.robotSpeed, back.customModel]).toEqual([
      'custom',
      '0.8',
      { name: 'Slow AMR', acceleration: '0.5', braking: '0.5', quarterTurn: '1.5', handling: '' },
    ]);
  });

  it('names every blank, wrong or out-of-range figure and a preset’s name, and sends nothing then', () => {
    expect(
      readCustomRobotModel({ name: '', acceleration: '', braking: '0.01', quarterTurn: '31', handling: '-1' }),
    ).toEqual({
      model: null,
      problems: {
        acceleration: 'Acceleration must be a number from 0.05 to 20 m/s²',
        braking: 'Braking must be a number from 0.05 to 20 m/s²',
        quarterTurn: 'Quarter Turn must be a number from 0 to 30 s',
        handling: 'Handling must be a number from 0 to 600 s, or blank',
      },
    });
    expect(
      readCustomRobotModel({ name: 'amr', acceleration: '1', braking: '1', quarterTurn: '0', handling: '' }).problems,
    ).toEqual({
      name: "Model Name must not be a preset's name (point, drive-unit, amr): the results would read it as the preset",
    });
    expect(
      readCustomRobotModel({ name: 'x'.repeat(61), acceleration: '1', braking: '1', quarterTurn: '0', handling: '' })
        .problems,
    ).toEqual({
      name: 'Model Name must be at most 60 characters',
    });
    // A robot that drives sideways: 0 s a quarter turn, no name (the results call it custom), no handling.
    expect(
      readCustomRobotModel({ name: ' ', acceleration: '2', braking: '3', quarterTurn: '0', handling: '' }).model,
    ).toEqual({
      acceleration_m_s2: 2,
      braking_m_s2: 3,
      quarter_turn_s: 0,
    });
    const settings = solveSettingsReducer(
      solveSettingsReducer(defaultSolveSettings(), { type: 'robotModel', model: 'custom' }),
      { type: 'customModel', field: 'acceleration', value: 'fast' },
    );
    const read = readSolveSettings(settings);
    expect(read.problems.customModel).toEqual({ acceleration: 'Acceleration must be a number from 0.05 to 20 m/s²' });
    expect(read.parameters).not.toHaveProperty('robot_model');
    // A robot-model comparison sets each point's model: the custom fields are not read.
    expect(readSolveSettings(settings, { robotModelSetByPoints: true }).problems).toEqual({});
  });

  it('is called by its name with "(custom figures)", a preset by its label', () => {
    const custom = { name: 'Slow AMR', acceleration: '1', braking: '1', quarterTurn: '1', handling: '' };
    expect(robotModelChoiceLabel('custom', custom)).toBe('Slow AMR (custom figures)');
    expect(robotModelChoiceLabel('custom', { ...custom, name: '' })).toBe('custom (custom figures)');
    expect(robotModelChoiceLabel('drive-unit', custom)).toBe('Drive unit (Kiva-like)');
  });
});
