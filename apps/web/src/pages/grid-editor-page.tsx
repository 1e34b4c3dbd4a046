import {
  checkEnvironmentRules,
  isMissingForSolving,
  SOLVE_PARAMETER_RANGES,
  withDimensions,
  type Dimensions,
  type EnvironmentProblem,
} from '@fleetlab/warehouse';
import { useEffect, useMemo, useReducer, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCreateEnvironment } from '../api/hooks.ts';
import type { NewEnvironment } from '../api/types.ts';
import { Alert } from '../components/ui/alert.tsx';
import { TextAreaField, TextField } from '../components/ui/form-field.tsx';
import { buttonPrimary, card, linkText } from '../components/ui/styles.ts';
import {
  GRID_SIZE_MAX,
  GRID_SIZE_MIN,
  gridSizeFromInput,
  isWholeNumberInRange,
  ROBOTS_PER_STATION_MAX,
  ROBOTS_PER_STATION_MIN,
  robotsPerStationFromInput,
  chargersPerStationFromInput,
} from '../editor/editor-form-rules.ts';
import { editorReducer, initialEditorState, type EditorState } from '../editor/editor-state.ts';
import { GridEditor } from '../editor/grid-editor.tsx';
import { environmentBody, parseGridMapFile, type ImportedEnvironment } from '../editor/layout-file.ts';

const CREATE_ENVIRONMENT_FAILED = 'Failed to create environment. Please try again.';
const NAME_REQUIRED = 'Name is required';

/** Why the save stored nothing: what is drawn against the rules first, then what is missing. */
function saveBlockedText(errors: readonly EnvironmentProblem[], action: string): string {
  return errors.every(isMissingForSolving)
    ? `The layout is not finished: add what it needs, listed above the grid, then ${action}.`
    : `The layout breaks the rules listed above the grid: fix them, then ${action}.`;
}

/** True when resizing to these dimensions keeps every shelf, dropoff and station. */
function resizeKeepsElements(state: EditorState, dimensions: Dimensions): boolean {
  const { elements } = state.document.layout;
  const resized = withDimensions(state.document.layout, dimensions).elements;
  return (
    resized.shelves.length === elements.shelves.length &&
    resized.dropoffs.length === elements.dropoffs.length &&
    resized.robot_stations.length === elements.robot_stations.length
  );
}

interface NumberFieldProps {
  readonly label: string;
  /** null shows an empty field (only with `blankMeans`). */
  readonly value: number | null;
  readonly min: number;
  readonly max: number;
  /** What an empty field stands for, when it may be left empty: `one per robot`. */
  readonly blankMeans?: string;
  /** Applies typed text; `final` is set on blur/Enter, when corrections (fallback, clamping) apply. */
  readonly onCommit: (text: string, final: boolean) => void;
}

/**
 * A number input that keeps the typed text while editing. Text is applied as soon as it is a
 * whole number in range, and corrected on blur or Enter (spec: non-numeric falls back).
 */
function NumberField({ label, value, min, max, blankMeans, onCommit }: NumberFieldProps) {
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  useEffect(() => {
    setText(shown);
  }, [shown]);
  const finish = () => {
    onCommit(text, true);
  };
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={text}
      placeholder={blankMeans}
      hint={blankMeans ? `${min} to ${max}; empty: ${blankMeans}` : `${min} to ${max}`}
      onChange={(event) => {
        setText(event.target.value);
        const blanked = blankMeans !== undefined && event.target.value.trim() === '';
        if (blanked || isWholeNumberInRange(event.target.value, min, max)) onCommit(event.target.value, false);
      }}
      onBlur={() => {
        finish();
        setText(shown);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') {
          // Enter applies the field instead of submitting the whole form.
          event.preventDefault();
          finish();
        }
      }}
    />
  );
}

/** What the environments page hands the editor: a grid map to open (Import map there). */
export interface GridEditorLocationState {
  readonly mapFile?: { readonly name: string; readonly text: string };
}

/** The map handed over by the environments page, opened as the editor's first layout (null without one, or if it no longer reads). */
function handedMap(state: unknown): ImportedEnvironment | null {
  const mapFile = (state as GridEditorLocationState | null)?.mapFile;
  if (!mapFile) return null;
  const result = parseGridMapFile(mapFile.name, mapFile.text);
  return result.ok ? result.environment : null;
}

/** The editor's first state for a handed map: the map imported as the editor's Import would, saying so. */
function stateOfHandedMap(handed: ImportedEnvironment): EditorState {
  const initial = initialEditorState();
  const { robotsPerStation } = initial.document;
  return editorReducer(initial, { type: 'importLayout', layout: handed.layout, robotsPerStation });
}

export interface EnvironmentEditorFormProps {
  /** The editor to start from (a saved environment opened for editing, a handed map); an empty grid without it. */
  readonly initialState?: EditorState;
  readonly initialName?: string;
  readonly initialDescription?: string;
  /** The form's accessible name: `Create environment`, `Edit environment`. */
  readonly formLabel: string;
  readonly saveLabel: string;
  readonly savingLabel: string;
  /** What the save button does, as the refusal names it: `create the environment`. */
  readonly saveAction: string;
  readonly saving: boolean;
  /** Stores the body (POST or PUT); a rejection shows `failureText(error)`. */
  readonly onSave: (body: NewEnvironment) => Promise<void>;
  readonly failureText: (error: unknown) => string;
}

/**
 * The environment form of the grid editor (name, description, size, robots and chargers per
 * station, the editor) and its save: refused on the client, naming the reason, when the layout breaks a rule
 * or lacks what a solve needs, as the server would refuse it.
 */
export function EnvironmentEditorForm({
  initialState,
  initialName = '',
  initialDescription = '',
  formLabel,
  saveLabel,
  savingLabel,
  saveAction,
  saving,
  onSave,
  failureText,
}: EnvironmentEditorFormProps) {
  const [state, dispatch] = useReducer(editorReducer, initialState, (given) => given ?? initialEditorState());
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription);
  const [nameError, setNameError] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saveBlocked, setSaveBlocked] = useState(false);
  const { layout } = state.document;
  const { dimensions } = layout;
  // The rules the server holds the layout to, checked as it is drawn: errors stop the save.
  const problems = useMemo(() => checkEnvironmentRules(layout), [layout]);
  useEffect(() => {
    if (problems.errors.length === 0) setSaveBlocked(false);
  }, [problems]);

  // Drawn grids are 5 to 50 cells a side; an imported map larger than that keeps its size (the
  // field may crop it, and leaving the field as it is changes nothing).
  const sideMax = (axis: 'width' | 'height') => Math.max(GRID_SIZE_MAX, dimensions[axis]);
  const commitDimension = (axis: 'width' | 'height') => (text: string, final: boolean) => {
    const size = gridSizeFromInput(text, sideMax(axis));
    const next = { ...dimensions, [axis]: size };
    if (size === dimensions[axis]) return;
    // While typing ("2" on the way to "25") never drop elements; on blur the value is final.
    if (!final && !resizeKeepsElements(state, next)) return;
    dispatch({ type: 'setDimensions', dimensions: next });
  };

  const commitRobotsPerStation = (text: string) => {
    dispatch({ type: 'setRobotsPerStation', count: robotsPerStationFromInput(text) });
  };

  const commitChargersPerStation = (text: string) => {
    dispatch({ type: 'setChargersPerStation', count: chargersPerStationFromInput(text) });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(NAME_REQUIRED);
      return;
    }
    setNameError(undefined);
    setSaveError(null);
    if (problems.errors.length > 0) {
      setSaveBlocked(true);
      return;
    }
    onSave(environmentBody({ name, description }, layout)).catch((error: unknown) => setSaveError(failureText(error)));
  };

  return (
    <form className="space-y-6" onSubmit={onSubmit} noValidate aria-label={formLabel}>
      <div className={`${card} grid gap-4 p-5 md:grid-cols-2`}>
        <TextField
          label="Name"
          required
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            if (event.target.value.trim() !== '') setNameError(undefined);
          }}
        />
        <TextAreaField
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <div className="grid grid-cols-2 gap-4 md:col-span-2 md:grid-cols-4">
          <NumberField
            label="Width"
            value={dimensions.width}
            min={GRID_SIZE_MIN}
            max={sideMax('width')}
            onCommit={commitDimension('width')}
          />
          <NumberField
            label="Height"
            value={dimensions.height}
            min={GRID_SIZE_MIN}
            max={sideMax('height')}
            onCommit={commitDimension('height')}
          />
          <NumberField
            label="Robots per station"
            value={state.document.robotsPerStation}
            min={ROBOTS_PER_STATION_MIN}
            max={ROBOTS_PER_STATION_MAX}
            onCommit={commitRobotsPerStation}
          />
          <NumberField
            label="Chargers per station"
            value={state.document.chargersPerStation}
            min={SOLVE_PARAMETER_RANGES.chargers.min}
            max={SOLVE_PARAMETER_RANGES.chargers.max}
            blankMeans="one per robot"
            onCommit={commitChargersPerStation}
          />
        </div>
      </div>

      <div className={`${card} p-5`}>
        <GridEditor
          state={state}
          dispatch={dispatch}
          name={name}
          description={description}
          problems={problems}
          onImported={(imported) => {
            if (imported.name !== null) {
              setName(imported.name);
              setNameError(undefined);
            }
            if (imported.description !== null) setDescription(imported.description);
          }}
        />
      </div>

      {saveError && <Alert tone="error">{saveError}</Alert>}
      {saveBlocked && <Alert tone="error">{saveBlockedText(problems.errors, saveAction)}</Alert>}

      <div className="flex justify-end">
        <button type="submit" className={buttonPrimary} disabled={saving}>
          {saving ? savingLabel : saveLabel}
        </button>
      </div>
    </form>
  );
}

export default function GridEditorPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const createEnvironment = useCreateEnvironment();
  const [handed] = useState(() => handedMap(location.state));
  return (
    <section className="space-y-6">
      <header className="space-y-1">
        <Link to="/environments" className={`${linkText} text-sm`}>
          Back to Environments
        </Link>
        <h1 className="text-2xl font-bold text-slate-100">Grid Editor</h1>
        <p className="text-sm text-slate-400">
          Draw shelves, dropoff points and robot stations, then choose the pickup points robots may use.
        </p>
      </header>
      <EnvironmentEditorForm
        initialState={handed ? stateOfHandedMap(handed) : undefined}
        initialName={handed?.name ?? ''}
        initialDescription={handed?.description ?? ''}
        formLabel="Create environment"
        saveLabel="Create Environment"
        savingLabel="Creating…"
        saveAction="create the environment"
        saving={createEnvironment.isPending}
        onSave={async (body) => {
          const created = await createEnvironment.mutateAsync(body);
          await navigate(`/environments/${created.id}`);
        }}
        failureText={() => CREATE_ENVIRONMENT_FAILED}
      />
    </section>
  );
}
