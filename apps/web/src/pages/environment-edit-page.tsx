import { Link, useNavigate, useParams } from 'react-router';
import { isApiError, isNotFound } from '../api/client.ts';
import { useEnvironment, useUpdateEnvironment } from '../api/hooks.ts';
import { Alert } from '../components/ui/alert.tsx';
import { layoutVersionName } from '../components/ui/layout-version-notice.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { linkText } from '../components/ui/styles.ts';
import { initialEditorState } from '../editor/editor-state.ts';
import { editorDocumentOf } from '../editor/layout-file.ts';
import { EnvironmentEditorForm } from './grid-editor-page.tsx';

/** The server's reason for a refused save (a 400 names the element and the rule), else a fallback. */
function saveFailureText(error: unknown): string {
  const reason = isApiError(error) ? error.detail : undefined;
  return `Failed to save the new version${reason ? `: ${reason}` : '. Please try again.'}`;
}

/**
 * A saved environment opened in the grid editor (`/environments/{id}/edit`). Saving makes its
 * next version (PUT); the solves, scenarios and experiments made on earlier versions keep theirs.
 */
export default function EnvironmentEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const environment = useEnvironment(id);
  const updateEnvironment = useUpdateEnvironment();

  if (environment.isPending) return <FullPageSpinner label="Loading environment" />;
  if (environment.isError) {
    return (
      <Alert tone="error">
        {isNotFound(environment.error)
          ? 'Environment not found'
          : 'Failed to load environment details. Please try again later.'}
      </Alert>
    );
  }
  const record = environment.data;
  return (
    <section className="space-y-6">
      <header className="space-y-1">
        <Link to={`/environments/${record.id}`} className={`${linkText} text-sm`}>
          Back to {record.name}
        </Link>
        <h1 className="text-2xl font-bold text-slate-100">Edit {record.name}</h1>
        <p className="text-sm text-slate-400">
          Editing {layoutVersionName(record.version).toLowerCase()}. Saving makes version {record.version + 1}; solves,
          scenarios and experiments made on earlier versions keep the layout they ran on.
        </p>
      </header>
      <EnvironmentEditorForm
        initialState={initialEditorState(editorDocumentOf(record))}
        initialName={record.name}
        initialDescription={record.description ?? ''}
        formLabel="Edit environment"
        saveLabel={`Save as version ${record.version + 1}`}
        savingLabel="Saving…"
        saveAction="save the new version"
        saving={updateEnvironment.isPending}
        onSave={async (body) => {
          await updateEnvironment.mutateAsync({ id: record.id, environment: body });
          await navigate(`/environments/${record.id}`);
        }}
        failureText={saveFailureText}
      />
    </section>
  );
}
