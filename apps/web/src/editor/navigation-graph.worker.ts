import { buildNavigationGraph, type GraphSourceElements, type NavigationGraph } from '@fleetlab/warehouse';
import type { SegmentList } from '../map-drawing/edge-segments.ts';
import { mergedGraphEdgeSegments } from '../map-drawing/graph-edge-drawing.ts';

// Builds the navigation graph off the main thread, and merges its edges into the segments the
// canvas strokes: on a large layout both take a noticeable moment, and the editor should keep
// following the pointer meanwhile.

export interface GraphRequest {
  readonly id: number;
  readonly elements: GraphSourceElements;
}

export interface GraphResponse {
  readonly id: number;
  readonly graph: NavigationGraph;
  /** The graph's edges merged into drawable segments (transferred, not copied). */
  readonly edgeSegments: SegmentList;
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<GraphRequest>) => void) | null;
  postMessage(message: GraphResponse, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const graph = buildNavigationGraph(event.data.elements);
  const edgeSegments = mergedGraphEdgeSegments(graph);
  scope.postMessage({ id: event.data.id, graph, edgeSegments }, [edgeSegments.buffer]);
};
