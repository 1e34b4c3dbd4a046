import type { TrafficDirection } from '@fleetlab/warehouse';
import type { EditorTool } from './editor-state.ts';

export interface ToolDefinition {
  readonly tool: EditorTool;
  /** Spec §2 button names, then the traffic rules' tools. */
  readonly label: string;
  readonly shortcut: string;
}

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  { tool: 'select', label: 'Pan View', shortcut: 'V' },
  { tool: 'shelf', label: 'Add Shelf', shortcut: 'S' },
  { tool: 'dropoff', label: 'Add Dropoff', shortcut: 'D' },
  { tool: 'robot_station', label: 'Add Robot Station', shortcut: 'R' },
  { tool: 'pickup_select', label: 'Select Pickups', shortcut: 'P' },
  { tool: 'erase', label: 'Erase', shortcut: 'E' },
  { tool: 'one_way_aisle', label: 'Add One-Way Aisle', shortcut: 'O' },
  { tool: 'keep_clear', label: 'Add Keep-Clear Cell', shortcut: 'K' },
];

/** Arrow keys turn a one-way aisle while the aisle tool is chosen. */
const ARROW_DIRECTIONS: Readonly<Record<string, TrafficDirection>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

export type EditorCommand =
  | { kind: 'tool'; tool: EditorTool }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'zoomIn' }
  | { kind: 'zoomOut' }
  | { kind: 'zoomReset' }
  | { kind: 'toggleGraph' }
  | { kind: 'aisleDirection'; direction: TrafficDirection };

export const GRAPH_TOGGLE_SHORTCUT = 'G';

export interface ShortcutKeyEvent {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/**
 * The editor command for a key press, or null. Ctrl (or Cmd on macOS) + Z undoes,
 * Ctrl+Shift+Z and Ctrl+Y redo; single letters pick tools; + and - zoom, 0 resets the zoom;
 * with the one-way aisle tool, the arrow keys turn the aisle (they scroll the page otherwise).
 */
export function editorCommandForKey(event: ShortcutKeyEvent, tool?: EditorTool): EditorCommand | null {
  const key = event.key;
  const arrow = ARROW_DIRECTIONS[key];
  if (arrow && tool === 'one_way_aisle' && !event.ctrlKey && !event.metaKey && !event.altKey)
    return { kind: 'aisleDirection', direction: arrow };
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey) {
    const lower = key.toLowerCase();
    if (lower === 'z') return event.shiftKey ? { kind: 'redo' } : { kind: 'undo' };
    if (lower === 'y' && !event.shiftKey) return { kind: 'redo' };
    return null;
  }
  if (event.altKey) return null;
  if (key === '+' || key === '=') return { kind: 'zoomIn' };
  if (key === '-' || key === '_') return { kind: 'zoomOut' };
  if (key === '0') return { kind: 'zoomReset' };
  const upper = key.toUpperCase();
  if (upper === GRAPH_TOGGLE_SHORTCUT) return { kind: 'toggleGraph' };
  const definition = TOOL_DEFINITIONS.find((candidate) => candidate.shortcut === upper);
  return definition ? { kind: 'tool', tool: definition.tool } : null;
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
