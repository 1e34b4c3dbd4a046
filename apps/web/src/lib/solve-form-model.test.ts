import { describe, expect, it } from 'vitest';
import { SPEC_DEFAULT_SETTINGS } from '../test/fixtures.ts';
import {
  checkSolveForm,
  initialSolveForm,
  solveFormReducer,
  type SolveFormAction,
  type SolveFormState,
} from './solve-form-model.ts';

const run = (actions: SolveFormAction[], start: SolveFormState = initialSolveForm()) =>
  actions.reduce(solveFormReducer, start);
const SCENARIO = { id: 21, environment_id: 11 };

describe('the Create Solve form model', () => {
  it('suggests the scenario’s name until the planner types one, then keeps theirs', () => {
    const suggested = run([{ type: 'nameSuggested', name: 'Solve for Morning Rush' }]);
    expect(suggested.name).toBe('Solve for Morning Rush');
    const typed = run(
      [
        { type: 'nameTyped', name: 'Peak' },
        { type: 'nameSuggested', name: 'Solve for Night Shift' },
      ],
      suggested,
    );
    expect(typed.name).toBe('Peak');
  });

  it('keeps the task inside the chosen scenario’s tasks, the first one preselected', () => {
    const chosen = run([
      { type: 'scenarioChosen', scenarioId: '21' },
      { type: 'tasksLoaded', taskIds: ['31', '33'] },
    ]);
    expect(chosen.taskId).toBe('31');
    expect(
      run(
        [
          { type: 'taskChosen', taskId: '33' },
          { type: 'tasksLoaded', taskIds: ['31', '33'] },
        ],
        chosen,
      ).taskId,
    ).toBe('33');
    // Another scenario drops the task; its own first task is taken once its list arrives.
    const other = run([{ type: 'scenarioChosen', scenarioId: '22' }], chosen);
    expect(other.taskId).toBe('');
    expect(run([{ type: 'tasksLoaded', taskIds: ['32'] }], other).taskId).toBe('32');
    expect(run([{ type: 'tasksLoaded', taskIds: [] }], other).taskId).toBe('');
  });

  it('names every missing field, and opens the advanced settings when one of them is wrong', () => {
    const form = run([{ type: 'settings', action: { type: 'field', field: 'maxDistance', value: '0' } }]);
    const { errors, body } = checkSolveForm(form, { scenario: undefined, taskIds: [] });
    expect(body).toBeNull();
    expect(errors).toEqual({
      scenario: 'Please select a scenario',
      task: 'Please select a task',
      name: 'Name is required',
      maxDistance: 'Max Distance must be above 0',
    });
    const checked = solveFormReducer(form, { type: 'checked', errors });
    expect(checked.showAdvanced).toBe(true);
    expect(
      solveFormReducer(initialSolveForm(), { type: 'checked', errors: { name: 'Name is required' } }).showAdvanced,
    ).toBe(false);
  });

  it('builds the POST /solves body: the spec parameters, the algorithm, and chargers and handling only when set', () => {
    const form = run([
      { type: 'scenarioChosen', scenarioId: '21' },
      { type: 'tasksLoaded', taskIds: ['31'] },
      { type: 'nameTyped', name: '  Peak  ' },
      { type: 'algorithmChosen', algorithm: 'makespan' },
      { type: 'settings', action: { type: 'field', field: 'chargers', value: '2' } },
    ]);
    expect(checkSolveForm(form, { scenario: SCENARIO, taskIds: ['31'] })).toEqual({
      errors: {},
      body: {
        name: 'Peak',
        description: '',
        parameters: { ...SPEC_DEFAULT_SETTINGS, algorithm_type: 'makespan', chargers: 2, robot_model: 'drive-unit' },
        environment_id: 11,
        scenario_id: 21,
        algorithm_id: 6,
        task_id: 31,
      },
    });
  });

  it('keeps a server failure until the next check', () => {
    const failed = solveFormReducer(initialSolveForm(), {
      type: 'submitFailed',
      message: 'Failed to create solve. Please try again.',
    });
    expect(failed.submitError).toBe('Failed to create solve. Please try again.');
    expect(solveFormReducer(failed, { type: 'checked', errors: {} }).submitError).toBeNull();
  });
});
