import { robotModelLabel, robotModelName, TIME_SPLIT_PARTS } from '@fleetlab/warehouse';
import type { Experiment } from '../api/types.ts';
import { DataTable, type DataTableColumn } from '../components/ui/data-table.tsx';
import { card } from '../components/ui/styles.ts';
import { formatCompletionTime, formatPercent1 } from '../lib/display-format.ts';
import { PointSolveLinkCell, PointStatusCell } from './point-cells.tsx';
import {
  COMPARED_FIGURE_LABELS,
  fellBehindNote,
  formatComparedValue,
  isAnswerRow,
  robotModelAnswerText,
  robotModelComparisonOf,
  robotModelRows,
  timeSplitShares,
} from './robot-model-figures.ts';

/**
 * A robot-model comparison's results: the answer (the fewest robots each model needs for the
 * target), then one row per model and fleet with its makespan or shift throughput, mean cycle
 * time and where the robots' time went.
 */
export function RobotModelResults({ record }: { readonly record: Experiment }) {
  const comparison = robotModelComparisonOf(record);
  const rows = robotModelRows(record, comparison.figure);
  const labelOf = (name: string) => {
    const model = record.robot_models.find((candidate) => robotModelName(candidate) === name);
    return model === undefined ? name : robotModelLabel(model);
  };
  const someFromPlan = rows.some((row) => row.timeSplit?.waiting_from === 'plan');
  const behind = fellBehindNote(rows);
  const columns: readonly DataTableColumn[] = [
    { label: 'Robot model' },
    { label: 'Robots' },
    { label: COMPARED_FIGURE_LABELS[comparison.figure] },
    { label: 'Mean cycle time' },
    ...TIME_SPLIT_PARTS.map((part) => ({ label: part.label })),
    { label: 'Status' },
    { label: 'Solve' },
  ];
  return (
    <section className={`${card} space-y-4 p-5`} aria-labelledby="robot-models-heading">
      <div>
        <h2 id="robot-models-heading" className="text-lg font-semibold text-white">
          Robot models compared
        </h2>
        <p className="text-sm text-slate-300" data-testid="robot-model-answer">
          {robotModelAnswerText(comparison, labelOf)}
        </p>
        {behind && (
          <p className="mt-1 text-xs text-amber-200" data-testid="robot-model-fell-behind">
            {behind}
          </p>
        )}
        <p className="mt-1 text-xs text-slate-400">
          Where the time goes: the robots' working time summed over the fleet (idle time left out), as a share of it, as
          the robots spent it on the shared floor (driving, of it accelerating, braking and turning from each robot's
          motion, handling, charging, waiting for others and for chargers; a shift's up to its end)
          {someFromPlan
            ? '; where a point did not run there, as its plan times it (each robot alone, waiting only in the plan’s charger and dock queues).'
            : '.'}
        </p>
      </div>
      <DataTable ariaLabel="Robot model comparison" columns={columns} density="compact">
        {rows.map((row) => {
          const winner = isAnswerRow(comparison, row);
          const shares = timeSplitShares(row.timeSplit);
          return (
            <tr key={row.solveId} data-best={winner || undefined} className={winner ? 'bg-emerald-500/10' : undefined}>
              {/* Wide enough for a preset's label on two lines, not four. */}
              <th scope="row" className="min-w-44 px-2 py-2 font-semibold text-white">
                {row.modelLabel}
              </th>
              <td className="px-2 py-2 text-slate-200">{row.robots ?? 'All'}</td>
              <td className="px-2 py-2 text-slate-200">{formatComparedValue(comparison.figure, row.value)}</td>
              <td className="px-2 py-2 text-slate-200">
                {row.meanCycleS === null ? '—' : formatCompletionTime(row.meanCycleS)}
              </td>
              {TIME_SPLIT_PARTS.map((part, index) => (
                <td
                  key={part.key}
                  className="px-2 py-2 text-slate-200"
                  title={shares ? formatCompletionTime(shares[index].seconds) : undefined}
                >
                  {shares ? formatPercent1(shares[index].share * 100) : '—'}
                </td>
              ))}
              <PointStatusCell status={row.status} error={row.error} />
              <PointSolveLinkCell solveId={row.solveId} label="View solve" />
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
