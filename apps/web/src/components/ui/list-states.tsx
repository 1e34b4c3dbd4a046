import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { FullPageSpinner } from './spinner.tsx';

/** What the states are read from: one query's result, or several folded into one. */
export interface ListQueryState<Data> {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly data: Data | undefined;
}

interface ListStatesProps<Data> {
  readonly query: ListQueryState<Data>;
  /** The spinner's accessible name, e.g. 'Loading solves'. */
  readonly loadingLabel: string;
  /** The page's own failure text (spec §8). */
  readonly errorText: string;
  /** Classes of a box around the error, where the list sits inside a card. */
  readonly errorClassName?: string;
  /** Shown instead of `children` when the data is an empty list. */
  readonly empty?: ReactNode;
  /** The loaded data: the list's table or cards. */
  readonly children: (data: Data) => ReactNode;
}

/**
 * The four states of a list page, in the order a failure outranks the rest: the error text,
 * the spinner while anything loads, the empty state, then the list itself.
 */
export function ListStates<Data>({
  query,
  loadingLabel,
  errorText,
  errorClassName,
  empty,
  children,
}: ListStatesProps<Data>) {
  if (query.isError) {
    const alert = <Alert tone="error">{errorText}</Alert>;
    return errorClassName ? <div className={errorClassName}>{alert}</div> : alert;
  }
  if (query.isPending || query.data === undefined) return <FullPageSpinner label={loadingLabel} />;
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
