import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import { ImportMapButton } from './import-map-button.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { buttonSecondary } from '../components/ui/styles.ts';
import { isMissingForSolving, type EnvironmentProblemsRecord } from '@fleetlab/warehouse';
import { LayoutProblems } from '../components/map/layout-problems.tsx';
import { MapLegend, trafficRulesOf } from '../components/map/map-legend.tsx';
import { downloadTextFile } from '../lib/download-text-file.ts';
import {
  dragDirection,
  dragOutcome,
  layoutCounts,
  type AisleDirectionChoice,
  type EditorAction,
  type EditorState,
} from './editor-state.ts';
import {
  actionForKey,
  actionTitle,
  EDITOR_ACTIONS,
  isTypingTarget,
  type EditorActionContext,
  type EditorActionDefinition,
  type EditorActionGroup,
} from './editor-actions.ts';
import { GridEditorCanvas } from './grid-editor-canvas.tsx';
import {
  environmentFile,
  environmentFileName,
  parseEnvironmentFile,
  parseGridMapFile,
  serializeEnvironmentFile,
  type ImportedEnvironment,
  type ImportResult,
} from './layout-file.ts';
import { ShelfTemplateDialog } from './shelf-template-dialog.tsx';
import { useElementSize } from '../map-drawing/use-element-size.ts';
import { useNavigationGraph } from './use-navigation-graph.ts';
import { formatZoomPercent, zoomViewAround, type ViewTransform } from '../map-drawing/view-transform.ts';
import { baseCellSize, EDITOR_DEFAULT_ZOOM, MIN_CELL_SIZE, zoomIn, zoomOut } from './view-transform.ts';
import { readFileText } from '../lib/read-file-text.ts';

export interface GridEditorProps {
  readonly state: EditorState;
  readonly dispatch: Dispatch<EditorAction>;
  /** Name and description written into exported files. */
  readonly name: string;
  readonly description: string;
  readonly onImported: (environment: ImportedEnvironment) => void;
  /** What the layout breaks (`checkEnvironmentRules`), shown under the status line as it is drawn. */
  readonly problems?: EnvironmentProblemsRecord;
}

/** The editor area before it has been measured (and in jsdom, which has no layout). */
const EDITOR_AREA_FALLBACK = { width: 960, height: 576 } as const;
/** Free space kept around a grid that does not fill the area. */
const GRID_PADDING = 16;

/**
 * The editor area's height: tall enough for the whole floor at the default zoom's least cell size
 * (a 40 x 30 pick zone's 30 rows need 782 px), at least 36rem, and at most the window less the top
 * bar and a margin, so a floor too tall for the window is panned or zoomed out instead.
 */
function editorAreaHeight(rows: number): string {
  return `min(max(36rem, ${rows * MIN_CELL_SIZE + 2 * GRID_PADDING}px), calc(100vh - 6rem))`;
}

const toolButtonClass = (active: boolean) =>
  `rounded-lg border px-3 py-1.5 text-sm font-medium transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 ${
    active
      ? 'border-indigo-400 bg-indigo-500/20 text-indigo-100'
      : 'border-slate-700 bg-slate-800 text-slate-200 hover:bg-slate-700'
  }`;
const smallButton = `${buttonSecondary} px-3 py-1.5`;

/** Top-left of the grid: centred when it fits the area, otherwise pinned to the padding. */
function restingView(
  dimensions: { width: number; height: number },
  cellSize: number,
  area: { width: number; height: number },
): ViewTransform {
  const gridWidth = dimensions.width * cellSize;
  const gridHeight = dimensions.height * cellSize;
  return {
    cellSize,
    offsetX: gridWidth + 2 * GRID_PADDING <= area.width ? (area.width - gridWidth) / 2 : GRID_PADDING,
    offsetY: gridHeight + 2 * GRID_PADDING <= area.height ? (area.height - gridHeight) / 2 : GRID_PADDING,
  };
}

export function GridEditor({ state, dispatch, name, description, onImported, problems }: GridEditorProps) {
  const { layout } = state.document;
  const { dimensions } = layout;
  const areaRef = useRef<HTMLDivElement>(null);
  const area = useElementSize(areaRef, EDITOR_AREA_FALLBACK);
  const base = baseCellSize(dimensions, area.width - 2 * GRID_PADDING, area.height - 2 * GRID_PADDING);

  const [zoom, setZoom] = useState(EDITOR_DEFAULT_ZOOM);
  // Null while the grid rests at its default place; a pan or an anchored zoom pins it.
  const [offset, setOffset] = useState<{ x: number; y: number } | null>(null);
  const [showGraph, setShowGraph] = useState(false);
  const [templateOpen, setTemplateOpen] = useState(false);
  const [importErrors, setImportErrors] = useState<{ fileName: string; errors: string[] } | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  const view = useMemo<ViewTransform>(() => {
    const cellSize = base * zoom;
    return offset ? { cellSize, offsetX: offset.x, offsetY: offset.y } : restingView(dimensions, cellSize, area);
  }, [base, zoom, offset, dimensions, area]);

  // Another grid size gets a fresh view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: another grid size resets the view
  useEffect(() => {
    setOffset(null);
  }, [dimensions.width, dimensions.height]);

  const zoomTo = useCallback(
    (nextZoom: number, anchor?: { x: number; y: number }) => {
      if (nextZoom === zoom) return;
      const next = zoomViewAround(view, base * nextZoom, anchor?.x ?? area.width / 2, anchor?.y ?? area.height / 2);
      setZoom(nextZoom);
      setOffset({ x: next.offsetX, y: next.offsetY });
    },
    [zoom, view, base, area.width, area.height],
  );
  const resetZoom = useCallback(() => {
    setZoom(EDITOR_DEFAULT_ZOOM);
    setOffset(null);
  }, []);
  // Functional update: several pointer moves may arrive before the next render.
  const onPan = useCallback(
    (dx: number, dy: number) =>
      setOffset((current) => {
        const from = current ?? { x: view.offsetX, y: view.offsetY };
        return { x: from.x + dx, y: from.y + dy };
      }),
    [view.offsetX, view.offsetY],
  );
  const onWheelZoom = useCallback(
    (direction: 1 | -1, anchorX: number, anchorY: number) =>
      zoomTo(direction > 0 ? zoomIn(zoom) : zoomOut(zoom), { x: anchorX, y: anchorY }),
    [zoomTo, zoom],
  );

  // The graph is only built while shown (the save payload builds its own), off the main thread.
  const graph = useNavigationGraph(layout.elements, showGraph);

  // The keyboard reads the actions of the latest render: a listener added once sees them through this.
  const actionContextRef = useRef<EditorActionContext | null>(null);
  useEffect(() => {
    if (templateOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const context = actionContextRef.current;
      if (!context || event.defaultPrevented || isTypingTarget(event.target)) return;
      const action = actionForKey(event, context);
      if (!action) return;
      event.preventDefault();
      action.perform(context);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [templateOpen]);

  const onExport = () => {
    const file = environmentFile({ name, description }, layout);
    downloadTextFile(environmentFileName(name), serializeEnvironmentFile(file), 'application/json');
  };

  const importFile = async (file: File, parse: (fileName: string, text: string) => ImportResult) => {
    let text: string;
    try {
      text = await readFileText(file);
    } catch {
      setImportErrors({ fileName: file.name, errors: ['The file could not be read'] });
      return;
    }
    const result = parse(file.name, text);
    if (!result.ok) {
      setImportErrors({ fileName: file.name, errors: result.errors });
      return;
    }
    setImportErrors(null);
    dispatch({
      type: 'importLayout',
      layout: result.environment.layout,
      robotsPerStation: result.environment.robotsPerStation ?? state.document.robotsPerStation,
    });
    onImported(result.environment);
  };

  const actionContext: EditorActionContext = {
    state,
    dispatch,
    zoomIn: () => zoomTo(zoomIn(zoom)),
    zoomOut: () => zoomTo(zoomOut(zoom)),
    resetZoom,
    showGraph,
    toggleGraph: () => setShowGraph((shown) => !shown),
    openTemplate: () => setTemplateOpen(true),
    exportFile: onExport,
    importFile: () => fileInputRef.current?.click(),
  };
  actionContextRef.current = actionContext;
  const actionsOf = (group: EditorActionGroup) => EDITOR_ACTIONS.filter((action) => action.group === group);
  const actionButtons = (group: EditorActionGroup) =>
    actionsOf(group).map((action) => <ActionButton key={action.name} action={action} context={actionContext} />);

  const counts = layoutCounts(layout);
  const outcome = dragOutcome(state);
  const liveRefusal = outcome?.refusal ?? null;
  const notice = liveRefusal ? { tone: 'error' as const, text: liveRefusal } : state.notice;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Editor tools">
        {actionsOf('tool').map((action) => (
          <button
            key={action.name}
            type="button"
            className={toolButtonClass(action.pressedWhen?.(actionContext) ?? false)}
            aria-pressed={action.pressedWhen?.(actionContext) ?? false}
            aria-keyshortcuts={action.shortcut?.aria}
            aria-label={action.label(actionContext)}
            title={actionTitle(action, actionContext)}
            onClick={() => action.perform(actionContext)}
          >
            {action.label(actionContext)}
            <kbd
              aria-hidden="true"
              className="ml-2 rounded border border-slate-600 px-1 font-mono text-xs text-slate-400"
            >
              {action.shortcut?.text}
            </kbd>
          </button>
        ))}
      </div>

      {state.tool === 'one_way_aisle' && <AisleDirectionPicker state={state} dispatch={dispatch} />}

      <div className="flex flex-wrap items-center gap-2">
        {actionButtons('history')}
        <span className="mx-1 h-6 w-px bg-slate-700" aria-hidden="true" />
        {actionButtons('zoom').slice(0, 1)}
        <span
          className="min-w-14 text-center text-sm tabular-nums text-slate-200"
          role="status"
          aria-label="Zoom level"
        >
          {formatZoomPercent(zoom)}
        </span>
        {actionButtons('zoom').slice(1)}
        <span className="mx-1 h-6 w-px bg-slate-700" aria-hidden="true" />
        {actionButtons('layout')}
        {actionButtons('file')}
        <input
          ref={fileInputRef}
          type="file"
          accept=".json,application/json"
          className="hidden"
          aria-label="Import environment file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file, (_name, text) => parseEnvironmentFile(text));
          }}
        />
        <ImportMapButton className={smallButton} onFile={(file) => void importFile(file, parseGridMapFile)} />
      </div>

      {importErrors && (
        <Alert tone="error">
          <p className="font-semibold">Could not import {importErrors.fileName}:</p>
          <ul className="mt-1 list-disc pl-5">
            {importErrors.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Alert>
      )}

      <div className="flex flex-wrap items-start justify-between gap-3 text-sm">
        <p role="status" aria-label="Layout counts" className="text-slate-300">
          Shelves: {counts.shelves} · Dropoffs: {counts.dropoffs} · Robot Stations: {counts.robotStations} · Robots:{' '}
          {counts.robots} · Pickup Points: {counts.selectedPickups} of {counts.pickupCandidates} selected · Navigation
          Points: {counts.navigationPoints}
          {counts.oneWayAisles + counts.keepClearCells > 0
            ? ` · One-Way Aisles: ${counts.oneWayAisles} · Keep-Clear Cells: ${counts.keepClearCells}`
            : ''}
          {graph ? ` · Graph: ${graph.nodes.length} nodes, ${graph.edges.length / 2} edges` : ''}
        </p>
        <p
          role="status"
          aria-label="Editor status"
          className={notice?.tone === 'error' ? 'font-medium text-red-300' : 'text-slate-400'}
        >
          {notice ? notice.text : `Grid ${dimensions.width} x ${dimensions.height}`}
        </p>
      </div>
      <LayoutProblems
        problems={
          problems && { ...problems, errors: problems.errors.filter((problem) => !isMissingForSolving(problem)) }
        }
        errorsIntro={(count) => `Fix before saving: the layout breaks ${count === 1 ? 'a rule' : `${count} rules`}.`}
        warningsIntro={(count) =>
          `${count === 1 ? 'One place' : `${count} places`} cannot be reached on the floor: solves whose tasks need ${count === 1 ? 'it' : 'them'} will fail.`
        }
      />
      <LayoutNeeds problems={problems} />
      <div
        ref={areaRef}
        style={{ height: editorAreaHeight(dimensions.height) }}
        className="w-full overflow-hidden rounded-lg border border-slate-800 bg-slate-950"
      >
        <GridEditorCanvas
          state={state}
          dispatch={dispatch}
          view={view}
          onPan={onPan}
          onWheelZoom={onWheelZoom}
          width={area.width}
          height={area.height}
          showGraph={showGraph}
          graph={graph}
        />
      </div>

      <MapLegend trafficRules={trafficRulesOf(layout.elements)} />

      {templateOpen && (
        <ShelfTemplateDialog
          dimensions={dimensions}
          onClose={() => setTemplateOpen(false)}
          onApply={(template) => {
            dispatch({ type: 'applyShelfRows', template });
            setTemplateOpen(false);
          }}
        />
      )}
    </div>
  );
}

const AISLE_DIRECTION_CHOICES: readonly {
  readonly choice: AisleDirectionChoice;
  readonly label: string;
  readonly symbol: string;
}[] = [
  { choice: 'auto', label: 'From the drag', symbol: 'Drag' },
  { choice: 'left', label: 'Left', symbol: '←' },
  { choice: 'up', label: 'Up', symbol: '↑' },
  { choice: 'right', label: 'Right', symbol: '→' },
  { choice: 'down', label: 'Down', symbol: '↓' },
];

/**
 * The one-way aisle tool's direction: from the drag (its longer axis, the way it was dragged) or
 * fixed; during a drag the arrow keys turn the aisle being drawn.
 */
function AisleDirectionPicker({
  state,
  dispatch,
}: {
  readonly state: EditorState;
  readonly dispatch: Dispatch<EditorAction>;
}) {
  const drawing = state.drag ? dragDirection(state.drag, state.aisleDirection) : null;
  return (
    <div
      className="flex flex-wrap items-center gap-2 text-sm text-slate-300"
      role="group"
      aria-label="One-way direction"
    >
      <span>Direction:</span>
      {AISLE_DIRECTION_CHOICES.map(({ choice, label, symbol }) => (
        <button
          key={choice}
          type="button"
          className={toolButtonClass(state.aisleDirection === choice)}
          aria-pressed={state.aisleDirection === choice}
          aria-label={label}
          title={label}
          onClick={() => dispatch({ type: 'setAisleDirection', direction: choice })}
        >
          {symbol}
        </button>
      ))}
      <span className="text-xs text-slate-400">
        {drawing
          ? `Drawing an aisle running ${drawing}; the arrow keys turn it.`
          : 'Drag along a run of cells; the arrow keys turn it while you drag.'}
      </span>
    </div>
  );
}

/**
 * What the layout still lacks before it can be saved (a pickup, a dropoff, a station, a dropoff
 * some robot reaches): shown while it is drawn, as a to-do rather than an error.
 */
function LayoutNeeds({ problems }: { readonly problems: EnvironmentProblemsRecord | undefined }) {
  const missing = problems?.errors.filter(isMissingForSolving) ?? [];
  if (missing.length === 0) return null;
  return (
    <section aria-label="Layout needs">
      <Alert tone="info">
        <p className="font-semibold">Before it can be saved, the layout needs:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {missing.map((problem) => (
            <li key={problem.path}>{problem.message}</li>
          ))}
        </ul>
      </Alert>
    </section>
  );
}

/** A button of the row below the tools, all of it read from the action: text, name, tooltip, key, disabled state. */
function ActionButton({
  action,
  context,
}: {
  readonly action: EditorActionDefinition;
  readonly context: EditorActionContext;
}) {
  return (
    <button
      type="button"
      className={smallButton}
      onClick={() => action.perform(context)}
      disabled={action.disabledWhen?.(context) ?? false}
      aria-label={action.ariaLabel}
      aria-keyshortcuts={action.shortcut?.aria}
      title={actionTitle(action, context)}
    >
      {action.label(context)}
    </button>
  );
}
