import { useCallback, useImperativeHandle, useRef, type Ref } from 'react';
import { formatGrouped } from '../lib/display-format.ts';
import type { OrdersAt } from './shift-replay.ts';

export interface ShiftOrdersStatusHandle {
  readonly write: (orders: OrdersAt) => void;
}

/** The orders of the shift at the replay's time, in words. */
export function shiftOrdersText(orders: OrdersAt, total: number): string {
  return (
    `Orders released: ${formatGrouped(orders.released)} of ${formatGrouped(total)} · Waiting for a robot: ${formatGrouped(orders.waiting)} · ` +
    `On board: ${formatGrouped(orders.onBoard)} · Delivered: ${formatGrouped(orders.delivered)}`
  );
}

export interface ShiftOrdersStatusProps {
  /** Orders released over the whole shift. */
  readonly total: number;
  readonly ref?: Ref<ShiftOrdersStatusHandle>;
}

/**
 * A shift's orders at the replay's time: released so far, waiting for a robot, on board and
 * delivered, written without a React render while playing; the counts are also data attributes.
 */
export function ShiftOrdersStatus({ total, ref }: ShiftOrdersStatusProps) {
  const textRef = useRef<HTMLParagraphElement>(null);
  const write = useCallback(
    (orders: OrdersAt) => {
      const element = textRef.current;
      if (!element) return;
      const text = shiftOrdersText(orders, total);
      if (element.textContent === text) return;
      element.textContent = text;
      element.dataset.released = String(orders.released);
      element.dataset.waiting = String(orders.waiting);
      element.dataset.onBoard = String(orders.onBoard);
      element.dataset.delivered = String(orders.delivered);
    },
    [total],
  );
  useImperativeHandle(ref, () => ({ write }), [write]);
  return (
    <p ref={textRef} data-testid="shift-orders" aria-live="off" className="mt-2 font-mono text-xs text-slate-300" />
  );
}
