import { createEmptyLayout } from '@fleetlab/warehouse';
import { describe, expect, it, vi } from 'vitest';
import {
  actionForKey,
  actionTitle,
  EDITOR_ACTIONS,
  isTypingTarget,
  type EditorActionContext,
} from './editor-actions.ts';
import { editorReducer, initialEditorState, type EditorState, type EditorTool } from './editor-state.ts';

/** An editor at rest with `tool` chosen; what the actions do is recorded, not run. */
function contextWith(tool: EditorTool = 'shelf', state: EditorState = initialEditorState()): EditorActionContext {
  return {
    state: { ...state, tool },
    dispatch: vi.fn(),
    zoomIn: vi.fn(),
    zoomOut: vi.fn(),
    resetZoom: vi.fn(),
    showGraph: false,
    toggleGraph: vi.fn(),
    openTemplate: vi.fn(),
    exportFile: vi.fn(),
    importFile: vi.fn(),
  };
}

const press = (
  key: string,
  modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
  context = contextWith(),
) =>
  actionForKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers }, context)?.name ??
  null;

/** A state with one thing to undo. */
const withHistory = () =>
  editorReducer(
    initialEditorState({
      layout: createEmptyLayout({ width: 10, height: 10 }),
      robotsPerStation: 1,
      chargersPerStation: null,
    }),
    {
      type: 'importLayout',
      layout: createEmptyLayout({ width: 12, height: 10 }),
      robotsPerStation: 1,
    },
  );

describe('actionForKey', () => {
  it('maps the tool letters, in either case', () => {
    expect(press('v')).toBe('tool:select');
    expect(press('S')).toBe('tool:shelf');
    expect(press('d')).toBe('tool:dropoff');
    expect(press('r')).toBe('tool:robot_station');
    expect(press('p')).toBe('tool:pickup_select');
    expect(press('e')).toBe('tool:erase');
    expect(press('o')).toBe('tool:one_way_aisle');
    expect(press('K')).toBe('tool:keep_clear');
    expect(press('x')).toBeNull();
  });

  it('turns a one-way aisle with the arrow keys only while the aisle tool is chosen', () => {
    const aisle = contextWith('one_way_aisle');
    expect(press('ArrowUp', {}, aisle)).toBe('aisle:up');
    expect(press('ArrowDown', {}, aisle)).toBe('aisle:down');
    expect(press('ArrowLeft', {}, aisle)).toBe('aisle:left');
    expect(press('ArrowRight', {}, aisle)).toBe('aisle:right');
    // Elsewhere the arrows keep scrolling the page.
    expect(press('ArrowUp', {}, contextWith('shelf'))).toBeNull();
    expect(press('ArrowUp', { ctrlKey: true }, aisle)).toBeNull();
  });

  it('maps undo and redo with Ctrl or Cmd, when there is something to undo or redo', () => {
    const history = contextWith('shelf', withHistory());
    expect(press('z', { ctrlKey: true }, history)).toBe('undo');
    expect(press('z', { metaKey: true }, history)).toBe('undo');
    expect(press('z', { ctrlKey: true })).toBeNull();
    const undone = contextWith('shelf', editorReducer(withHistory(), { type: 'undo' }));
    expect(press('Z', { ctrlKey: true, shiftKey: true }, undone)).toBe('redo');
    expect(press('y', { ctrlKey: true }, undone)).toBe('redo');
    expect(press('s', { ctrlKey: true }, history)).toBeNull();
  });

  it('maps zoom and the graph toggle, and ignores Alt combinations', () => {
    expect(press('+')).toBe('zoomIn');
    expect(press('=')).toBe('zoomIn');
    expect(press('-')).toBe('zoomOut');
    expect(press('0')).toBe('resetZoom');
    expect(press('g')).toBe('toggleGraph');
    expect(press('s', { altKey: true })).toBeNull();
  });

  it('performs what the button does: a tool key chooses the tool, + zooms in', () => {
    const context = contextWith();
    actionForKey({ key: 'd', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false }, context)?.perform(
      context,
    );
    expect(context.dispatch).toHaveBeenCalledWith({ type: 'setTool', tool: 'dropoff' });
    actionForKey({ key: '+', ctrlKey: false, metaKey: false, shiftKey: true, altKey: false }, context)?.perform(
      context,
    );
    expect(context.zoomIn).toHaveBeenCalledTimes(1);
  });
});

describe('EDITOR_ACTIONS', () => {
  it('has one action per name, and a tooltip naming the key of each action that has one', () => {
    const names = EDITOR_ACTIONS.map((action) => action.name);
    expect(new Set(names).size).toBe(names.length);
    const context = contextWith();
    const titles = Object.fromEntries(EDITOR_ACTIONS.map((action) => [action.name, actionTitle(action, context)]));
    expect(titles).toMatchObject({
      'tool:select': 'Pan View (V)',
      undo: 'Undo (Ctrl+Z)',
      redo: 'Redo (Ctrl+Shift+Z)',
      zoomOut: 'Zoom out (-)',
      zoomIn: 'Zoom in (+)',
      resetZoom: 'Reset zoom (0)',
      toggleGraph: 'Show or hide the navigation graph (G)',
      clearLayout: 'Remove every element (undo brings it back)',
      oneWayLanes:
        'Make every one-lane aisle between shelves one-way, alternating lane by lane, so robots never meet head-on where neither can step aside',
      selectAllPickups: undefined,
    });
  });
});

describe('isTypingTarget', () => {
  it('is true for text fields and false for buttons and the canvas', () => {
    const text = document.createElement('input');
    const number = document.createElement('input');
    number.type = 'number';
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(isTypingTarget(text)).toBe(true);
    expect(isTypingTarget(number)).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.createElement('canvas'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
