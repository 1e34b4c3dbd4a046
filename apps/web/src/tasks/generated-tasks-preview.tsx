import type { Environment, GeneratedTask } from '../api/types.ts';
import { TaskTypeBadge } from '../components/ui/badges.tsx';
import { DataTable, type DataTableColumn } from '../components/ui/data-table.tsx';
import { buttonPrimary, buttonSecondary, card } from '../components/ui/styles.ts';
import { formatPoint } from '../lib/display-format.ts';
import { PairsTable } from './pairs-table.tsx';
import { countPairs, generatedRecordsText, generatorLine, generatorOf, pairRowsOf } from './task-pairs.ts';

export interface GeneratedTasksPreviewProps {
  readonly tasks: readonly GeneratedTask[];
  /** The scenario's environment, for the pickup and dropoff positions (positions show '—' until it loads). */
  readonly environment: Environment | undefined;
  readonly saving: boolean;
  readonly onSave: () => void;
  readonly onDiscard: () => void;
}

const COLUMNS: readonly DataTableColumn[] = [
  { label: 'Name and description' },
  { label: 'Type' },
  { label: 'Start Point' },
  { label: 'End Point' },
  { label: 'Priority' },
];
const bodyCell = 'px-5 py-3';

/**
 * The unsaved result of POST /tasks/generate: the spec's task table (Name and description,
 * Type, Start Point, End Point, Priority), each task's pairs with their positions, and a
 * line naming the generator so the planner knows whether a language model made them.
 */
export function GeneratedTasksPreview({ tasks, environment, saving, onSave, onDiscard }: GeneratedTasksPreviewProps) {
  const generator = generatorOf(tasks[0]);
  return (
    <section className={card} aria-labelledby="generated-tasks-heading">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-800 px-5 py-4">
        <div className="space-y-0.5">
          <h2 id="generated-tasks-heading" className="text-lg font-semibold text-white">
            Preview
          </h2>
          <p role="status" className="text-sm text-emerald-300">
            Successfully generated {countPairs(tasks)} tasks.
          </p>
          <p className="text-xs text-slate-300">{generatedRecordsText(tasks)}</p>
          {generator && <p className="text-xs text-slate-400">{generatorLine(generator)}</p>}
        </div>
        <div className="flex gap-2">
          <button type="button" className={buttonSecondary} onClick={onDiscard} disabled={saving}>
            Discard
          </button>
          <button type="button" className={buttonPrimary} onClick={onSave} disabled={saving || tasks.length === 0}>
            {saving ? 'Saving…' : 'Save All Tasks'}
          </button>
        </div>
      </div>
      <DataTable columns={COLUMNS} ariaLabel="Generated tasks">
        {tasks.map((task, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a preview's tasks are never reordered; two may share a name
          <tr key={index}>
            <td className={bodyCell}>
              <p className="font-medium text-slate-100">{task.name}</p>
              {task.description && <p className="mt-0.5 text-xs text-slate-400">{task.description}</p>}
            </td>
            <td className={bodyCell}>
              <TaskTypeBadge taskType={task.task_type ?? 'pickup_delivery'} />
            </td>
            <td className={`${bodyCell} font-mono text-slate-300`}>{formatPoint(task.details?.start_point)}</td>
            <td className={`${bodyCell} font-mono text-slate-300`}>{formatPoint(task.details?.end_point)}</td>
            <td className={`${bodyCell} text-slate-300`}>{task.details?.priority ?? '—'}</td>
          </tr>
        ))}
      </DataTable>
      {tasks.map((task, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a preview's tasks are never reordered; two may share a name
        <div key={index} className="border-t border-slate-800 px-2 py-3">
          <h3 className="px-3 pb-2 text-sm font-semibold text-slate-200">
            Pickup-dropoff pairs{tasks.length > 1 ? ` of ${task.name}` : ''}
          </h3>
          <PairsTable
            label={`Pairs of ${task.name}`}
            rows={pairRowsOf(task.details?.tasks ?? [], environment)}
            priority={task.details?.priority ?? null}
          />
        </div>
      ))}
    </section>
  );
}
