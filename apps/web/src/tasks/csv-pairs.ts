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
  /** Each pair's release time in seconds from the shift's start, when the file has a `release_s` column. */
  readonly releaseS?: number[];
  /** One message per problem, e.g. "Line 4: unknown pickup P99". */
  readonly errors: string[];
}

const HEADER_PICKUP = /^pickup(_id)?$/i;
const HEADER_DROPOFF = /^drop[-_]?off(_id)?$/i;
const HEADER_RELEASE = /^release(_s)?$/i;

/** Cells of one line: comma separated (semicolon or tab as spreadsheets in some locales write), quotes removed. */
function cellsOf(line: string): string[] {
  const separator = line.includes(',') ? ',' : line.includes(';') ? ';' : '\t';
  const cells = line.split(separator).map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
  // "P1,D1," from a spreadsheet export: trailing empty cells are not values.
  while (cells.length > 2 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

/** The columns a header line names (2 without release times, 3 with), or null when the line is data. */
function headerColumns(cells: readonly string[]): 2 | 3 | null {
  if (cells.length < 2 || cells.length > 3 || !HEADER_PICKUP.test(cells[0]) || !HEADER_DROPOFF.test(cells[1]))
    return null;
  if (cells.length === 2) return 2;
  return HEADER_RELEASE.test(cells[2]) ? 3 : null;
}

const COLUMNS_TEXT = { 2: 'pickup_id,dropoff_id', 3: 'pickup_id,dropoff_id,release_s' } as const;

/** A release time as typed: seconds from the shift's start, a number of at least 0. */
function releaseProblem(text: string, lineNumber: number): string | null {
  if (text === '') return `Line ${lineNumber}: missing release_s`;
  const value = Number(text);
  if (!Number.isFinite(value)) return `Line ${lineNumber}: release_s ${text} is not a number of seconds`;
  if (value < 0) return `Line ${lineNumber}: release_s ${text} cannot be negative`;
  return null;
}

/**
 * Reads `pickup_id,dropoff_id` rows, optionally with a third column `release_s` (seconds from a
 * shift's start when the order arrives), header optional, blank lines ignored, and checks every
 * id against the environment. Release times are given on every row or on none: the header, or
 * else the first row, says which. Problems are reported by 1-based line number; a file with any
 * problem yields no pairs, so nothing half-imported can be saved.
 */
export function parsePairsCsv(text: string, catalog: PairCatalog): CsvPairsResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const pairs: PickupDropoffPair[] = [];
  const releaseS: number[] = [];
  const errors: string[] = [];
  let columns: 2 | 3 | null = null;

  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    if (line.trim() === '') return;
    const cells = cellsOf(line);
    if (columns === null) {
      const header = headerColumns(cells);
      if (header !== null) {
        columns = header;
        return;
      }
      columns = cells.length === 3 ? 3 : 2;
    }
    if (cells.length !== columns) {
      const found = `found ${cells.length} value${cells.length === 1 ? '' : 's'}`;
      const rule = columns === 3 || cells.length === 3 ? ': release_s is given on every row or on none' : '';
      errors.push(`Line ${lineNumber}: expected ${COLUMNS_TEXT[columns]} but ${found}${rule}`);
      return;
    }
    const [pickupId, dropoffId, release] = cells;
    const lineErrors: string[] = [];
    if (pickupId === '') lineErrors.push(`Line ${lineNumber}: missing pickup id`);
    else if (!catalog.pickupIds.has(pickupId)) lineErrors.push(`Line ${lineNumber}: unknown pickup ${pickupId}`);
    if (dropoffId === '') lineErrors.push(`Line ${lineNumber}: missing dropoff id`);
    else if (!catalog.dropoffIds.has(dropoffId)) lineErrors.push(`Line ${lineNumber}: unknown dropoff ${dropoffId}`);
    const timeProblem = columns === 3 ? releaseProblem(release, lineNumber) : null;
    if (timeProblem) lineErrors.push(timeProblem);
    if (lineErrors.length > 0) errors.push(...lineErrors);
    else {
      pairs.push([pickupId, dropoffId]);
      if (columns === 3) releaseS.push(Number(release));
    }
  });

  if (errors.length === 0 && pairs.length === 0) errors.push('The file has no pickup_id,dropoff_id rows');
  if (pairs.length > MAX_PAIRS_PER_TASK) {
    errors.push(`The file has ${pairs.length} rows; a task holds at most ${MAX_PAIRS_PER_TASK} pairs`);
  }
  if (errors.length > 0) return { pairs: [], errors };
  return columns === 3 ? { pairs, releaseS, errors } : { pairs, errors };
}
