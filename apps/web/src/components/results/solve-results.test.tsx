import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Environment, Solve } from '../../api/types.ts';
import { SolveResults } from './solve-results.tsx';
import { TWO_ROBOT_ENVIRONMENT, TWO_ROBOT_SOLVE } from './two-robot-plan.fixture.ts';

/** SolveResults links to other pages ('Sweep this solve'), so it renders inside a router. */
function renderResults(ui: ReactElement) {
  return render(ui, { wrapper: MemoryRouter });
}

// The page passes its API records straight in: these assignments keep the props in step
// with the record types.
const solve: Solve = TWO_ROBOT_SOLVE;
const environment: Environment = TWO_ROBOT_ENVIRONMENT;

afterEach(cleanup);

function figure(label: string): string[] {
  const term = screen.getByText(label, { selector: 'dt' });
  const box = term.parentElement as HTMLElement;
  return within(box)
    .getAllByRole('definition')
    .map((element) => element.textContent ?? '');
}

function batteryRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Battery Levels' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

/** A plan that ran on the floor: 712 s planned, 753 s with traffic. */
const FLOOR_TOTALS = {
  planned_makespan_s: 712,
  free_flow_makespan_s: 712,
  executed_makespan_s: 753,
  waiting_s: 0,
  max_robot_waiting_s: 0,
  max_waiting_robot: null,
  throughput_per_h: 19.12,
  deliveries: 4,
  charger_queue_s: {},
  extra_charges: 0,
  deadlocks_resolved: 0,
  reserve_replays: 0,
  steps: 753,
  conflicts: 0,
};

describe('SolveResults summary', () => {
  it('shows the spec figures of the plan, the battery a delivery takes, the lower bound and the gap', () => {
    renderResults(<SolveResults solve={solve} environment={environment} />);
    expect(figure('Total Deliveries')).toEqual(['4']);
    expect(figure('Total Distance')).toEqual(['44.00 m']);
    expect(figure('Max Completion Time')).toEqual(['6 min 10 s']);
    expect(figure('Total Recharges')).toEqual(['2']);
    expect(figure('Total Recharge Time')).toEqual(['9 min']);
    // 44 m at 20 m a charge: 2.2 charges for 4 deliveries.
    expect(figure('Battery per Delivery')).toEqual(['55.0%', 'of a full charge, per delivery on average']);
    expect(screen.queryByText('Battery Efficiency')).toBeNull();
    expect(figure('Lower Bound')).toEqual(['3 min 30 s', 'at most 1.8% above the best possible makespan']);
    expect(screen.getByRole('link', { name: 'Sweep this solve' }).getAttribute('href')).toBe(
      '/experiments/create?solve_id=42',
    );
  });

  it('calls a plan that meets its lower bound proven optimal, even when the search ran to its time limit', () => {
    const stats = { ...solve.stats, algorithm: 'makespan', lower_bound_s: 214, gap: 0, stop_reason: 'time_limit' };
    renderResults(<SolveResults solve={{ ...solve, stats }} environment={environment} />);
    expect(figure('Lower Bound')).toEqual(['3 min 34 s', 'proven optimal: no plan can finish sooner']);
    expect(screen.getByText(/^Planned by/).textContent).toBe('Planned by Makespan search in 3 ms (proven optimal)');
  });

  it('says what each figure with traffic is, splits the delay into waiting for robots and charger queues, and splits it per robot', async () => {
    const robot = (finish: number, waiting: number, queued: number, charges = 0) => ({
      timeline: [0, 0, 0],
      deliveries: [],
      charges: Array.from({ length: charges }, () => ({ station: 'R1', arrive_s: 100, start_s: 130, end_s: 310 })),
      waiting_s: waiting,
      queued_s: queued,
      distance_m: 0,
      finish_s: finish,
      extra_charges: 0,
    });
    // 31 s of waiting: R1_1 26 s (20 s of it queued at R1), R1_2 5 s blocked; 20 s queued in all.
    const totals = {
      planned_makespan_s: 214,
      free_flow_makespan_s: 214,
      executed_makespan_s: 240.5,
      waiting_s: 31,
      max_robot_waiting_s: 26,
      max_waiting_robot: 'R1_1',
      throughput_per_h: 59.88,
      deliveries: 4,
      charger_queue_s: { R1: 20, R2: 0 },
      extra_charges: 0,
      deadlocks_resolved: 0,
      reserve_replays: 0,
      steps: 241,
      conflicts: 0,
    };
    const execution = {
      step_s: 1,
      // R1_1 drove 61 m up to its last delivery on the shared floor.
      robots: {
        R1_1: { ...robot(240.5, 26, 20, 1), finish_distance_m: 61 },
        R1_2: robot(12, 5, 0),
        R2_1: robot(0, 0, 0),
      },
      totals,
      heatmap: { width: 1, height: 1, wait_s: [0] },
    };
    renderResults(
      <SolveResults
        solve={{ ...solve, stats: { ...solve.stats, execution: totals }, execution }}
        environment={environment}
      />,
    );
    const lines = within(screen.getByLabelText('The plan on the shared floor'))
      .getAllByTestId('floor-line')
      .map((line) => [...line.children].map((cell) => cell.textContent));
    // 240.5 - 214 = 26.5 s later, 12.4% of the plan's 214 s; free flow equals the plan, so it is not a line of its own.
    expect(lines).toEqual([
      ['Planned', '3 min 34.0 s', 'Each robot alone on the floor: the plan itself.'],
      [
        'With traffic',
        '4 min 0.5 s',
        'Every robot on the floor at once: +26.5 s (+12.4%) against the plan, 59.9 deliveries per hour.',
      ],
      [
        'Traffic delay',
        '11.0 s',
        'Robot time standing still, blocked by another robot (in an aisle or at a pickup or dropoff); longest: R1_1, 6.0 s.',
      ],
      ['Charger queue', '20.0 s', 'Robot time waiting for a free charger: R1 20.0 s.'],
      [
        'Robot time lost',
        '31.0 s',
        'Traffic delay and charger queue added, summed over the robots (not the makespan, which With traffic gives).',
      ],
    ]);
    await userEvent.click(screen.getAllByRole('button', { expanded: false })[0]);
    expect(figure('Finish With Traffic')).toEqual(['4 min 1 s']);
    expect(figure('Distance With Traffic')).toEqual(['61.00 m']);
    expect(figure('Waiting for Robots')).toEqual(['6.0 s']);
    expect(figure('Charger Queue')).toEqual(['20.0 s']);
    expect(figure('Charges With Traffic')).toEqual(['1']);
  });

  it('names the floor’s two-way one-lane aisles beside the detours, and not once they are one-way', () => {
    // A second shelf at (7, 2) leaves column 6, between S1 and it, one lane wide over rows 2-3.
    const shelves = [
      ...environment.elements.shelves,
      { id: 'S2', position: [7, 2] as [number, number], size: [1, 2] as [number, number] },
    ];
    const lanes = { ...environment, elements: { ...environment.elements, shelves } };
    const totals = { ...FLOOR_TOTALS, free_flow_distance_m: 100, executed_distance_m: 120 };
    const detours = () => figure('Detours').join(' ');
    renderResults(
      <SolveResults solve={{ ...solve, stats: { ...solve.stats, execution: totals } }} environment={lanes} />,
    );
    expect(detours()).toContain(
      '(+20.0%), stepping aside for others and going round them: driving, so not in the traffic delay. 1 one-lane aisle of this floor runs both ways',
    );
    cleanup();
    const oneWay = {
      ...lanes,
      elements: {
        ...lanes.elements,
        one_way_aisles: [
          {
            id: 'W1',
            position: [6, 2] as [number, number],
            size: [1, 2] as [number, number],
            direction: 'down' as const,
          },
        ],
      },
    };
    renderResults(
      <SolveResults solve={{ ...solve, stats: { ...solve.stats, execution: totals } }} environment={oneWay} />,
    );
    expect(detours()).not.toContain('one-lane aisle');
  });

  it("names the plan kept among the optimiser's best after running them on the floor, under the execution's figures", () => {
    const totals = FLOOR_TOTALS;
    const traffic_choice = {
      candidates: 6,
      kept: 2,
      planned_s: 712,
      executed_s: 753,
      best_planned_s: 700,
      best_planned_executed_s: 800,
      gain_s: 47,
      executed_candidates_s: [800, 790, 753, 770, null, 801],
    };
    const { rerender } = renderResults(
      <SolveResults
        solve={{ ...solve, stats: { ...solve.stats, execution: totals, traffic_choice } }}
        environment={environment}
      />,
    );
    const lastLine = () =>
      within(screen.getByLabelText('The plan on the shared floor')).getAllByTestId('floor-line').at(-1) as HTMLElement;
    expect([...lastLine().children].map((cell) => cell.textContent)).toEqual([
      'Plan kept',
      'Plan 3 of 6',
      'Chosen from 6 plans run on the floor: the kept plan runs 47.0 s sooner than the best-on-paper plan (12 min 33.0 s against 13 min 20.0 s with traffic), though planned 12.0 s longer.',
    ]);
    rerender(
      <SolveResults
        solve={{
          ...solve,
          stats: { ...solve.stats, execution: totals, traffic_choice: { ...traffic_choice, candidates: 1, kept: 0 } },
        }}
        environment={environment}
      />,
    );
    expect(screen.queryByText('Plan kept')).toBeNull();
    expect(lastLine().firstElementChild?.textContent).toBe('Robot time lost');
  });

  it('says how the automatic battery reserve followed the floor', () => {
    const reserve_from_floor = {
      tries: [
        { reserve_pct: 14.2, planned_s: 754, executed_s: 1397, extra_charges: 178 },
        { reserve_pct: 35.9, planned_s: 971, executed_s: 1119, extra_charges: 0 },
      ],
      kept: 1,
    };
    renderResults(
      <SolveResults
        solve={{ ...solve, stats: { ...solve.stats, execution: FLOOR_TOTALS, reserve_from_floor } }}
        environment={environment}
      />,
    );
    const line = within(screen.getByLabelText('The plan on the shared floor'))
      .getAllByTestId('floor-line')
      .find((row) => row.firstElementChild?.textContent === 'Battery reserve') as HTMLElement;
    expect([...line.children].map((cell) => cell.textContent)).toEqual([
      'Battery reserve',
      '35.9%',
      "The automatic 14.2% plan ran 23 min 17 s with 178 charges the plan never had, so the day was planned again with the reserve the robots' detours asked for (14.2%, 35.9%); the 35.9% plan ran 18 min 39 s with 0 charges the plan never had.",
    ]);
  });

  it('offers the plan as JSON and CSV', () => {
    renderResults(<SolveResults solve={solve} environment={environment} />);
    expect(screen.getByRole('button', { name: 'Export JSON' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('offers VDA 5050 orders of the plan, and PlanViz files once the plan has run on the floor', () => {
    renderResults(<SolveResults solve={solve} environment={environment} />);
    expect((screen.getByRole('button', { name: 'Export VDA 5050' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Export PlanViz' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('draws one timeline row per robot with the makespan in the legend', () => {
    const { container } = renderResults(<SolveResults solve={solve} environment={environment} />);
    expect([...container.querySelectorAll('[data-robot]')].map((row) => row.getAttribute('data-robot'))).toEqual([
      'R1_1',
      'R1_2',
      'R2_1',
    ]);
    expect(container.querySelectorAll('[data-robot="R1_1"] [data-kind="recharge"]')).toHaveLength(1);
    expect(screen.getByText('Makespan 3 min 34 s')).toBeTruthy();
  });
});

describe('per-robot details', () => {
  it('expands a robot into metrics, the Battery Levels table and the Battery History chart', async () => {
    const user = userEvent.setup();
    renderResults(<SolveResults solve={solve} environment={environment} />);
    await user.click(screen.getByRole('button', { name: /^R1_1/ }));

    const metrics = screen.getByLabelText('Performance metrics of R1_1');
    expect(within(metrics).getByText('Final Battery').nextSibling?.textContent).toBe('50.00%');
    expect(within(metrics).getByText('Min Battery Level').nextSibling?.textContent).toBe('20.0%');
    expect(within(metrics).getByText('Avg Battery Level').nextSibling?.textContent).toBe('55.0%');

    expect(batteryRows()).toEqual([
      ['1', 'Delivery', '50.0%', 'Normal'],
      ['2', 'Delivery', '20.0%', 'Low Battery'],
      ['3', 'Recharge at R13 min', '100.0%', 'Full'],
      ['4', 'Delivery', '50.0%', 'Normal'],
    ]);
    // Each bar takes its status colour: a 50% bar beside 'Normal' is yellow, never red.
    const bars = within(screen.getByRole('table', { name: 'Battery Levels' })).getAllByRole('meter');
    expect(bars.map((bar) => (bar.firstElementChild as HTMLElement).dataset.colour)).toEqual([
      'yellow',
      'red',
      'green',
      'yellow',
    ]);
    expect(screen.getByText(/^Status: Low Battery at 20% or less/)).toBeTruthy();
    expect(screen.getByText('Battery History')).toBeTruthy();
  });

  it('names an in-place recharge with its minutes', async () => {
    const user = userEvent.setup();
    renderResults(<SolveResults solve={solve} environment={environment} />);
    await user.click(screen.getByRole('button', { name: /^R1_2/ }));
    expect(batteryRows()).toEqual([
      ['1', 'Delivery', '50.0%', 'Normal'],
      ['2', 'Recharge In Place6 min', '100.0%', 'Full'],
    ]);
  });

  it('says when a robot has no tasks, with a full final battery', async () => {
    const user = userEvent.setup();
    renderResults(<SolveResults solve={solve} environment={environment} />);
    await user.click(screen.getByRole('button', { name: /^R2_1/ }));
    expect(screen.getByText('No tasks assigned to this robot')).toBeTruthy();
    const metrics = screen.getByLabelText('Performance metrics of R2_1');
    expect(within(metrics).getByText('Final Battery').nextSibling?.textContent).toBe('100.00%');
    expect(within(metrics).getByText('Min Battery Level').nextSibling?.textContent).toBe('N/A');
  });

  it('hides the Battery History chart when the plan has no battery_remaining', async () => {
    const user = userEvent.setup();
    const steps = [{ task: ['P1', 'D1'], path: ['R1_1', 'N1', 'P1', 'D1'], total_distance: 10, completion_time: 10 }];
    renderResults(
      <SolveResults solve={{ id: 1, parameters: {}, results: { R1_1: steps } }} environment={environment} />,
    );
    await user.click(screen.getByRole('button', { name: /^R1_1/ }));
    expect(screen.queryByText('Battery History')).toBeNull();
    expect(batteryRows()).toEqual([['1', 'Delivery', 'N/A', 'Normal']]);
    // Fallback formula: 100 * (1 - 10 / 1000).
    const metrics = screen.getByLabelText('Performance metrics of R1_1');
    expect(within(metrics).getByText('Final Battery').nextSibling?.textContent).toBe('99.00%');
  });
});
