import { MAX_PAIRS_PER_TASK } from '@fleetlab/warehouse';
import type { PickupDropoffPair } from '../api/types.ts';

/** The ids a CSV row may name: the environment's pickups and dropoffs. */
export interface PairCatalog {
  readonly pickupIds: ReadonlySet<string>;
  readonly dropoffIds: ReadonlySet<string>;
}

export interface CsvPairsResult {
  /** The pairs in file order; empty whenever there is any error (all rows or none). */
  readonly pairs: PickupDropoffPair[];
  /** One message per problem, e.g. "Line 4: unknown pickup P99". */
  readonly errors: string[];
}

const HEADER_PICKUP = /^pickup(_id)?$/i;
const HEADER_DROPOFF = /^drop[-_]?off(_id)?$/i;

/** Cells of one line: comma separated (semicolon or tab as spreadsheets in some locales write), quotes removed. */
function cellsOf(line: string): string[] {
  const separator = line.includes(',') ? ',' : line.includes(';') ? ';' : '\t';
  const cells = line.split(separator).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim());
  // "P1,D1," from a spreadsheet export: trailing empty cells are not values.
  while (cells.length > 2 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

function isHeader(cells: readonly string[]): boolean {
  return cells.length === 2 && HEADER_PICKUP.test(cells[0]) && HEADER_DROPOFF.test(cells[1]);
}

/**
 * Reads `pickup_id,dropoff_id` rows (header optional, blank lines ignored) and checks every
 * id against the environment. Problems are reported by 1-based line number; a file with
 * any problem yields no pairs, so nothing half-imported can be saved.
 */
export function parsePairsCsv(text: string, catalog: PairCatalog): CsvPairsResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const pairs: PickupDropoffPair[] = [];
  const errors: string[] = [];
  let seenRow = false;

  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    if (line.trim() === '') return;
    const cells = cellsOf(line);
    if (!seenRow) {
      seenRow = true;
      if (isHeader(cells)) return;
    }
    if (cells.length !== 2) {
      errors.push(
        `Line ${lineNumber}: expected pickup_id,dropoff_id but found ${cells.length} value${cells.length === 1 ? '' : 's'}`,
      );
      return;
    }
    const [pickupId, dropoffId] = cells;
    const lineErrors: string[] = [];
    if (pickupId === '') lineErrors.push(`Line ${lineNumber}: missing pickup id`);
    else if (!catalog.pickupIds.has(pickupId)) lineErrors.push(`Line ${lineNumber}: unknown pickup ${pickupId}`);
    if (dropoffId === '') lineErrors.push(`Line ${lineNumber}: missing dropoff id`);
    else if (!catalog.dropoffIds.has(dropoffId)) lineErrors.push(`Line ${lineNumber}: unknown dropoff ${dropoffId}`);
    if (lineErrors.length > 0) errors.push(...lineErrors);
    else pairs.push([pickupId, dropoffId]);
  });

  if (errors.length === 0 && pairs.length === 0) errors.push('The file has no pickup_id,dropoff_id rows');
  if (pairs.length > MAX_PAIRS_PER_TASK) {
    errors.push(`The file has ${pairs.length} rows; a task holds at most ${MAX_PAIRS_PER_TASK} pairs`);
  }
  return errors.length > 0 ? { pairs: [], errors } : { pairs, errors };
}
