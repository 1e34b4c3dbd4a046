import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { taskDetailsSchema } from '@fleetlab/warehouse';
import { stubFetch, type StubRoute } from '../test/fetch-stub.ts';
import { CROSS_DOCK, MORNING_RUSH, NIGHT_SHIFT, RUSH_ORDERS, SMALL_WAREHOUSE } from '../test/fixtures.ts';
import { currentLocation, renderTaskPage } from '../tasks/test-support/render-task-page.tsx';
import TaskCreatePage from './task-create-page.tsx';

function stubApi(batch: StubRoute = { status: 201, body: [{ ...RUSH_ORDERS, id: 77 }] }) {
  return stubFetch({
    'GET /scenarios': { body: [MORNING_RUSH, NIGHT_SHIFT] },
    'GET /environments': { body: [SMALL_WAREHOUSE, CROSS_DOCK] },
    'GET /environments/11': { body: SMALL_WAREHOUSE },
    'GET /environments/12': { body: CROSS_DOCK },
    'POST /tasks/batch': batch,
  });
}

function renderPage(url = '/tasks/create?scenario_id=21') {
  return renderTaskPage('/tasks/create', url, <TaskCreatePage />);
}

function pairRows(): string[][] {
  const table = screen.queryByRole('table', { name: 'Pairs of the new task' });
  if (!table) return [];
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent ?? ''),
    );
}

function csvFile(text: string, name = 'orders.csv'): File {
  return new File([text], name, { type: 'text/csv' });
}

describe('TaskCreatePage', () => {
  it('adds a pair by clicking a pickup, then a dropoff on the map', async () => {
    stubApi();
    renderPage();
    const dropoff = await screen.findByRole('button', { name: 'Dropoff D1' });
    await userEvent.click(dropoff);
    expect(screen.getByText('Click a pickup first, then a dropoff.')).toBeInTheDocument();

    const pickup = screen.getByRole('button', { name: 'Pickup P2' });
    await userEvent.click(pickup);
    expect(pickup).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Pickup P2 selected: now click a dropoff.')).toBeInTheDocument();
    await userEvent.click(dropoff);

    expect(pairRows()).toEqual([['1', 'P2', '(3, 3.5)', 'D1', '(5.5, 0.5)']]);
    expect(screen.getByRole('button', { name: 'Pickup P2' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Added P2 → D1 from the map.')).toBeInTheDocument();
  });

  it('adds pairs from the lists and removes one', async () => {
    stubApi();
    renderPage();
    await userEvent.selectOptions(await screen.findByLabelText('Pickup'), 'P1');
    await userEvent.selectOptions(screen.getByLabelText('Dropoff'), 'D1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Pair' }));
    await userEvent.selectOptions(screen.getByLabelText('Pickup'), 'P2');
    await userEvent.click(screen.getByRole('button', { name: 'Add Pair' }));
    expect(pairRows()).toEqual([
      ['1', 'P1', '(3, 1.5)', 'D1', '(5.5, 0.5)'],
      ['2', 'P2', '(3, 3.5)', 'D1', '(5.5, 0.5)'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove pair 1' }));
    expect(pairRows()).toEqual([['1', 'P2', '(3, 3.5)', 'D1', '(5.5, 0.5)']]);
  });

  it('reports every bad CSV line by number, imports nothing and refuses to save', async () => {
    const api = stubApi();
    renderPage();
    const csv = ['pickup_id,dropoff_id', 'P1,D1', 'P2', 'P99,D1', 'P2,D7'].join('\n');
    await userEvent.upload(await screen.findByLabelText('Import CSV'), csvFile(csv));

    const problems = await screen.findByRole('alert');
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 3: expected pickup_id,dropoff_id but found 1 value',
      'Line 4: unknown pickup P99',
      'Line 5: unknown dropoff D7',
    ]);
    expect(pairRows()).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Pickup'), 'P1');
    await userEvent.selectOptions(screen.getByLabelText('Dropoff'), 'D1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Pair' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Task' }));
    expect(
      screen.getByText('Fix the CSV lines listed above and import the file again before saving'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/tasks/batch')).toHaveLength(0);
  });

  it('imports a day of 20,000 lines, draws only the pairs in view and saves them all', async () => {
    const api = stubApi();
    renderPage();
    const lines = Array.from({ length: 20_000 }, (_, index) => (index % 2 === 0 ? 'P1,D1' : 'P2,D1'));
    await userEvent.upload(
      await screen.findByLabelText('Import CSV'),
      csvFile(['pickup_id,dropoff_id', ...lines].join('\n'), 'day.csv'),
    );
    expect(await screen.findByText('Imported 20000 pairs from day.csv.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pickup-dropoff pairs (20000)' })).toBeInTheDocument();
    expect(pairRows().length).toBeLessThan(40);
    expect(pairRows()[1]).toEqual(['2', 'P2', '(3, 3.5)', 'D1', '(5.5, 0.5)']);

    await userEvent.click(screen.getByRole('button', { name: 'Save Task' }));
    await waitFor(() => expect(currentLocation()).toBe('/tasks/77'));
    const [saved] = api.callsTo('POST', '/tasks/batch')[0].body as { details: { tasks: string[][] } }[];
    expect(saved.details.tasks).toHaveLength(20_000);
    expect(saved.details.tasks[19_999]).toEqual(['P2', 'D1']);
  });

  it('names the first 20 bad lines of a 20,000-line file by number and counts the rest', async () => {
    stubApi();
    renderPage();
    // Line 1 is the header; every line from 2 on names a pickup of another layout, and line 20,001 a bad dropoff too.
    const lines = Array.from({ length: 20_000 }, (_, index) => (index === 19_999 ? 'P9,D9' : 'P9,D1'));
    await userEvent.upload(
      await screen.findByLabelText('Import CSV'),
      csvFile(['pickup_id,dropoff_id', ...lines].join('\n')),
    );
    const problems = await screen.findByRole('alert');
    const listed = within(problems)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(listed).toHaveLength(20);
    expect(listed[0]).toBe('Line 2: unknown pickup P9');
    expect(listed[19]).toBe('Line 21: unknown pickup P9');
    expect(within(problems).getByText('And 19981 more problems in later lines.')).toBeInTheDocument();
    expect(pairRows()).toEqual([]);
  });

  it('imports a valid CSV, saves one task with its pairs and opens it', async () => {
    const api = stubApi();
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Import CSV'), csvFile('P2,D1\nP1,D1\n'));
    expect(await screen.findByText('Imported 2 pairs from orders.csv.')).toBeInTheDocument();
    expect(pairRows()).toEqual([
      ['1', 'P2', '(3, 3.5)', 'D1', '(5.5, 0.5)'],
      ['2', 'P1', '(3, 1.5)', 'D1', '(5.5, 0.5)'],
    ]);

    await userEvent.type(screen.getByLabelText('Task Name'), 'Restock');
    await userEvent.click(screen.getByRole('button', { name: 'Save Task' }));
    await waitFor(() => expect(currentLocation()).toBe('/tasks/77'));
    expect(api.callsTo('POST', '/tasks/batch')[0].body).toEqual([
      {
        name: 'Restock',
        description: null,
        task_type: 'pickup_delivery',
        scenario_id: 21,
        details: {
          tasks: [
            ['P2', 'D1'],
            ['P1', 'D1'],
          ],
          start_point: [3, 3.5],
          end_point: [5.5, 0.5],
          priority: 'medium',
          additional_details: { source: 'manual' },
        },
      },
    ]);
  });

  it("imports a CSV's release_s column, shows each pair's release time and saves them with the pairs", async () => {
    const api = stubApi();
    renderPage();
    await userEvent.upload(
      await screen.findByLabelText('Import CSV'),
      csvFile('pickup_id,dropoff_id,release_s\nP2,D1,0\nP1,D1,1800\n'),
    );
    expect(
      await screen.findByText('Imported 2 pairs, each with its release time, from orders.csv.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Pairs of the new task' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toContain('Release');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[5].textContent),
    ).toEqual(['0 s', '1,800 s']);

    await userEvent.click(screen.getByRole('button', { name: 'Save Task' }));
    await waitFor(() => expect(currentLocation()).toBe('/tasks/77'));
    const [saved] = api.callsTo('POST', '/tasks/batch')[0].body as { details: Record<string, unknown> }[];
    expect(saved.details).toMatchObject({
      tasks: [
        ['P2', 'D1'],
        ['P1', 'D1'],
      ],
      release_s: [0, 1800],
    });
    expect(taskDetailsSchema.safeParse(saved.details).success).toBe(true);
  });

  it('names a bad release time by its line, and refuses pairs that are timed only in part', async () => {
    const api = stubApi();
    renderPage();
    const input = await screen.findByLabelText('Import CSV');
    await userEvent.upload(input, csvFile('P2,D1,0\nP1,D1,later\n'));
    expect(await screen.findByText('Line 2: release_s later is not a number of seconds')).toBeInTheDocument();
    expect(pairRows()).toEqual([]);

    await userEvent.upload(input, csvFile('P2,D1,60\n'));
    expect(
      await screen.findByText('Imported 1 pair, each with its release time, from orders.csv.'),
    ).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Pickup'), 'P1');
    await userEvent.selectOptions(screen.getByLabelText('Dropoff'), 'D1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Pair' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Task' }));
    expect(
      screen.getByText(
        'Release times are given for some pairs only: pair 2 has none. Give every pair a release time (import them all from one CSV) or none.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/tasks/batch')).toHaveLength(0);

    // Without the untimed pair the task saves with its one release time.
    await userEvent.click(screen.getByRole('button', { name: 'Remove pair 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Task' }));
    await waitFor(() => expect(currentLocation()).toBe('/tasks/77'));
    expect(
      (api.callsTo('POST', '/tasks/batch')[0].body as { details: Record<string, unknown> }[])[0].details,
    ).toMatchObject({ release_s: [60] });
  });

  it('clears a corrected import: a good file after a bad one can be saved', async () => {
    const api = stubApi();
    renderPage();
    const input = await screen.findByLabelText('Import CSV');
    await userEvent.upload(input, csvFile('P9,D1'));
    expect(await screen.findByText('Line 1: unknown pickup P9')).toBeInTheDocument();
    await userEvent.upload(input, csvFile('P1,D1'));
    expect(await screen.findByText('Imported 1 pair from orders.csv.')).toBeInTheDocument();
    expect(screen.queryByText('Line 1: unknown pickup P9')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Task' }));
    await waitFor(() => expect(currentLocation()).toBe('/tasks/77'));
    expect((api.callsTo('POST', '/tasks/batch')[0].body as { name: string }[])[0].name).toBe(
      'Manual task for Morning Rush',
    );
  });

  it('asks for a scenario and for at least one pair', async () => {
    const api = stubApi();
    renderPage('/tasks/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Save Task' }));
    expect(screen.getByText('Please select a scenario')).toBeInTheDocument();
    expect(screen.getByText('Add at least one pickup-dropoff pair')).toBeInTheDocument();
    expect(api.callsTo('POST', '/tasks/batch')).toHaveLength(0);
  });

  it('drops the pairs when another scenario is chosen', async () => {
    stubApi();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pickup P1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dropoff D1' }));
    expect(pairRows()).toHaveLength(1);
    await userEvent.selectOptions(screen.getByLabelText('Scenario'), '22');
    expect(pairRows()).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Pickup P1' })).toBeInTheDocument();
  });

  it('says so when saving fails', async () => {
    stubApi({ status: 500, body: { detail: 'Internal server error' } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pickup P1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dropoff D1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Task' }));
    expect(await screen.findByText('Failed to save tasks. Please try again.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/tasks/create?scenario_id=21');
  });
});
