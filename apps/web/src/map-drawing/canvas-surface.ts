export interface PreparedCanvas {
  readonly context: CanvasRenderingContext2D;
  readonly pixelRatio: number;
}

/**
 * Sizes a canvas's backing store for the device pixel ratio and returns a context whose
 * units are CSS pixels, or null where canvas is unavailable.
 */
export function prepareCanvas(canvas: HTMLCanvasElement, cssWidth: number, cssHeight: number): PreparedCanvas | null {
  const ratio = typeof window !== 'undefined' && window.devicePixelRatio > 0 ? window.devicePixelRatio : 1;
  const pixelWidth = Math.max(1, Math.round(cssWidth * ratio));
  const pixelHeight = Math.max(1, Math.round(cssHeight * ratio));
  if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
  if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  return { context, pixelRatio: ratio };
}

/** Pointer position relative to the element, in CSS pixels. */
export function pointerOffset(element: Element, event: { clientX: number; clientY: number }): { x: number; y: number } {
  const bounds = element.getBoundingClientRect();
  return { x: event.clientX - bounds.left, y: event.clientY - bounds.top };
}

/** Pointer capture keeps a drag alive when the pointer leaves the canvas; jsdom lacks it. */
export function capturePointer(element: Element, pointerId: number): void {
  if (typeof element.setPointerCapture === 'function') {
    try {
      element.setPointerCapture(pointerId);
    } catch {
      // A synthetic pointer (tests) has no active pointer to capture; dragging still works.
    }
  }
}

export function releasePointer(element: Element, pointerId: number): void {
  if (typeof element.releasePointerCapture === 'function' && typeof element.hasPointerCapture === 'function') {
    if (element.hasPointerCapture(pointerId)) element.releasePointerCapture(pointerId);
  }
}
