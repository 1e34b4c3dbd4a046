import { useId, useRef, type ChangeEvent } from 'react';
import type { PickupDropoffPair } from '../api/types.ts';
import { parsePairsCsv, type PairCatalog } from './csv-pairs.ts';
import { readFileText } from '../lib/read-file-text.ts';

export interface CsvImportResult {
  readonly fileName: string;
  readonly pairs: PickupDropoffPair[];
  readonly releaseS?: number[];
  readonly errors: string[];
}

export interface CsvPairsImportProps {
  readonly catalog: PairCatalog;
  readonly disabled?: boolean;
  /** Problems of the last file, listed under the input; the page decides when they clear. */
  readonly errors: readonly string[];
  readonly onImported: (result: CsvImportResult) => void;
}

/** Problems listed at most: a day's file from the wrong layout would otherwise list 20,000 lines. */
const MAX_LISTED_PROBLEMS = 20;

/** A file input for `pickup_id,dropoff_id` rows, with the problems of a bad file by line number. */
export function CsvPairsImport({ catalog, disabled, errors, onImported }: CsvPairsImportProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const text = await readFileText(file);
      onImported({ fileName: file.name, ...parsePairsCsv(text, catalog) });
    } catch {
      onImported({ fileName: file.name, pairs: [], errors: [`The file ${file.name} could not be read`] });
    }
    // Choosing the same (corrected) file again must fire another change.
    if (inputRef.current) inputRef.current.value = '';
  }

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
        Import CSV
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept=".csv,text/csv,text/plain"
        disabled={disabled}
        aria-describedby={`${inputId}-hint`}
        onChange={(event) => void handleChange(event)}
        className="block w-full text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-100 hover:file:bg-slate-700"
      />
      <p id={`${inputId}-hint`} className="text-xs text-slate-400">
        One <code>pickup_id,dropoff_id</code> pair per line, e.g. <code>P3,D1</code>; a header line is optional. A third
        column <code>release_s</code> (on every line, e.g. <code>P3,D1,90</code>) gives the second of a shift each order
        arrives.
      </p>
      {errors.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-200">
          <p className="font-semibold">Nothing was imported. Fix these lines and import the file again:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {errors.slice(0, MAX_LISTED_PROBLEMS).map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
          {errors.length > MAX_LISTED_PROBLEMS && (
            <p className="mt-1">
              And {errors.length - MAX_LISTED_PROBLEMS} more problem
              {errors.length - MAX_LISTED_PROBLEMS === 1 ? '' : 's'} in later lines.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
