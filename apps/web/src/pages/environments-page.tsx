import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../api/client.ts';
import { useCreateEnvironment, useEnvironments } from '../api/hooks.ts';
import type { EnvironmentSummary } from '../api/types.ts';
import { LorrProblemImport } from '../components/environments/lorr-problem-import.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { FilePickerButton } from '../components/ui/file-picker-button.tsx';
import { ListStates } from '../components/ui/list-states.tsx';
import { buttonPrimary, buttonSecondary, card, linkText } from '../components/ui/styles.ts';
import { ImportMapButton } from '../editor/import-map-button.tsx';
import { environmentBody, parseEnvironmentFile, parseGridMapFile } from '../editor/layout-file.ts';
import { readFileText } from '../lib/read-file-text.ts';
import type { GridEditorLocationState } from './grid-editor-page.tsx';

/** A refused import: the file and every problem found, named by field or element. */
interface ImportRefusal {
  readonly fileName: string;
  readonly problems: readonly string[];
}

/**
 * Import File: reads an environment file (the editor's format, as Export writes it), checks it as
 * the editor's import does, then stores it as a new environment and opens it. A bad file is
 * refused with its problems named and nothing stored; so is one the server refuses.
 */
function ImportEnvironmentButton() {
  const navigate = useNavigate();
  const createEnvironment = useCreateEnvironment();
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);

  const onFile = async (file: File) => {
    setRefusal(null);
    const refuse = (problems: readonly string[]) => setRefusal({ fileName: file.name, problems });
    let text: string;
    try {
      text = await readFileText(file);
    } catch {
      return refuse(['The file could not be read']);
    }
    const parsed = parseEnvironmentFile(text);
    if (!parsed.ok) return refuse(parsed.errors);
    const { environment } = parsed;
    const name = environment.name ?? file.name.replace(/\.json$/i, '');
    try {
      const created = await createEnvironment.mutateAsync(
        environmentBody({ name, description: environment.description ?? '' }, environment.layout),
      );
      await navigate(`/environments/${created.id}`);
    } catch (error) {
      refuse([(isApiError(error) && error.detail) || 'Failed to create environment. Please try again.']);
    }
  };

  return (
    <>
      <FilePickerButton
        label="Import File"
        inputLabel="Import environment file"
        accept=".json,application/json"
        className={buttonSecondary}
        disabled={createEnvironment.isPending}
        onFile={(file) => void onFile(file)}
      />
      {refusal && (
        <div className="basis-full">
          <Alert tone="error">
            <p className="font-semibold">Could not import {refusal.fileName}; nothing was stored:</p>
            <ul className="mt-1 list-disc pl-5">
              {refusal.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Alert>
        </div>
      )}
    </>
  );
}

function EnvironmentCard({ environment }: { environment: EnvironmentSummary }) {
  const shelves = environment.elements?.shelves?.length ?? 0;
  const dropoffs = environment.elements?.dropoffs?.length ?? 0;
  return (
    <li className={`${card} flex flex-col gap-3 p-5`} aria-label={environment.name}>
      <h2 className="text-lg font-semibold text-slate-100">{environment.name}</h2>
      <p className="text-sm text-slate-400">{environment.description || 'No description provided'}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-400">Dimensions</dt>
        <dd className="text-slate-200">
          {environment.dimensions.width} x {environment.dimensions.height}
        </dd>
        <dt className="text-slate-400">Shelves</dt>
        <dd className="text-slate-200">{shelves}</dd>
        <dt className="text-slate-400">Drop-offs</dt>
        <dd className="text-slate-200">{dropoffs}</dd>
      </dl>
      <Link to={`/environments/${environment.id}`} className={`${linkText} mt-auto self-start text-sm`}>
        View Details
      </Link>
    </li>
  );
}

export default function EnvironmentsPage() {
  const environments = useEnvironments();
  const navigate = useNavigate();
  const [mapErrors, setMapErrors] = useState<{ fileName: string; errors: string[] } | null>(null);

  // A grid map opens in the editor, where the planner places pickups, dropoffs and stations and
  // saves; a malformed one is refused here, naming the line, and nothing opens.
  const onMapFile = async (file: File) => {
    const text = await readFileText(file).catch(() => null);
    const result = text === null ? null : parseGridMapFile(file.name, text);
    if (text === null || !result?.ok) {
      setMapErrors({
        fileName: file.name,
        errors: result && !result.ok ? result.errors : ['The file could not be read'],
      });
      return;
    }
    const state: GridEditorLocationState = { mapFile: { name: file.name, text } };
    await navigate('/environments/grid-editor', { state });
  };

  return (
    <section className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-100">Environments</h1>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <ImportEnvironmentButton />
          <ImportMapButton className={buttonSecondary} onFile={(file) => void onMapFile(file)} />
          <LorrProblemImport />
          <Link to="/environments/grid-editor" className={buttonPrimary}>
            Grid Editor
          </Link>
        </div>
      </header>

      {mapErrors && (
        <Alert tone="error">
          <p className="font-semibold">Could not import {mapErrors.fileName}:</p>
          <ul className="mt-1 list-disc pl-5">
            {mapErrors.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Alert>
      )}

      <ListStates
        query={environments}
        loadingLabel="Loading environments"
        errorText="Failed to load environments. Please try again later."
        empty={
          <div className={`${card} p-10 text-center`}>
            <h2 className="text-lg font-semibold text-slate-100">No environments yet</h2>
            <p className="mt-2 text-sm text-slate-400">Create your first warehouse environment to get started.</p>
          </div>
        }
      >
        {(environmentList) => (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Environments">
            {environmentList.map((environment) => (
              <EnvironmentCard key={environment.id} environment={environment} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}
