import type { ReactNode } from 'react';

interface StepTableProps {
  /** The table's caption, which is also its accessible name. */
  readonly caption: string;
  readonly columns: readonly string[];
  /** One `<tr>` per plan step. */
  readonly children: ReactNode;
}

/** The frame of a robot's per-step tables (Tasks, Battery Levels): caption, column headers, body. */
export function StepTable({ caption, columns, children }: StepTableProps) {
  return (
    <table className="w-full text-left text-sm text-slate-300">
      <caption className="mb-2 text-left text-sm font-semibold text-white">{caption}</caption>
      <thead className="text-xs uppercase tracking-wide text-slate-400">
        <tr>
          {columns.map((label, index) => (
            // The last column has no right padding: the table's edge is its margin.
            <th key={label} scope="col" className={index === columns.length - 1 ? 'py-1' : 'py-1 pr-3'}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
