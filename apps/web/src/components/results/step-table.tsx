import type { ReactNode } from 'react';
import { VirtualTable } from '../ui/virtual-table.tsx';

/** One step row: py-1.5 around a 20 px line (or the battery bar and status pill). */
const STEP_ROW_HEIGHT_PX = 32;
/** Twelve rows in view; longer plans scroll inside the table. */
const STEP_TABLE_HEIGHT_PX = 12 * STEP_ROW_HEIGHT_PX + 60;

interface StepTableProps {
  /** The table's caption, which is also its accessible name. */
  readonly caption: string;
  readonly columns: readonly string[];
  readonly stepCount: number;
  /** The `<td>` cells of the step at `index`. */
  readonly renderStep: (index: number) => ReactNode;
}

/** The frame of a robot's per-step tables (Tasks, Battery Levels): only the steps in view are in the document. */
export function StepTable({ caption, columns, stepCount, renderStep }: StepTableProps) {
  return (
    <VirtualTable
      caption={caption}
      columns={columns}
      rowCount={stepCount}
      rowHeight={STEP_ROW_HEIGHT_PX}
      maxHeight={STEP_TABLE_HEIGHT_PX}
      renderRow={renderStep}
      className="w-full text-left text-sm text-slate-300"
    />
  );
}
