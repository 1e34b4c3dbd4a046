import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import TaskGeneratePage from '../pages/task-generate-page.tsx';
import { renderTaskPage } from '../tasks/test-support/render-task-page.tsx';
import { stubFetch } from '../test/fetch-stub.ts';
import { CROSS_DOCK, MORNING_RUSH, NIGHT_SHIFT, SMALL_WAREHOUSE } from '../test/fixtures.ts';

describe('Number of Tasks on /tasks/generate', () => {
  it('starts at the chosen scenario’s order volume, else at 5', async () => {
    stubFetch({
      'GET /scenarios': { body: [MORNING_RUSH, NIGHT_SHIFT] },
      'GET /environments': { body: [SMALL_WAREHOUSE, CROSS_DOCK] },
    });
    renderTaskPage('/tasks/generate', '/tasks/generate?scenario_id=22', <TaskGeneratePage />);
    // Night Shift has order_volume 40.
    await waitFor(() => expect(screen.getByLabelText('Number of Tasks')).toHaveValue(40));
    await userEvent.selectOptions(screen.getByLabelText('Scenario'), '21');
    expect(screen.getByLabelText('Number of Tasks')).toHaveValue(40);
    await userEvent.selectOptions(screen.getByLabelText('Scenario'), '22');
    await userEvent.clear(screen.getByLabelText('Number of Tasks'));
    await userEvent.type(screen.getByLabelText('Number of Tasks'), '7');
    expect(screen.getByLabelText('Number of Tasks')).toHaveValue(7);
  });
});
