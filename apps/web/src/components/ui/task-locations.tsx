import type { TaskDetails } from '../../api/types.ts';
import { formatGrouped, formatPoint, formatReleaseTime } from '../../lib/display-format.ts';
import { VirtualTable } from './virtual-table.tsx';

const PAIR_COLUMNS = ['#', 'Pickup', 'Dropoff'];
/** A task whose pairs carry release times (a shift's exact arrivals) shows them too. */
const TIMED_PAIR_COLUMNS = [...PAIR_COLUMNS, 'Release'];
/** Height of a row of pickup-dropoff pairs: py-1.5 around a 20 px line (or a Remove button), and the row's 1 px border. */
export const PAIR_ROW_HEIGHT_PX = 33;
/** About fifteen pairs in view; a day of 20,000 scrolls inside the table. */
const PAIR_TABLE_HEIGHT_PX = 15 * PAIR_ROW_HEIGHT_PX + 36;

/** A task's pickup-dropoff pairs as a numbered table (the pairs in view only), or its start and end point (spec §2). */
export function TaskLocations({ details }: { details: TaskDetails | null | undefined }) {
  const pairs = details?.tasks ?? [];
  const releaseS = details?.release_s;
  if (pairs.length > 0) {
    return (
      <>
        <p className="mb-2 text-sm text-slate-400" data-testid="pairs-summary">
          {pairsSummary(pairs, releaseS)}
        </p>
        <VirtualTable
          ariaLabel="Pickup-dropoff pairs"
          columns={releaseS ? TIMED_PAIR_COLUMNS : PAIR_COLUMNS}
          rowCount={pairs.length}
          rowHeight={PAIR_ROW_HEIGHT_PX}
          maxHeight={PAIR_TABLE_HEIGHT_PX}
          headerCellClassName="px-3 py-2 font-semibold"
          renderRow={(index) => (
            <>
              <td className="px-3 py-1.5 text-slate-400">{index + 1}</td>
              <td className="px-3 py-1.5 font-mono text-sky-300">{pairs[index][0]}</td>
              <td className="px-3 py-1.5 font-mono text-emerald-300">{pairs[index][1]}</td>
              {releaseS && (
                <td className="px-3 py-1.5 font-mono text-amber-200">{formatReleaseTime(releaseS[index])}</td>
              )}
            </>
          )}
        />
      </>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div>
        <dt className="text-xs text-slate-400">Start Point</dt>
        <dd className="font-mono text-slate-100">{formatPoint(details?.start_point)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-400">End Point</dt>
        <dd className="font-mono text-slate-100">{formatPoint(details?.end_point)}</dd>
      </div>
    </dl>
  );
}

/** What a task's pairs add up to, above their table (which shows about fifteen at a time): orders, places, release times. */
export function pairsSummary(pairs: readonly (readonly [string, string])[], releaseS?: readonly number[]): string {
  const count = (n: number, one: string) => `${formatGrouped(n)} ${n === 1 ? one : `${one}s`}`;
  const pickups = new Set(pairs.map((pair) => pair[0])).size;
  const dropoffs = new Set(pairs.map((pair) => pair[1])).size;
  const released =
    releaseS && releaseS.length > 0
      ? `, released from ${formatReleaseTime(releaseS.reduce((a, b) => Math.min(a, b)))} to ${formatReleaseTime(releaseS.reduce((a, b) => Math.max(a, b)))}`
      : '';
  return `${count(pairs.length, 'order')} from ${count(pickups, 'pickup')} to ${count(dropoffs, 'dropoff')}${released}.`;
}
