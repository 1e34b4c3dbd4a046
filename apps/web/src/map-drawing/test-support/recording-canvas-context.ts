// jsdom has no canvas. Tests replace HTMLCanvasElement.prototype.getContext (the one
// boundary the app draws through) with this recorder, which keeps the calls and the
// style in effect for each fill/stroke so tests can assert what was drawn.

import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

export interface RecordedCall {
  readonly method: string;
  readonly args: readonly unknown[];
  readonly fillStyle: string;
  readonly strokeStyle: string;
  readonly textBaseline: string;
}

export class RecordingCanvasContext {
  readonly calls: RecordedCall[] = [];
  fillStyle = '#000000';
  strokeStyle = '#000000';
  lineWidth = 1;
  font = '10px sans-serif';
  textAlign = 'start';
  textBaseline = 'alphabetic';
  imageSmoothingEnabled = true;
  readonly canvas: HTMLCanvasElement | null;

  constructor(canvas: HTMLCanvasElement | null) {
    this.canvas = canvas;
  }

  private record(method: string, args: readonly unknown[]): void {
    this.calls.push({
      method,
      args,
      fillStyle: String(this.fillStyle),
      strokeStyle: String(this.strokeStyle),
      textBaseline: this.textBaseline,
    });
  }

  reset(): void {
    this.calls.length = 0;
  }

  count(method: string): number {
    return this.calls.filter((call) => call.method === method).length;
  }

  setTransform(...args: number[]) {
    this.record('setTransform', args);
  }
  fillRect(...args: number[]) {
    this.record('fillRect', args);
  }
  strokeRect(...args: number[]) {
    this.record('strokeRect', args);
  }
  beginPath() {
    this.record('beginPath', []);
  }
  closePath() {
    this.record('closePath', []);
  }
  moveTo(...args: number[]) {
    this.record('moveTo', args);
  }
  lineTo(...args: number[]) {
    this.record('lineTo', args);
  }
  rect(...args: number[]) {
    this.record('rect', args);
  }
  arc(...args: number[]) {
    this.record('arc', args);
  }
  fill() {
    this.record('fill', []);
  }
  stroke() {
    this.record('stroke', []);
  }
  fillText(...args: unknown[]) {
    this.record('fillText', args);
  }
  setLineDash(...args: unknown[]) {
    this.record('setLineDash', args);
  }
  clearRect(...args: number[]) {
    this.record('clearRect', args);
  }
  drawImage(...args: unknown[]) {
    this.record('drawImage', args);
  }
  getImageData(...args: number[]) {
    this.record('getImageData', args);
  }
}

/** Stands in for OffscreenCanvas (absent in jsdom); its 2D context records like the canvas one. */
export class RecordingOffscreenCanvas {
  static created: RecordingOffscreenCanvas[] = [];
  readonly context = new RecordingCanvasContext(null);
  constructor(
    public width: number,
    public height: number,
  ) {
    RecordingOffscreenCanvas.created.push(this);
  }
  getContext(kind: string) {
    return kind === '2d' ? this.context : null;
  }
}

/**
 * Installs the recorder on every canvas; returns the per-canvas recorders and a restore
 * function for afterEach.
 */
export function installRecordingCanvas(): {
  contexts: Map<HTMLCanvasElement, RecordingCanvasContext>;
  restore: () => void;
} {
  const original = HTMLCanvasElement.prototype.getContext;
  const contexts = new Map<HTMLCanvasElement, RecordingCanvasContext>();
  HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement, kind: string) {
    if (kind !== '2d') return null;
    let context = contexts.get(this);
    if (!context) {
      context = new RecordingCanvasContext(this);
      contexts.set(this, context);
    }
    return context as unknown as CanvasRenderingContext2D;
  } as typeof HTMLCanvasElement.prototype.getContext;
  return {
    contexts,
    restore: () => {
      HTMLCanvasElement.prototype.getContext = original;
    },
  };
}

/**
 * For the map components' tests: fake timers (a map fits its view after 100 ms, so the first view
 * stays put) and a recording canvas around each test, unmounted and restored after it. Returns
 * the current test's recorders.
 */
export function recordCanvasesWithFakeTimers(): () => ReturnType<typeof installRecordingCanvas> {
  let canvas: ReturnType<typeof installRecordingCanvas>;
  beforeEach(() => {
    vi.useFakeTimers();
    canvas = installRecordingCanvas();
  });
  afterEach(() => {
    cleanup();
    canvas.restore();
    vi.useRealTimers();
  });
  return () => canvas;
}
