import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TimeBreakdownChart } from './time-breakdown-chart.tsx';
import {
  manyRobots,
  TWO_ROBOTS_ONE_BREAKDOWN,
  TWO_ROBOTS_TEN_SECONDS,
  TWO_ROBOTS_WITH_MOTION,
  TWO_ROBOTS_WITHOUT_ACTIVITIES,
} from './time-breakdown.fixture.ts';

describe('TimeBreakdownChart', () => {
  it('says how robots with a model drove, from their motion, and nothing of it for point robots', () => {
    const { unmount } = render(<TimeBreakdownChart execution={TWO_ROBOTS_WITH_MOTION} />);
    expect(screen.getByTestId('driving-split').textContent).toBe(
      'Of the 7.5 s of driving, from each robot’s motion: 2.5 s at speed (33.3%), 4.5 s accelerating and braking (60.0%), 0.5 s turning in place (6.7%).',
    );
    unmount();
    render(<TimeBreakdownChart execution={TWO_ROBOTS_TEN_SECONDS} />);
    expect(screen.queryByTestId('driving-split')).toBeNull();
  });

  it('says when the day ran past With traffic’s makespan, the last arrival, to finish its handling', () => {
    // R1's last delivery arrives at 8 s and its handling, steps 16-20 (2 s), ends the run.
    const execution = {
      ...TWO_ROBOTS_TEN_SECONDS,
      robots: {
        ...TWO_ROBOTS_TEN_SECONDS.robots,
        R1: { ...TWO_ROBOTS_TEN_SECONDS.robots.R1, activities: [0, 1, 4, 2, 10, 3, 16, 6] },
      },
      totals: { ...TWO_ROBOTS_TEN_SECONDS.totals, executed_makespan_s: 8 },
    };
    render(<TimeBreakdownChart execution={execution} />);
    expect(
      screen.getByText(
        /^Every robot's time over the executed day of 10\.0 s \(to the end of the last handling; With traffic’s 8\.0 s is the last delivery’s arrival\), as the run on the shared floor recorded it: 2 robots, 20\.0 s of robot time\.$/,
      ),
    ).toBeTruthy();
  });

  it('names With traffic as its own line shows it: to the tenth when the run is under a minute from its plan', () => {
    // Steps of 20 s: a 400 s day; With traffic 331.8 s against a 292 s plan reads 5 min 31.8 s.
    const execution = {
      ...TWO_ROBOTS_TEN_SECONDS,
      step_s: 20,
      totals: { ...TWO_ROBOTS_TEN_SECONDS.totals, planned_makespan_s: 292, executed_makespan_s: 331.8 },
    };
    render(<TimeBreakdownChart execution={execution} />);
    expect(screen.getByText(/With traffic’s 5 min 31\.8 s is the last delivery’s arrival/)).toBeTruthy();
  });

  it('says when robots drove on after the last handling, as robots with a model do until they stop', () => {
    // R1's delivery arrives at 6 s and is handled 6-7 s (steps 12-14); R2 drives 7.5-10 s.
    const execution = {
      ...TWO_ROBOTS_TEN_SECONDS,
      totals: { ...TWO_ROBOTS_TEN_SECONDS.totals, executed_makespan_s: 6 },
    };
    render(<TimeBreakdownChart execution={execution} />);
    expect(
      screen.getByText(
        /^Every robot's time over the executed day of 10\.0 s \(to when the last robot stopped: the last handling ended at 7\.0 s, and robots set off home after their last deliveries; With traffic’s 6\.0 s is the last delivery’s arrival\), as the run/,
      ),
    ).toBeTruthy();
  });

  it('shows all robots’ time by activity, with shares that add up to 100%, and a bar per robot', () => {
    render(<TimeBreakdownChart execution={TWO_ROBOTS_TEN_SECONDS} />);
    const section = screen.getByRole('region', { name: 'Where the time goes' });
    expect(
      within(section).getByText(/over the executed day of 10\.0 s.*2 robots, 20\.0 s of robot time\./),
    ).toBeTruthy();
    expect(
      within(section)
        .getByRole('img', { name: /^All robots:/ })
        .getAttribute('aria-label'),
    ).toBe(
      'All robots: Driving loaded 15.0%, Driving empty 22.5%, Waiting in traffic 5.0%, Queued at a charger 7.5%, Charging 30.0%, Handling 5.0%, Idle 15.0%',
    );
    // The day ends at the last delivery's arrival here: nothing is said of a handling after it.
    expect(within(section).queryByText(/last handling/)).toBeNull();
    const table = within(section).getByRole('table', { name: 'Robot time by activity' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Driving loaded', '3.0 s', '15.0%'],
      ['Driving empty', '4.5 s', '22.5%'],
      ['Waiting in traffic', '1.0 s', '5.0%'],
      ['Queued at a charger', '1.5 s', '7.5%'],
      ['Charging', '6.0 s', '30.0%'],
      ['Handling', '1.0 s', '5.0%'],
      ['Idle', '3.0 s', '15.0%'],
      ['All activities', '20.0 s', '100.0%'],
    ]);
    const robots = within(section).getByRole('list', { name: 'Time per robot' });
    expect(
      within(robots)
        .getAllByRole('img')
        .map((bar) => bar.getAttribute('aria-label')),
    ).toEqual([
      'R1: Driving loaded 30.0%, Driving empty 20.0%, Waiting in traffic 10.0%, Handling 10.0%, Idle 30.0%',
      'R2: Driving empty 25.0%, Queued at a charger 15.0%, Charging 60.0%',
    ]);
    // R2's bar: queued, then charging, then empty, each as wide as its share, in the breakdown's order.
    const segments = within(robots).getAllByRole('img')[1].querySelectorAll<HTMLElement>('[data-kind]');
    expect([...segments].map((segment) => [segment.dataset.kind, segment.style.width])).toEqual([
      ['drive_empty', '25%'],
      ['queued', '15%'],
      ['charging', '60%'],
    ]);
  });

  it('shows time stopped by delays and breakdowns on its own row, apart from waiting in traffic, only when there was some', () => {
    render(<TimeBreakdownChart execution={TWO_ROBOTS_ONE_BREAKDOWN} />);
    const table = screen.getByRole('table', { name: 'Robot time by activity' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Driving loaded', '2.0 s', '10.0%'],
      ['Driving empty', '4.5 s', '22.5%'],
      ['Waiting in traffic', '1.0 s', '5.0%'],
      ['Queued at a charger', '1.5 s', '7.5%'],
      ['Stopped: delays and breakdowns', '1.0 s', '5.0%'],
      ['Charging', '6.0 s', '30.0%'],
      ['Handling', '1.0 s', '5.0%'],
      ['Idle', '3.0 s', '15.0%'],
      ['All activities', '20.0 s', '100.0%'],
    ]);
  });

  it('shows time queued beside a pickup or dropoff on its own row, apart from waiting in traffic', () => {
    // R1's second before its handling (steps 10-12) was spent beside the dock another robot was at.
    const r1 = TWO_ROBOTS_TEN_SECONDS.robots.R1;
    const docked = {
      ...TWO_ROBOTS_TEN_SECONDS,
      robots: { ...TWO_ROBOTS_TEN_SECONDS.robots, R1: { ...r1, activities: [0, 1, 4, 2, 10, 8, 12, 6, 14, 0] } },
    };
    render(<TimeBreakdownChart execution={docked} />);
    const table = screen.getByRole('table', { name: 'Robot time by activity' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows.slice(2, 5)).toEqual([
      ['Waiting in traffic', '0.0 s', '0.0%'],
      ['Queued at a charger', '1.5 s', '7.5%'],
      ['Queued at a dock', '1.0 s', '5.0%'],
    ]);
  });

  it('orders the robots with the most time lost waiting first on request', async () => {
    render(<TimeBreakdownChart execution={TWO_ROBOTS_TEN_SECONDS} />);
    await userEvent.selectOptions(
      screen.getByLabelText('Order robots by'),
      'Most time lost waiting (blocked or queued)',
    );
    const robots = screen.getByRole('list', { name: 'Time per robot' });
    expect(
      within(robots)
        .getAllByRole('listitem')
        .map((row) => row.dataset.robot),
    ).toEqual(['R2', 'R1']);
  });

  it('keeps a few dozen robot rows in the document for 400 robots', () => {
    render(<TimeBreakdownChart execution={manyRobots(400)} />);
    const rows = within(screen.getByRole('list', { name: 'Time per robot' })).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(40);
    expect(screen.getByText(/400 robots, 1 h 6 min 40 s of robot time\./)).toBeTruthy();
  });

  it('says so instead of a bar for a run stored before activities were recorded', () => {
    render(<TimeBreakdownChart execution={TWO_ROBOTS_WITHOUT_ACTIVITIES} />);
    const section = screen.getByRole('region', { name: 'Where the time goes' });
    expect(section.textContent).toContain(
      'This run did not record what each robot did: it was executed before activities were kept.',
    );
    expect(within(section).queryByRole('img')).toBeNull();
  });
});
