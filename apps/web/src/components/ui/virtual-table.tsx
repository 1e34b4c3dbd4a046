import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode, type RefObject } from 'react';

export interface VirtualTableColumn {
  readonly label: string;
  /** Read by screen readers only (an actions column). */
  readonly srOnly?: boolean;
}

export interface VirtualTableProps {
  /** The table's caption, which is also its accessible name. */
  readonly caption?: string;
  /** Accessible name when the table has no caption. */
  readonly ariaLabel?: string;
  readonly columns: readonly (string | VirtualTableColumn)[];
  readonly rowCount: number;
  /** Every row is exactly this tall (px): cells do not wrap, so no row needs measuring. */
  readonly rowHeight: number;
  /** Height (px) of the scrolling area; shorter tables take only their own height. */
  readonly maxHeight: number;
  /** The `<td>` cells of one row. */
  readonly renderRow: (index: number) => ReactNode;
  readonly className?: string;
  readonly headerCellClassName?: string;
  readonly rowClassName?: string;
}

/** Rows drawn beyond the visible ones on each side, so a fast scroll shows no blank band. */
const OVERSCAN_ROWS = 8;

/**
 * Rows of one fixed height in a scrolling area at most `maxHeight` tall: which rows are in view.
 * Until the area has a laid-out height (before layout, or where there is none, as in jsdom) it
 * counts as `maxHeight` tall, so the first rows show at once rather than none.
 */
export function useFixedRowVirtualizer(
  scrollRef: RefObject<HTMLElement | null>,
  rowCount: number,
  rowHeight: number,
  maxHeight: number,
) {
  return useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : { width: rect.width, height: maxHeight })),
  });
}

/**
 * A table that renders only the rows in view (plus a few around them): a robot with 20,000
 * steps or a task with 20,000 pairs keeps a few dozen rows in the document. Spacer rows above
 * and below keep the scroll height of the whole table; `aria-rowcount` and `aria-rowindex`
 * tell assistive technology where the rendered rows sit.
 */
export function VirtualTable({
  caption,
  ariaLabel,
  columns,
  rowCount,
  rowHeight,
  maxHeight,
  renderRow,
  className = 'w-full text-left text-sm',
  headerCellClassName = 'py-1 pr-3',
  rowClassName = 'border-t border-slate-800',
}: VirtualTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useFixedRowVirtualizer(scrollRef, rowCount, rowHeight, maxHeight);
  const rows = virtualizer.getVirtualItems();
  const paddingTop = rows.length > 0 ? rows[0].start : 0;
  const paddingBottom = rows.length > 0 ? virtualizer.getTotalSize() - rows[rows.length - 1].end : 0;

  return (
    <div ref={scrollRef} className="overflow-auto" style={{ maxHeight }} data-virtual-table="">
      <table className={className} aria-label={caption ? undefined : ariaLabel} aria-rowcount={rowCount + 1}>
        {caption && <caption className="mb-2 text-left text-sm font-semibold text-white">{caption}</caption>}
        <thead className="sticky top-0 z-10 bg-slate-900 text-xs uppercase tracking-wide text-slate-400">
          <tr aria-rowindex={1}>
            {columns.map((column) => {
              const { label, srOnly } = typeof column === 'string' ? { label: column, srOnly: false } : column;
              return (
                <th key={label} scope="col" className={headerCellClassName}>
                  {srOnly ? <span className="sr-only">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && <tr aria-hidden="true" style={{ height: paddingTop }} />}
          {rows.map((row) => (
            <tr
              key={row.key}
              aria-rowindex={row.index + 2}
              className={`${rowClassName} whitespace-nowrap`}
              style={{ height: rowHeight }}
            >
              {renderRow(row.index)}
            </tr>
          ))}
          {paddingBottom > 0 && <tr aria-hidden="true" style={{ height: paddingBottom }} />}
        </tbody>
      </table>
    </div>
  );
}
