import type { Dispatch } from 'react';
import type { TrafficDirection } from '@fleetlab/warehouse';
import { isLayoutEmpty, layoutCounts, type EditorAction, type EditorState, type EditorTool } from './editor-state.ts';

/**
 * What an editor action acts on: the document's state and dispatch, and the widget's own view
 * state (zoom, graph, dialogs, files), which the grid editor hands in on each render.
 */
export interface EditorActionContext {
  readonly state: EditorState;
  readonly dispatch: Dispatch<EditorAction>;
  readonly zoomIn: () => void;
  readonly zoomOut: () => void;
  readonly resetZoom: () => void;
  readonly showGraph: boolean;
  readonly toggleGraph: () => void;
  readonly openTemplate: () => void;
  readonly exportFile: () => void;
  readonly importFile: () => void;
}

/** One key combination: `key` as KeyboardEvent.key reports it, lower-cased for letters. */
interface KeyCombination {
  readonly key: string;
  /** Ctrl, or Cmd on macOS. Plain keys match only without it (and without Alt). */
  readonly command?: boolean;
  /** Checked with `command` only: a plain `+` needs Shift on most keyboards. */
  readonly shift?: boolean;
}

export interface EditorShortcut {
  /** As buttons show it: `S`, `Ctrl+Z`. */
  readonly text: string;
  /** As `aria-keyshortcuts` names it: `S`, `Control+Z`. */
  readonly aria: string;
  readonly keys: readonly KeyCombination[];
}

/** Where a toolbar shows an action: the tools row, or a group of the row below. */
export type EditorActionGroup = 'tool' | 'history' | 'zoom' | 'layout' | 'file' | 'keyboard';

export interface EditorActionDefinition {
  readonly name: string;
  readonly group: EditorActionGroup;
  /** The button's text (it may follow the state: Show Graph / Hide Graph). */
  readonly label: (context: EditorActionContext) => string;
  /** The button's accessible name when its text is a symbol (`−`); the label otherwise. */
  readonly ariaLabel?: string;
  /** What the tooltip says before the shortcut, when it is not the label. */
  readonly description?: string;
  readonly shortcut?: EditorShortcut;
  readonly perform: (context: EditorActionContext) => void;
  /** When the button is disabled and its key does nothing. */
  readonly disabledWhen?: (context: EditorActionContext) => boolean;
  /** For tools: whether the button shows pressed. */
  readonly pressedWhen?: (context: EditorActionContext) => boolean;
}

const letter = (key: string): EditorShortcut => ({ text: key, aria: key, keys: [{ key: key.toLowerCase() }] });

/** A tool's action: its spec §2 name, its letter, chosen by button or key. */
const tool = (name: EditorTool, label: string, key: string): EditorActionDefinition => ({
  name: `tool:${name}`,
  group: 'tool',
  label: () => label,
  shortcut: letter(key),
  perform: ({ dispatch }) => dispatch({ type: 'setTool', tool: name }),
  pressedWhen: ({ state }) => state.tool === name,
});

/** An arrow key turning the one-way aisle being drawn; only while that tool is chosen (the arrows scroll the page otherwise). */
const aisleArrow = (direction: TrafficDirection, key: string): EditorActionDefinition => ({
  name: `aisle:${direction}`,
  group: 'keyboard',
  label: () => `Aisle running ${direction}`,
  shortcut: { text: key, aria: key, keys: [{ key }] },
  perform: ({ dispatch }) => dispatch({ type: 'setAisleDirection', direction }),
  disabledWhen: ({ state }) => state.tool !== 'one_way_aisle',
});

/**
 * Every action of the grid editor, once: the toolbar renders its buttons from it (text, tooltip
 * with the shortcut, disabled and pressed states) and the keyboard looks its keys up in it, as
 * Excalidraw's actions are. Tools first, in the spec's order, then the row below in its order.
 */
export const EDITOR_ACTIONS: readonly EditorActionDefinition[] = [
  tool('select', 'Pan View', 'V'),
  tool('shelf', 'Add Shelf', 'S'),
  tool('dropoff', 'Add Dropoff', 'D'),
  tool('robot_station', 'Add Robot Station', 'R'),
  tool('pickup_select', 'Select Pickups', 'P'),
  tool('erase', 'Erase', 'E'),
  tool('one_way_aisle', 'Add One-Way Aisle', 'O'),
  tool('keep_clear', 'Add Keep-Clear Cell', 'K'),
  {
    name: 'undo',
    group: 'history',
    label: () => 'Undo',
    shortcut: { text: 'Ctrl+Z', aria: 'Control+Z', keys: [{ key: 'z', command: true, shift: false }] },
    perform: ({ dispatch }) => dispatch({ type: 'undo' }),
    disabledWhen: ({ state }) => state.past.length === 0,
  },
  {
    name: 'redo',
    group: 'history',
    label: () => 'Redo',
    shortcut: {
      text: 'Ctrl+Shift+Z',
      aria: 'Control+Shift+Z',
      keys: [
        { key: 'z', command: true, shift: true },
        { key: 'y', command: true, shift: false },
      ],
    },
    perform: ({ dispatch }) => dispatch({ type: 'redo' }),
    disabledWhen: ({ state }) => state.future.length === 0,
  },
  {
    name: 'zoomOut',
    group: 'zoom',
    label: () => '−',
    ariaLabel: 'Zoom out',
    shortcut: { text: '-', aria: '-', keys: [{ key: '-' }, { key: '_' }] },
    perform: (context) => context.zoomOut(),
  },
  {
    name: 'zoomIn',
    group: 'zoom',
    label: () => '+',
    ariaLabel: 'Zoom in',
    shortcut: { text: '+', aria: '+', keys: [{ key: '+' }, { key: '=' }] },
    perform: (context) => context.zoomIn(),
  },
  {
    name: 'resetZoom',
    group: 'zoom',
    label: () => 'Reset Zoom',
    description: 'Reset zoom',
    shortcut: letter('0'),
    perform: (context) => context.resetZoom(),
  },
  {
    name: 'toggleGraph',
    group: 'layout',
    label: ({ showGraph }) => (showGraph ? 'Hide Graph' : 'Show Graph'),
    description: 'Show or hide the navigation graph',
    shortcut: letter('G'),
    perform: (context) => context.toggleGraph(),
  },
  {
    name: 'selectAllPickups',
    group: 'layout',
    label: () => 'Select all pickups',
    perform: ({ dispatch }) => dispatch({ type: 'selectAllPickups' }),
    disabledWhen: ({ state }) => {
      const counts = layoutCounts(state.document.layout);
      return counts.pickupCandidates === 0 || counts.selectedPickups === counts.pickupCandidates;
    },
  },
  {
    name: 'clearPickups',
    group: 'layout',
    label: () => 'Clear pickups',
    perform: ({ dispatch }) => dispatch({ type: 'clearPickupSelection' }),
    disabledWhen: ({ state }) => layoutCounts(state.document.layout).selectedPickups === 0,
  },
  {
    name: 'layoutTemplate',
    group: 'layout',
    label: () => 'Layout Template',
    perform: (context) => context.openTemplate(),
  },
  {
    name: 'oneWayLanes',
    group: 'layout',
    label: () => 'One-Way Lanes',
    description:
      'Make every one-lane aisle between shelves one-way, alternating lane by lane, so robots never meet head-on where neither can step aside',
    perform: ({ dispatch }) => dispatch({ type: 'addOneWayLanes' }),
    disabledWhen: ({ state }) => layoutCounts(state.document.layout).shelves === 0,
  },
  {
    name: 'clearLayout',
    group: 'layout',
    label: () => 'Clear Layout',
    description: 'Remove every element (undo brings it back)',
    perform: ({ dispatch }) => dispatch({ type: 'clearLayout' }),
    disabledWhen: ({ state }) => isLayoutEmpty(state.document.layout),
  },
  { name: 'exportFile', group: 'file', label: () => 'Export JSON', perform: (context) => context.exportFile() },
  { name: 'importFile', group: 'file', label: () => 'Import JSON', perform: (context) => context.importFile() },
  aisleArrow('up', 'ArrowUp'),
  aisleArrow('down', 'ArrowDown'),
  aisleArrow('left', 'ArrowLeft'),
  aisleArrow('right', 'ArrowRight'),
];

/** The tooltip of an action's button: what it does, then its key. */
export function actionTitle(action: EditorActionDefinition, context: EditorActionContext): string | undefined {
  const description = action.description ?? (action.shortcut ? (action.ariaLabel ?? action.label(context)) : undefined);
  return action.shortcut ? `${description} (${action.shortcut.text})` : description;
}

export interface ShortcutKeyEvent {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

function matches(combination: KeyCombination, event: ShortcutKeyEvent): boolean {
  if (event.altKey) return false;
  const command = event.ctrlKey || event.metaKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key !== combination.key || command !== (combination.command ?? false)) return false;
  return !combination.command || event.shiftKey === (combination.shift ?? false);
}

/**
 * The action a key press performs, or null: the first whose shortcut it matches and which is
 * not disabled (Ctrl or Cmd + Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes; letters pick tools; + and
 * - zoom, 0 resets it; G shows the graph; with the one-way aisle tool, the arrows turn the aisle).
 */
export function actionForKey(event: ShortcutKeyEvent, context: EditorActionContext): EditorActionDefinition | null {
  return (
    EDITOR_ACTIONS.find(
      (action) =>
        action.shortcut?.keys.some((combination) => matches(combination, event)) && !action.disabledWhen?.(context),
    ) ?? null
  );
}

/** Typing in a form field must never trigger editor shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(type);
}
