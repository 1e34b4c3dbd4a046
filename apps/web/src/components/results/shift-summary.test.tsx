import { MemoryRouter } from 'react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Solve } from '../../api/types.ts';
import {
  cycleBins,
  cycleLabelInterval,
  dispatcherLines,
  hourRows,
  hoursText,
  shiftFigures,
  throughputNote,
} from './shift-figures.ts';
import {
  SHIFT_EXECUTION,
  SHIFT_FLOOR,
  SHIFT_PARAMETERS,
  SHIFT_RESULTS,
  SHIFT_SOLVE_STATS,
  SHIFT_STATS,
} from './shift.fixture.ts';
import { SolveResults } from './solve-results.tsx';
import { TWO_ROBOT_SOLVE } from './two-robot-plan.fixture.ts';

afterEach(cleanup);

const shiftSolve: Solve = {
  ...TWO_ROBOT_SOLVE,
  parameters: SHIFT_PARAMETERS as unknown as Solve['parameters'],
  results: SHIFT_RESULTS,
  stats: SHIFT_SOLVE_STATS,
  execution: SHIFT_EXECUTION,
};

function renderShift() {
  return render(<SolveResults solve={shiftSolve} environment={SHIFT_FLOOR} />, { wrapper: MemoryRouter });
}

/** Each card's label, value and note. */
function cards(): string[][] {
  return screen
    .getAllByTestId('summary-figure')
    .map((card) => [...card.children].map((part) => part.textContent ?? ''));
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('the results of a shift', () => {
  it("shows the shift's KPIs, each beside the figures it must agree with, and none of a batch's", () => {
    renderShift();
    expect(screen.getByRole('heading', { name: 'Shift Results' })).toBeInTheDocument();
    expect(screen.getByTestId('shift-headline')).toHaveTextContent(
      '1.5 h shift, 4 orders/h asked, 3.3 released an hour; Re-optimise every 60 s by Makespan search: 90 re-plans.',
    );
    expect(cards()).toEqual([
      ['Orders Released', '5', '3.3 an hour over 1.5 h.'],
      ['Orders Delivered', '4', '4 + 1 open at the end = 5 released.'],
      ['Throughput', '2.0 / h', 'Deliveries an hour after the first (warm-up) hour: 1 in 0.5 h.'],
      ['Cycle Time P50', '6.0 s', 'Release to dropoff: half the orders took at most this.'],
      ['Cycle Time P95', '11.0 s', '95% of the orders took at most this.'],
      ['Cycle Time Max', '11.0 s', 'The longest an order took.'],
      ['Backlog Max', '2 orders', 'Released and not yet delivered, at the worst moment.'],
      ['Backlog at End', '1 order', 'Stable: the backlog does not rise through the second half of the shift.'],
      ['Utilisation', '0.7%', 'Of all robot time, the share not idle.'],
      ['Charger Queue P95', '0.0 s', 'Wait for a free charger: 95% of the charges waited at most this.'],
      ['Energy per Order', '0.95%', 'Of a full charge per order delivered: 9.5 m driven.'],
    ]);
    // A shift has no plan made in advance: no bound, no gap, no plan against its execution.
    for (const batchOnly of ['Results Summary', 'Lower Bound', 'Max Completion Time', 'The plan on the shared floor']) {
      expect(screen.queryByText(batchOnly)).toBeNull();
    }
    expect(screen.getByRole('link', { name: 'Sweep this solve' })).toHaveAttribute(
      'href',
      '/experiments/create?solve_id=42',
    );
  });

  it('shows the orders hour by hour, adding up to the cards, and the cycle-time distribution', () => {
    renderShift();
    expect(rowsOf(screen.getByRole('table', { name: 'Orders by hour' }))).toEqual([
      ['Hour', 'Released', 'Delivered', 'Open at its end'],
      ['0–1 h', '3', '3', '0'],
      ['1–1.5 h', '2', '1', '1'],
      ['Shift', '5', '4', '1'],
    ]);
    expect(screen.getByRole('figure', { name: 'Orders released, delivered and open by hour' })).toBeInTheDocument();
    expect(
      screen.getByText('Orders delivered by how long they took from release to dropoff, in bins of 5 s.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Orders by cycle time' })).toBeInTheDocument();
  });

  it('counts where the time goes up to the shift’s end when robots with a model worked on past it, and says so', () => {
    // The record runs 10 s past the 5,400 s shift: R1_1's last drive (from 5,398 s) goes on to
    // 5,410 s, yet the shift counts its 2 s before the end only, as its utilisation does.
    const workedOn = { ...SHIFT_EXECUTION, totals: { ...SHIFT_EXECUTION.totals, steps: 5410 } };
    render(<SolveResults solve={{ ...shiftSolve, execution: workedOn }} environment={SHIFT_FLOOR} />, {
      wrapper: MemoryRouter,
    });
    expect(
      screen.getByText(
        "Every robot's time over the shift of 1 h 30 min 0 s, as the run on the shared floor recorded it: 1 robot, 1 h 30 min 0 s of robot time. The robots worked on to 1 h 30 min 10 s to finish the moves dispatched by the shift’s end; that time is not counted here.",
      ),
    ).toBeInTheDocument();
    const rows = Object.fromEntries(
      rowsOf(screen.getByRole('table', { name: 'Robot time by activity' })).map((row) => [row[0], row.slice(1)]),
    );
    expect(rows['Driving empty']).toEqual(['26.0 s', '0.5%']);
    expect(rows.Idle).toEqual(['1 h 29 min 22 s', '99.3%']);
    // The timeline marks the shift's end, and the congestion map speaks of the shift.
    expect(screen.getByRole('list', { name: 'Timeline legend' })).toHaveTextContent('Shift end 1 h 30 min 0 s');
    expect(
      screen.getByText('Seconds robots waited on each cell as the shift ran, every robot on the floor at once.'),
    ).toBeInTheDocument();
  });

  it('reuses where the time goes over the shift: its shares agree with the utilisation card', () => {
    renderShift();
    expect(screen.getByText(/^Every robot's time over the shift of 1 h 30 min 0 s/)).toBeInTheDocument();
    const rows = Object.fromEntries(
      rowsOf(screen.getByRole('table', { name: 'Robot time by activity' })).map((row) => [row[0], row.slice(1)]),
    );
    expect(rows['Driving loaded']).toEqual(['12.0 s', '0.2%']);
    expect(rows['Driving empty']).toEqual(['26.0 s', '0.5%']);
    // 100% less idle is the utilisation card's 0.7%.
    expect(rows.Idle).toEqual(['1 h 29 min 22 s', '99.3%']);
  });
});

describe('shift figures', () => {
  it('agree with each other on the hand-worked shift: delivered + open = released, throughput from the hours after the first', () => {
    const value = (label: string) => shiftFigures(SHIFT_STATS).find((figure) => figure.label === label)?.value;
    expect(SHIFT_STATS.delivered + SHIFT_STATS.backlog_end).toBe(SHIFT_STATS.released);
    expect(value('Orders Delivered')).toBe('4');
    const afterWarmUp = SHIFT_STATS.by_hour.slice(1).reduce((sum, hour) => sum + hour.delivered, 0);
    expect(afterWarmUp / (SHIFT_STATS.hours - 1)).toBe(SHIFT_STATS.throughput_per_h);
  });

  it('reads a shift of an hour or less over the whole shift, and writes no cycle time when nothing was delivered', () => {
    const short = {
      ...SHIFT_STATS,
      hours: 0.75,
      delivered: 0,
      cycle_p50_s: null,
      cycle_p95_s: null,
      cycle_max_s: null,
      energy_per_order_pct: null,
      distance_per_order_m: null,
    };
    expect(throughputNote(short)).toBe('Deliveries an hour over the whole shift: 0 in 0.75 h.');
    const figures = shiftFigures(short);
    expect(figures.find((figure) => figure.label === 'Cycle Time P95')).toEqual({
      label: 'Cycle Time P95',
      value: '—',
      note: 'No order was delivered.',
    });
    expect(figures.find((figure) => figure.label === 'Energy per Order')?.value).toBe('—');
  });

  it('labels every bin of the cycle-time axis while the labels fit, else every second or third, evenly', () => {
    const bins = (labels: string[]) => labels.map((label) => ({ label }));
    // '5–10 s' is 6 characters, about 47 px with its gap: one a 48 px bin.
    expect(cycleLabelInterval(bins(['5–10 s', '10–15 s'.slice(0, 6)]), 48)).toBe(0);
    // A 1,200 orders/h hour of drive units: 13 bins of 10 s, 48 px each, '120–130 s' about 66 px.
    expect(cycleLabelInterval(bins(['30–40 s', '120–130 s', '150–160 s']), 48)).toBe(1);
    expect(cycleLabelInterval(bins(['1,000–1,500 s']), 30)).toBe(3);
  });

  it('labels the hours, the last one cut at the shift’s end, and the bins in one unit', () => {
    expect(
      hourRows({
        hours: 2.5,
        by_hour: [0, 1, 2].map((hour) => ({ hour, released: 1, delivered: 1, backlog_end: 0 })),
      }).map((row) => row.label),
    ).toEqual(['0–1 h', '1–2 h', '2–2.5 h']);
    expect(cycleBins(SHIFT_STATS.cycle_histogram)).toEqual([
      { label: '5–10 s', fromS: 5, toS: 10, count: 3 },
      { label: '10–15 s', fromS: 10, toS: 15, count: 1 },
    ]);
    // Leading and trailing empty bins left out, empty ones between kept; one unit, minutes past an hour.
    expect(cycleBins({ bin_s: 500, counts: [0, 2, 0, 5, 0] }).map((bin) => `${bin.label}: ${bin.count}`)).toEqual([
      '500–1,000 s: 2',
      '1,000–1,500 s: 0',
      '1,500–2,000 s: 5',
    ]);
    expect(cycleBins({ bin_s: 600, counts: [0, 0, 0, 0, 0, 0, 1, 1] }).map((bin) => bin.label)).toEqual([
      '60–70 min',
      '70–80 min',
    ]);
    expect(cycleBins({ bin_s: 10, counts: [0, 0] })).toEqual([]);
    expect([hoursText(8), hoursText(0.25), hoursText(2.5)]).toEqual(['8 h', '0.25 h', '2.5 h']);
  });

  it('shows what delays and breakdowns took and the same shift without them, only when the shift had them', () => {
    renderShift();
    expect(screen.queryAllByTestId('stop-line')).toEqual([]);
    cleanup();
    const totals = SHIFT_SOLVE_STATS.execution;
    const disrupted: Solve = {
      ...shiftSolve,
      stats: {
        ...SHIFT_SOLVE_STATS,
        execution: {
          ...totals,
          breakdowns: { count: 2, lost_s: 1200 },
          without_disruptions: {
            executed_makespan_s: totals.executed_makespan_s,
            throughput_per_h: totals.throughput_per_h,
            deliveries: totals.deliveries + 1,
            shift: { throughput_per_h: 12, cycle_p95_s: 95 },
          },
        },
      },
    };
    render(<SolveResults solve={disrupted} environment={SHIFT_FLOOR} />, { wrapper: MemoryRouter });
    expect(
      screen.getAllByTestId('stop-line').map((line) => [...line.children].map((part) => part.textContent)),
    ).toEqual([
      [
        'Breakdowns',
        '20 min 0 s',
        'Robot time broken down, 2 breakdowns: a broken robot blocks its cell until it is repaired, and its orders not yet picked up are handed to other robots.',
      ],
      [
        'Without them',
        '12.0 per hour',
        `The same shift, same seed, without delays and breakdowns: ${totals.deliveries + 1} deliveries, P95 cycle time 1 min 35 s (with them: ${totals.deliveries} deliveries).`,
      ],
    ]);
  });

  const withModelView = {
    delivered: 5,
    throughput_per_h: 3,
    cycle_p50_s: 4.5,
    cycle_p95_s: 7.25,
    backlog_end: 0,
    backlog_trend: 'stable' as const,
  };

  it("sets the dispatcher's view beside the robots' own figures when robots have a model, and says what the two tell", () => {
    renderShift();
    expect(screen.queryAllByTestId('dispatcher-line')).toEqual([]);
    cleanup();
    const withModel: Solve = {
      ...shiftSolve,
      stats: {
        ...SHIFT_SOLVE_STATS,
        // The backlog grew on the floor; on the dispatcher's clock it stayed stable.
        shift: { ...SHIFT_STATS, backlog_trend: 'growing', dispatcher_view: withModelView },
      },
    };
    render(<SolveResults solve={withModel} environment={SHIFT_FLOOR} />, { wrapper: MemoryRouter });
    expect(
      screen.getAllByTestId('dispatcher-line').map((line) => [...line.children].map((part) => part.textContent)),
    ).toEqual([
      [
        "The dispatcher's view",
        'P95 7.3 s',
        "It saw 5 orders delivered, cycle P50 4.5 s, 0 orders open at the end, backlog stable. It hands out orders on the clock of its own plan (robots at top speed, through every cell in the order it planned), where no robot is late; the robots' real motion fell behind it, and it does not learn by how much, so it gave work to robots that were late. The cards above are the robots' own figures: for this fleet, a pessimistic estimate.",
      ],
    ]);
    // The cards stay the robots' own.
    expect(cards()[4]).toEqual(['Cycle Time P95', '11.0 s', '95% of the orders took at most this.']);
    // A stable backlog on the floor: slower cycles are the robots' motion, nothing pessimistic.
    expect(dispatcherLines({ backlog_trend: 'stable', dispatcher_view: withModelView })[0].meaning).toMatch(
      / where no robot is late; the robots' real motion is slower than that clock \(the cards above are theirs\), and their backlog stayed stable\.$/,
    );
    // Growing on both clocks: the fleet falls behind whatever the dispatcher knew.
    const bothGrow = {
      backlog_trend: 'growing' as const,
      dispatcher_view: { ...withModelView, backlog_trend: 'growing' as const },
    };
    expect(dispatcherLines(bothGrow)[0].meaning).toMatch(
      / the backlog grows on its clock too: the fleet falls behind the rate whatever its dispatcher knew\.$/,
    );
  });
});
