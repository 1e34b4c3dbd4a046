import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../lib/plan-model.ts';
import { TaskLocations } from '../ui/task-locations.tsx';
import { SolveResults } from './solve-results.tsx';
import { TWO_ROBOT_PARAMETERS } from './two-robot-plan.fixture.ts';

/** SolveResults links to other pages ('Sweep this solve'), so it renders inside a router. */
function renderResults(ui: ReactElement) {
  return render(ui, { wrapper: MemoryRouter });
}

// A robot with a whole day of work: 20,000 steps, a recharge every tenth. Each delivery drives
// 1 m (max_distance 20, so 5% of the battery); the battery after step k is 100 - 5 (k mod 10)
// for deliveries, and 100 after a recharge.
const STEP_COUNT = 20_000;
function dayOfSteps(): PlanStep[] {
  return Array.from({ length: STEP_COUNT }, (_, index): PlanStep => {
    const sinceCharge = (index % 10) + 1;
    const time = index + 1;
    if (sinceCharge === 10) {
      return {
        task: 'recharge',
        path: ['D1', 'N1', 'R1'],
        total_distance: 10,
        odometer_m: time,
        completion_time: time * 10,
        battery_remaining: 100,
        recharge_time: 3,
      };
    }
    return {
      task: ['P1', 'D1'],
      path: ['N1', 'P1', 'D1'],
      total_distance: sinceCharge,
      odometer_m: time,
      completion_time: time * 10,
      battery_remaining: 100 - 5 * sinceCharge,
    };
  });
}

// jsdom lays nothing out, so each scroll area counts as its full height (12 step rows, 28rem of
// timeline rows, 15 pairs) and shows those rows plus 8 more.
function bodyRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

async function scrollTableTo(table: HTMLElement, top: number) {
  const area = table.closest('[data-virtual-table]') as HTMLElement;
  await act(async () => {
    area.scrollTop = top;
    fireEvent.scroll(area);
  });
}

// Expanding the robot draws its Battery History chart, which takes jsdom a few seconds.
describe('a robot with 20,000 steps', { timeout: 30_000 }, () => {
  const solve = { id: 9, parameters: TWO_ROBOT_PARAMETERS, results: { R1_1: dayOfSteps(), R1_2: [] } };

  it('keeps only a window of its Tasks and Battery Levels rows in the document, and scrolling shows later ones', async () => {
    renderResults(<SolveResults solve={solve} />);
    await userEvent.click(screen.getByRole('button', { name: /^R1_1/ }));

    const battery = screen.getByRole('table', { name: 'Battery Levels' });
    expect(
      within(battery)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Task #', 'Task Type', 'Battery Level', 'Status']);
    expect(battery.getAttribute('aria-rowcount')).toBe(String(STEP_COUNT + 1));
    const firstWindow = bodyRows(battery);
    expect(firstWindow.length).toBeGreaterThan(5);
    expect(firstWindow.length).toBeLessThan(50);
    expect(firstWindow.slice(0, 2)).toEqual([
      ['1', 'Delivery', '95.0%', 'Full'],
      ['2', 'Delivery', '90.0%', 'Full'],
    ]);
    expect(firstWindow[9]).toEqual(['10', 'Recharge at R13 min', '100.0%', 'Full']);

    // 32 px rows: 15,000 rows down shows step 15,001 (a delivery 1 m after a recharge).
    await scrollTableTo(battery, 15_000 * 32);
    const later = bodyRows(battery);
    expect(later.length).toBeLessThan(50);
    expect(later.map((cells) => cells[0])).toContain('15001');
    expect(later.find((cells) => cells[0] === '15008')).toEqual(['15008', 'Delivery', '60.0%', 'Normal']);
    expect(later.map((cells) => cells[0])).not.toContain('1');

    const tasks = screen.getByRole('table', { name: 'Tasks' });
    expect(bodyRows(tasks).length).toBeLessThan(50);
    await scrollTableTo(tasks, (STEP_COUNT - 5) * 32);
    const lastRows = bodyRows(tasks);
    expect(lastRows.at(-1)).toEqual([
      '20000',
      'Recharge at R1',
      'Dropoff D1 → Nav N1 → Station R1',
      '1.00 m',
      '10.00 m',
      '55 h 33 min 20 s',
      '100.0%',
    ]);
  });

  it('writes a whole day’s figures with grouped digits, in km and hours, and keeps the spec texts', async () => {
    renderResults(<SolveResults solve={solve} />);
    const summary = screen.getByRole('region', { name: 'Results Summary' });
    const figure = (label: string) => within(summary).getByText(label, { selector: 'dt' }).nextSibling?.textContent;
    expect(figure('Total Deliveries')).toBe('18,000');
    expect(figure('Total Distance')).toBe('20.00 km');
    // 200,000 s.
    expect(figure('Max Completion Time')).toBe('55 h 33 min 20 s');
    expect(figure('Total Recharges')).toBe('2,000');
    expect(figure('Total Recharge Time')).toBe('100 h 0 min');
    // 20,000 m at 20 m a charge is 1,000 charges for 18,000 deliveries.
    expect(figure('Battery per Delivery')).toBe('5.6%');

    await userEvent.click(screen.getByRole('button', { name: /^R1_1/ }));
    const metrics = screen.getByLabelText('Performance metrics of R1_1');
    expect(within(metrics).getByText('Final Battery').nextSibling?.textContent).toBe('100.00%');
    expect(within(metrics).getByText('Min Battery Level').nextSibling?.textContent).toBe('55.0%');
    // Every ten steps: 95, 90, ..., 55 and 100 after the recharge.
    expect(within(metrics).getByText('Avg Battery Level').nextSibling?.textContent).toBe('77.5%');
    expect(screen.getByText('Battery History')).toBeTruthy();
    expect(screen.getByText('Each column is the lowest level over 200 consecutive tasks.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /^R1_2/ }));
    expect(screen.getByText('No tasks assigned to this robot')).toBeTruthy();
  });
});

describe('a 400-robot timeline', () => {
  it('draws only the robots scrolled into view', async () => {
    const results = Object.fromEntries(
      Array.from({ length: 400 }, (_, index) => [
        `R${Math.floor(index / 10) + 1}_${(index % 10) + 1}`,
        [{ task: ['P1', 'D1'], path: ['N1', 'P1', 'D1'], total_distance: 5, completion_time: 10 + index }],
      ]),
    );
    const { container } = renderResults(<SolveResults solve={{ id: 4, parameters: TWO_ROBOT_PARAMETERS, results }} />);
    const drawn = () => [...container.querySelectorAll('[data-robot]')].map((row) => row.getAttribute('data-robot'));
    // 14 px rows in a 448 px area: 32 in view and 8 more below.
    expect(drawn()).toHaveLength(40);
    expect(drawn()[0]).toBe('R1_1');
    const area = container.querySelector('[data-robot]')!.closest('.overflow-y-auto') as HTMLElement;
    await act(async () => {
      area.scrollTop = 390 * 14;
      fireEvent.scroll(area);
    });
    expect(drawn()).toContain('R40_10');
    expect(drawn()).not.toContain('R1_1');
  });
});

describe('a task of 20,000 pairs', () => {
  it('lists only the pairs in view, numbered from the whole list', async () => {
    const pairs = Array.from({ length: 20_000 }, (_, index): [string, string] => [`P${index + 1}`, 'D1']);
    render(<TaskLocations details={{ tasks: pairs }} />);
    const table = screen.getByRole('table', { name: 'Pickup-dropoff pairs' });
    expect(bodyRows(table).length).toBeLessThan(50);
    expect(bodyRows(table)[0]).toEqual(['1', 'P1', 'D1']);
    await scrollTableTo(table, 19_990 * 33);
    expect(bodyRows(table).at(-1)).toEqual(['20000', 'P20000', 'D1']);
  });
});
