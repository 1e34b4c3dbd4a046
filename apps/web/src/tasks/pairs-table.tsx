import { formatPoint } from '../lib/display-format.ts';
import type { PairRow } from './task-pairs.ts';

export interface PairsTableProps {
  readonly rows: readonly PairRow[];
  /** Shown in a Priority column on every row (the priority of the task holding the pairs). */
  readonly priority?: string | number | null;
  /** Adds a Remove button per row. */
  readonly onRemove?: (index: number) => void;
  readonly label: string;
}

const cell = 'px-3 py-1.5';

/** A numbered table of pickup-dropoff pairs with their positions. */
export function PairsTable({ rows, priority, onRemove, label }: PairsTableProps) {
  const showPriority = priority !== undefined;
  return (
    <div className="max-h-[28rem] overflow-auto">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="sticky top-0 bg-slate-900 text-xs uppercase tracking-wider text-slate-400">
          <tr>
            <th scope="col" className={`${cell} font-semibold`}>#</th>
            <th scope="col" className={`${cell} font-semibold`}>Pickup</th>
            <th scope="col" className={`${cell} font-semibold`}>Pickup Position</th>
            <th scope="col" className={`${cell} font-semibold`}>Dropoff</th>
            <th scope="col" className={`${cell} font-semibold`}>Dropoff Position</th>
            {showPriority && <th scope="col" className={`${cell} font-semibold`}>Priority</th>}
            {onRemove && (
              <th scope="col" className={`${cell} font-semibold`}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {rows.map((row, index) => (
            <tr key={`${index}-${row.pickupId}-${row.dropoffId}`}>
              <td className={`${cell} text-slate-400`}>{index + 1}</td>
              <td className={`${cell} font-mono text-sky-300`}>{row.pickupId}</td>
              <td className={`${cell} font-mono text-slate-300`}>{formatPoint(row.pickupPosition)}</td>
              <td className={`${cell} font-mono text-emerald-300`}>{row.dropoffId}</td>
              <td className={`${cell} font-mono text-slate-300`}>{formatPoint(row.dropoffPosition)}</td>
              {showPriority && <td className={`${cell} text-slate-300`}>{priority ?? '—'}</td>}
              {onRemove && (
                <td className={`${cell} text-right`}>
                  <button
                    type="button"
                    className="rounded px-2 py-0.5 text-xs font-semibold text-red-300 hover:bg-red-500/10 hover:text-red-200"
                    aria-label={`Remove pair ${index + 1}`}
                    onClick={() => onRemove(index)}
                  >
                    Remove
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
