import type { EnvironmentVersionFields } from '@fleetlab/warehouse';
import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';

/** `Layout version 2`, the words every page uses for one version of an environment's layout. */
export const layoutVersionName = (version: number) => `Layout version ${version}`;

/** The name of a record run again on version `version`: `Morning (layout version 2)`. */
export const nameOnVersion = (name: string, version: number) => `${name} (${layoutVersionName(version).toLowerCase()})`;

/**
 * What a solve, scenario or experiment page says once the environment's layout was edited after
 * the record was made: which version the page shows (the one the record ran on) and that a newer
 * one exists, with `action` (re-run on the newest) beside it. Nothing while the record's layout
 * is the newest.
 */
export function LayoutVersionNotice({
  record,
  subject,
  action,
}: {
  record: EnvironmentVersionFields;
  /** What the record is, as the sentence names it: `This solve`. */
  subject: string;
  action?: ReactNode;
}) {
  const { environment_version: version, environment_latest_version: latest } = record;
  if (latest <= version) return null;
  return (
    <Alert tone="info">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          {subject} was made on {layoutVersionName(version).toLowerCase()}, shown here. The layout has been edited
          since: version {latest} is the newest.
        </p>
        {action}
      </div>
    </Alert>
  );
}
