import { describe, expect, it } from 'vitest';
import { editorCommandForKey, isTypingTarget } from './editor-shortcuts.ts';

const press = (key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) =>
  editorCommandForKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers });

describe('editorCommandForKey', () => {
  it('maps the tool letters, in either case', () => {
    expect(press('v')).toEqual({ kind: 'tool', tool: 'select' });
    expect(press('S')).toEqual({ kind: 'tool', tool: 'shelf' });
    expect(press('d')).toEqual({ kind: 'tool', tool: 'dropoff' });
    expect(press('r')).toEqual({ kind: 'tool', tool: 'robot_station' });
    expect(press('p')).toEqual({ kind: 'tool', tool: 'pickup_select' });
    expect(press('e')).toEqual({ kind: 'tool', tool: 'erase' });
    expect(press('x')).toBeNull();
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
