import { buildNavigationGraph, type GraphSourceElements, type NavigationGraph } from '@fleetlab/warehouse';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { GraphRequest, GraphResponse } from './navigation-graph.worker.ts';
import { primeGraphEdgeDrawing } from '../map-drawing/graph-edge-drawing.ts';

function startGraphWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./navigation-graph.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/**
 * The navigation graph of the layout while `enabled`, built in a web worker so a large layout
 * never blocks drawing; the previous graph stays shown until the new one arrives. Without
 * workers (jsdom) it is built in a deferred render instead, after the edit has been painted.
 */
export function useNavigationGraph(elements: GraphSourceElements, enabled: boolean): NavigationGraph | null {
  const workerRef = useRef<Worker | null | undefined>(undefined);
  const latestRequestRef = useRef(0);
  const [workerGraph, setWorkerGraph] = useState<{ elements: GraphSourceElements; graph: NavigationGraph } | null>(
    null,
  );
  const [workerFailed, setWorkerFailed] = useState(false);

  useEffect(() => {
    if (!enabled || workerFailed) return;
    if (workerRef.current === undefined) {
      workerRef.current = startGraphWorker();
      workerRef.current?.addEventListener('error', () => setWorkerFailed(true));
    }
    const worker = workerRef.current;
    if (!worker) {
      setWorkerFailed(true);
      return;
    }
    const id = ++latestRequestRef.current;
    const onMessage = (event: MessageEvent<GraphResponse>) => {
      // Only the answer to the newest request counts; older layouts are already gone.
      if (event.data.id !== latestRequestRef.current) return;
      primeGraphEdgeDrawing(event.data.graph, event.data.edgeSegments);
      setWorkerGraph({ elements, graph: event.data.graph });
    };
    worker.addEventListener('message', onMessage);
    const request: GraphRequest = { id, elements };
    worker.postMessage(request);
    return () => worker.removeEventListener('message', onMessage);
  }, [elements, enabled, workerFailed]);

  useEffect(
    () => () => {
      workerRef.current?.terminate();
      workerRef.current = undefined;
    },
    [],
  );

  const buildOnMainThread = workerFailed || typeof Worker === 'undefined';
  const deferredElements = useDeferredValue(elements);
  const mainThreadGraph = useMemo(
    () => (enabled && buildOnMainThread ? buildNavigationGraph(deferredElements) : null),
    [enabled, buildOnMainThread, deferredElements],
  );

  if (!enabled) return null;
  return buildOnMainThread ? mainThreadGraph : (workerGraph?.graph ?? null);
}
