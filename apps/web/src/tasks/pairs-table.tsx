import { PAIR_ROW_HEIGHT_PX } from '../components/ui/task-locations.tsx';
import { VirtualTable, type VirtualTableColumn } from '../components/ui/virtual-table.tsx';
import { formatPoint, formatReleaseTime } from '../lib/display-format.ts';
import type { PairRow } from './task-pairs.ts';

export interface PairsTableProps {
  readonly rows: readonly PairRow[];
  /** Shown in a Priority column on every row (the priority of the task holding the pairs). */
  readonly priority?: string | number | null;
  /** Each pair's release time in a shift, shown in a Release column (absent: no column). */
  readonly releaseS?: readonly (number | undefined)[];
  /** Adds a Remove button per row. */
  readonly onRemove?: (index: number) => void;
  readonly label: string;
}

const cell = 'px-3 py-1.5';
/** 28rem: a day of 20,000 imported pairs scrolls inside the table, drawing only the pairs in view. */
const PAIRS_TABLE_HEIGHT_PX = 448;

/** A numbered table of pickup-dropoff pairs with their positions. */
export function PairsTable({ rows, priority, releaseS, onRemove, label }: PairsTableProps) {
  const showPriority = priority !== undefined;
  const columns: (string | VirtualTableColumn)[] = ['#', 'Pickup', 'Pickup Position', 'Dropoff', 'Dropoff Position'];
  if (releaseS) columns.push('Release');
  if (showPriority) columns.push('Priority');
  if (onRemove) columns.push({ label: 'Actions', srOnly: true });
  return (
    <VirtualTable
      ariaLabel={label}
      columns={columns}
      rowCount={rows.length}
      rowHeight={PAIR_ROW_HEIGHT_PX}
      maxHeight={PAIRS_TABLE_HEIGHT_PX}
      headerCellClassName={`${cell} font-semibold`}
      renderRow={(index) => {
        const row = rows[index];
        return (
          <>
            <td className={`${cell} text-slate-400`}>{index + 1}</td>
            <td className={`${cell} font-mono text-sky-300`}>{row.pickupId}</td>
            <td className={`${cell} font-mono text-slate-300`}>{formatPoint(row.pickupPosition)}</td>
            <td className={`${cell} font-mono text-emerald-300`}>{row.dropoffId}</td>
            <td className={`${cell} font-mono text-slate-300`}>{formatPoint(row.dropoffPosition)}</td>
            {releaseS && <td className={`${cell} font-mono text-amber-200`}>{formatReleaseTime(releaseS[index])}</td>}
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
          </>
        );
      }}
    />
  );
}
