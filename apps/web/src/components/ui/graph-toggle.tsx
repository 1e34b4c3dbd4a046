import { buttonSecondary } from './styles.ts';

/** The Show Graph / Hide Graph switch above read-only maps (spec §2). */
export function GraphToggle({ showGraph, onToggle }: { showGraph: boolean; onToggle: () => void }) {
  return (
    <button type="button" aria-pressed={showGraph} className={`${buttonSecondary} px-3 py-1.5`} onClick={onToggle}>
      {showGraph ? 'Hide Graph' : 'Show Graph'}
    </button>
  );
}
