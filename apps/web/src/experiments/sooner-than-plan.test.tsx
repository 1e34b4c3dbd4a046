import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SOONER_THAN_PLAN } from '../components/results/execution-figures.ts';
import { ComparisonTable } from './comparison-table.tsx';
import { type ComparisonRow, soonerThanPlan, type SweepRow } from './experiment-figures.ts';
import { SweepTable } from './sweep-table.tsx';

const sweepRow = (solveId: number, x: number, makespan: number, executedMakespan: number): SweepRow => ({
  solveId,
  robotCount: x,
  x,
  executedMakespan,
  executedPerHour: null,
  waitingForRobots: 0,
  dockQueue: 0,
  chargerQueue: 0,
  status: 'completed',
  makespan,
  deliveriesPerHour: null,
  lowerBound: null,
  gap: null,
  error: null,
});

describe('a day on the floor that ends before its plan', () => {
  it('is read to the tenth the tables show', () => {
    expect(soonerThanPlan({ makespan: 73, executedMakespan: 72 })).toBe(true);
    expect(soonerThanPlan({ makespan: 73, executedMakespan: 72.96 })).toBe(false);
    expect(soonerThanPlan({ makespan: 73, executedMakespan: 74 })).toBe(false);
    expect(soonerThanPlan({ makespan: 73, executedMakespan: null })).toBe(false);
  });

  it('is marked in the fleet sweep, with the reason under the table', () => {
    // 7 robots: With traffic 72.0 s below the plan's 73.0 s; 6 robots: 90.0 s against 84.0 s.
    const rows = [sweepRow(1, 6, 84, 90), sweepRow(2, 7, 73, 72)];
    render(
      <MemoryRouter>
        <SweepTable rows={rows} knee={null} selectedSolveId={null} onSelect={() => {}} />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Sweep results' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1].textContent);
    expect(cells).toEqual(['90.0', '72.0*']);
    expect(screen.getByText(`* ${SOONER_THAN_PLAN}`)).toBeInTheDocument();
  });

  it('is marked in the algorithm comparison, and no note shows when every day ran at or after its plan', () => {
    const row = (solveId: number, makespan: number, executedMakespan: number): ComparisonRow => ({
      solveId,
      algorithm: 'makespan',
      status: 'completed',
      makespan,
      distance: null,
      recharges: null,
      gap: null,
      runtimeMs: null,
      executedMakespan,
      waitingForRobots: null,
      dockQueue: null,
      chargerQueue: null,
      error: null,
    });
    const { rerender } = render(
      <MemoryRouter>
        <ComparisonTable rows={[row(1, 73, 72)]} />
      </MemoryRouter>,
    );
    expect(within(screen.getByRole('table', { name: 'Algorithm comparison' })).getByText('72.0 s')).toHaveTextContent(
      '72.0 s*',
    );
    expect(screen.getByText(`* ${SOONER_THAN_PLAN}`)).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <ComparisonTable rows={[row(1, 73, 75)]} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(`* ${SOONER_THAN_PLAN}`)).not.toBeInTheDocument();
  });
});

describe('waiting figures beside the day with traffic', () => {
  it('are said to be robot time added over the fleet, under both tables, when a row has them', () => {
    const note = /robot time on the shared floor, added over every robot/;
    // 6 robots: 90.0 s with traffic on an 84.0 s plan, while the robots waited 120 s in all.
    const row = { ...sweepRow(1, 6, 84, 90), waitingForRobots: 120 };
    const { rerender } = render(
      <MemoryRouter>
        <SweepTable rows={[row]} knee={null} selectedSolveId={null} onSelect={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByText(note)).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <SweepTable
          rows={[{ ...row, waitingForRobots: null }]}
          knee={null}
          selectedSolveId={null}
          onSelect={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    const comparison: ComparisonRow = {
      solveId: 2,
      algorithm: 'makespan',
      status: 'completed',
      makespan: 84,
      distance: null,
      recharges: null,
      gap: null,
      runtimeMs: 29_124,
      executedMakespan: 90,
      waitingForRobots: 120,
      dockQueue: 13.2,
      chargerQueue: 0,
      error: null,
    };
    rerender(
      <MemoryRouter>
        <ComparisonTable rows={[comparison]} />
      </MemoryRouter>,
    );
    expect(screen.getByText(note)).toBeInTheDocument();
    // A search of 29,124 ms reads in seconds.
    expect(within(screen.getByRole('table', { name: 'Algorithm comparison' })).getByText('29.1 s')).toBeInTheDocument();
  });
});
