import type { EnvironmentProblemsRecord } from '@fleetlab/warehouse';
import { useState } from 'react';
import { Alert } from '../ui/alert.tsx';

/** Problems listed before "Show all": a floor cut in two can name hundreds of places. */
const SHOWN_AT_FIRST = 5;

export interface LayoutProblemsProps {
  readonly problems: EnvironmentProblemsRecord | null | undefined;
  /** The first line over the errors, given their count: what they stop. */
  readonly errorsIntro: (count: number) => string;
  /** The first line over the warnings, given their count. */
  readonly warningsIntro: (count: number) => string;
}

/**
 * What a layout breaks (`checkEnvironmentRules`): errors, which stop its solves or its saving,
 * and warnings (places no walk reaches), each naming its element. Nothing when it breaks nothing.
 */
export function LayoutProblems({ problems, errorsIntro, warningsIntro }: LayoutProblemsProps) {
  const errors = problems?.errors ?? [];
  const warnings = problems?.warnings ?? [];
  if (errors.length === 0 && warnings.length === 0) return null;
  return (
    <section className="space-y-3" aria-label="Layout problems">
      {errors.length > 0 && (
        <Alert tone="error">
          <p className="font-semibold">{errorsIntro(errors.length)}</p>
          <ProblemList messages={errors.map((problem) => problem.message)} />
        </Alert>
      )}
      {warnings.length > 0 && (
        <Alert tone="info">
          <p className="font-semibold">{warningsIntro(warnings.length)}</p>
          <ProblemList messages={warnings.map((problem) => problem.message)} />
        </Alert>
      )}
    </section>
  );
}

function ProblemList({ messages }: { readonly messages: readonly string[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? messages : messages.slice(0, SHOWN_AT_FIRST);
  return (
    <>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {shown.map((message, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same message may repeat; the list is never reordered
          <li key={`${index}-${message}`}>{message}</li>
        ))}
      </ul>
      {messages.length > SHOWN_AT_FIRST && (
        <button
          type="button"
          className="mt-2 text-xs font-medium underline underline-offset-2"
          onClick={() => setAll((shownAll) => !shownAll)}
        >
          {all ? 'Show fewer' : `Show all ${messages.length}`}
        </button>
      )}
    </>
  );
}
