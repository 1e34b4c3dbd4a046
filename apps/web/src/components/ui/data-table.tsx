import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { card, linkText } from './styles.ts';

/** Page tables are comfortable, the dashboard's spacious; tables nested in experiment panels are compact. */
type DataTableDensity = 'spacious' | 'comfortable' | 'compact';

export interface DataTableColumn {
  readonly label: string;
  /** Right-aligned columns hold row actions (View, Results). */
  readonly align?: 'left' | 'right';
}

/**
 * Compact tables hold many figures side by side (a sweep's twelve columns at 1280 px), so their
 * headers keep normal letter spacing: their widest words set the columns' widths.
 */
const headerTracking: Record<DataTableDensity, string> = {
  spacious: 'tracking-wider',
  comfortable: 'tracking-wider',
  compact: 'tracking-normal',
};

const headerCellPadding: Record<DataTableDensity, string> = {
  spacious: 'px-6 py-3',
  comfortable: 'px-5 py-3',
  compact: 'px-2 py-2',
};

interface DataTableProps {
  readonly columns: readonly DataTableColumn[];
  readonly density?: DataTableDensity;
  /** Accessible name of the table, where the surrounding heading does not give one. */
  readonly ariaLabel?: string;
  /** A table that stands alone on its page sits in a card; one inside a card or panel does not. */
  readonly inCard?: boolean;
  /** The body rows (`<tr>` elements). */
  readonly children: ReactNode;
}

/** The list tables' shared frame: horizontal scroll, column headers and row dividers; pages supply the rows. */
export function DataTable({ columns, density = 'comfortable', ariaLabel, inCard = false, children }: DataTableProps) {
  const padding = headerCellPadding[density];
  return (
    <div className={inCard ? `${card} overflow-x-auto` : 'overflow-x-auto'}>
      <table aria-label={ariaLabel} className="w-full text-left text-sm">
        <thead className={`text-xs uppercase ${headerTracking[density]} text-slate-400`}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={
                  column.align === 'right' ? `${padding} text-right font-semibold` : `${padding} font-semibold`
                }
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

/** A record's name with its description clamped to one line beneath, as list tables show them. */
export function NameWithDescriptionCell({
  name,
  description,
}: {
  readonly name: string;
  readonly description: string | null | undefined;
}) {
  return (
    <td className="px-5 py-3">
      <p className="font-medium text-slate-100">{name}</p>
      {description && <p className="mt-0.5 line-clamp-1 text-xs text-slate-400">{description}</p>}
    </td>
  );
}

/** The right-aligned last cell of a list row: the link to the record's page. */
export function RowLinkCell({ to, children }: { readonly to: string; readonly children: ReactNode }) {
  return (
    <td className="px-5 py-3 text-right">
      <Link to={to} className={linkText}>
        {children}
      </Link>
    </td>
  );
}
