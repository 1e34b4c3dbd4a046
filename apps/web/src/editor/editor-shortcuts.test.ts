import { describe, expect, it } from 'vitest';
import { editorCommandForKey, isTypingTarget } from './editor-shortcuts.ts';

const press = (
  key: string,
  modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => editorCommandForKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers });

describe('editorCommandForKey', () => {
  it('maps the tool letters, in either case', () => {
    expect(press('v')).toEqual({ kind: 'tool', tool: 'select' });
    expect(press('S')).toEqual({ kind: 'tool', tool: 'shelf' });
    expect(press('d')).toEqual({ kind: 'tool', tool: 'dropoff' });
    expect(press('r')).toEqual({ kind: 'tool', tool: 'robot_station' });
    expect(press('p')).toEqual({ kind: 'tool', tool: 'pickup_select' });
    expect(press('e')).toEqual({ kind: 'tool', tool: 'erase' });
    expect(press('o')).toEqual({ kind: 'tool', tool: 'one_way_aisle' });
    expect(press('K')).toEqual({ kind: 'tool', tool: 'keep_clear' });
    expect(press('x')).toBeNull();
  });

  it('turns a one-way aisle with the arrow keys only while the aisle tool is chosen', () => {
    const arrow = (key: string, tool: Parameters<typeof editorCommandForKey>[1], modifiers = {}) =>
      editorCommandForKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers }, tool);
    expect(arrow('ArrowUp', 'one_way_aisle')).toEqual({ kind: 'aisleDirection', direction: 'up' });
    expect(arrow('ArrowDown', 'one_way_aisle')).toEqual({ kind: 'aisleDirection', direction: 'down' });
    expect(arrow('ArrowLeft', 'one_way_aisle')).toEqual({ kind: 'aisleDirection', direction: 'left' });
    expect(arrow('ArrowRight', 'one_way_aisle')).toEqual({ kind: 'aisleDirection', direction: 'right' });
    // Elsewhere the arrows keep scrolling the page.
    expect(arrow('ArrowUp', 'shelf')).toBeNull();
    expect(arrow('ArrowUp', 'one_way_aisle', { ctrlKey: true })).toBeNull();
  });

  it('maps undo and redo with Ctrl or Cmd', () => {
    expect(press('z', { ctrlKey: true })).toEqual({ kind: 'undo' });
    expect(press('z', { metaKey: true })).toEqual({ kind: 'undo' });
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toEqual({ kind: 'redo' });
    expect(press('y', { ctrlKey: true })).toEqual({ kind: 'redo' });
    expect(press('s', { ctrlKey: true })).toBeNull();
  });

  it('maps zoom and the graph toggle, and ignores Alt combinations', () => {
    expect(press('+')).toEqual({ kind: 'zoomIn' });
    expect(press('=')).toEqual({ kind: 'zoomIn' });
    expect(press('-')).toEqual({ kind: 'zoomOut' });
    expect(press('0')).toEqual({ kind: 'zoomReset' });
    expect(press('g')).toEqual({ kind: 'toggleGraph' });
    expect(press('s', { altKey: true })).toBeNull();
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
