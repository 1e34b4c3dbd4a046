import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError, isNotFound } from '../api/client.ts';
import { useCreateEnvironment, useDeleteEnvironment, useEnvironment } from '../api/hooks.ts';
import type { Environment } from '../api/types.ts';
import { EnvironmentMap } from '../components/map/environment-map.tsx';
import { LayoutProblems } from '../components/map/layout-problems.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { layoutVersionName } from '../components/ui/layout-version-notice.tsx';
import { environmentFile, environmentFileName, serializeEnvironmentFile } from '../editor/layout-file.ts';
import { downloadTextFile } from '../lib/download-text-file.ts';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { buttonDanger, buttonPrimary, buttonSecondary, card, linkText } from '../components/ui/styles.ts';

const DELETE_ENVIRONMENT_CONFIRMATION = 'Are you sure you want to delete this environment?';

function elementCounts(environment: Environment): ReadonlyArray<readonly [string, number]> {
  const elements = environment.elements;
  return [
    ['Shelves', elements?.shelves?.length ?? 0],
    ['Pickup Points', elements?.pickups?.length ?? 0],
    ['Dropoff Points', elements?.dropoffs?.length ?? 0],
    ['Robot Stations', elements?.robot_stations?.length ?? 0],
    ['Robots', elements?.robots?.length ?? 0],
  ];
}

function EnvironmentNotFound() {
  return (
    <section className={`${card} space-y-4 p-10 text-center`}>
      <h1 className="text-xl font-semibold text-slate-100">Environment not found</h1>
      <Link to="/environments" className={linkText}>
        Back to Environments
      </Link>
    </section>
  );
}

export default function EnvironmentDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const environment = useEnvironment(id);
  const deleteEnvironment = useDeleteEnvironment();
  const createEnvironment = useCreateEnvironment();
  const [showGraph, setShowGraph] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  if (environment.isPending) return <FullPageSpinner label="Loading environment" />;
  if (environment.isError) {
    // A malformed id (400) names no environment either.
    if (isNotFound(environment.error) || (isApiError(environment.error) && environment.error.status === 400)) {
      return <EnvironmentNotFound />;
    }
    return <Alert tone="error">Failed to load environment details. Please try again later.</Alert>;
  }
  const record = environment.data;
  if (!record) return <EnvironmentNotFound />;

  const onDelete = () => {
    if (!window.confirm(DELETE_ENVIRONMENT_CONFIRMATION)) return;
    setActionError(null);
    deleteEnvironment.mutate(record.id, {
      onSuccess: () => navigate('/environments'),
      onError: () => setActionError('Failed to delete environment.'),
    });
  };

  /** A new environment with this layout as its version 1, named as a copy. */
  const onDuplicate = () => {
    setActionError(null);
    const { dimensions, elements, graph } = record;
    createEnvironment.mutate(
      { name: `${record.name} (copy)`, description: record.description ?? '', dimensions, elements, graph },
      {
        onSuccess: (copy) => navigate(`/environments/${copy.id}`),
        onError: (error) =>
          setActionError(
            `Failed to duplicate environment${isApiError(error) && error.detail ? `: ${error.detail}` : '.'}`,
          ),
      },
    );
  };

  /** The editor's file (the POST body with its format marker, traffic rules included), which Import reads back. */
  const onExport = () => {
    const file = environmentFile({ name: record.name, description: record.description ?? '' }, record, record.graph);
    downloadTextFile(environmentFileName(record.name), serializeEnvironmentFile(file), 'application/json');
  };

  return (
    <section className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <Link to="/environments" className={`${linkText} text-sm`}>
            Back to Environments
          </Link>
          <h1 className="text-2xl font-bold text-slate-100">{record.name}</h1>
          <p className="text-sm text-slate-400">
            Dimensions: {record.dimensions.width} x {record.dimensions.height}
          </p>
          <p className="text-sm text-slate-400">{layoutVersionName(record.version)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/scenarios/create?environment_id=${record.id}`} className={buttonPrimary}>
            Create Scenario
          </Link>
          <Link to={`/environments/${record.id}/edit`} className={buttonSecondary}>
            Edit Layout
          </Link>
          <button
            type="button"
            className={buttonSecondary}
            onClick={onDuplicate}
            disabled={createEnvironment.isPending}
          >
            Duplicate
          </button>
          <button type="button" className={buttonSecondary} onClick={onExport}>
            Export
          </button>
          <button type="button" className={buttonDanger} onClick={onDelete} disabled={deleteEnvironment.isPending}>
            {deleteEnvironment.isPending ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </header>

      {actionError && <Alert tone="error">{actionError}</Alert>}

      {/* Checked on every read, so a layout stored before a rule existed says why its solves fail; warnings leave it usable. */}
      <LayoutProblems
        problems={record.problems}
        errorsIntro={(count) =>
          `This layout breaks ${count === 1 ? 'an editor rule' : `${count} editor rules`}: its solves fail until it is edited without ${count === 1 ? 'it' : 'them'}.`
        }
        warningsIntro={(count) =>
          `${count === 1 ? 'One place' : `${count} places`} cannot be reached on the floor: solves whose tasks need ${count === 1 ? 'it' : 'them'} fail, the others run.`
        }
      />

      <div className={`${card} space-y-4 p-5`}>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-400">Description</h2>
        <p className="text-slate-200">{record.description || 'No description provided'}</p>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5" aria-label="Element counts">
          {elementCounts(record).map(([label, count]) => (
            <div key={label} className="rounded-lg bg-slate-800/60 p-3">
              <dt className="text-xs text-slate-400">{label}</dt>
              <dd className="text-xl font-semibold text-slate-100">{count}</dd>
            </div>
          ))}
        </dl>
      </div>

      <div className={`${card} space-y-3 p-5`}>
        <div className="flex items-center justify-between gap-4">
          <h2 className="text-lg font-semibold text-slate-100">Layout</h2>
          <button type="button" className={buttonSecondary} onClick={() => setShowGraph((shown) => !shown)}>
            {showGraph ? 'Hide Graph' : 'Show Graph'}
          </button>
        </div>
        <EnvironmentMap environment={record} showGraph={showGraph} ariaLabel={`Map of ${record.name}`} />
      </div>
    </section>
  );
}
