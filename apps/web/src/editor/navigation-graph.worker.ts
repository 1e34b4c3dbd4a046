import { buildNavigationGraph, type GraphSourceElements, type NavigationGraph } from '@fleetlab/warehouse';

// Builds the navigation graph off the main thread: on a large layout the build takes a
// noticeable moment, and the editor should keep following the pointer meanwhile.

export interface GraphRequest {
  readonly id: number;
  readonly elements: GraphSourceElements;
}

export interface GraphResponse {
  readonly id: number;
  readonly graph: NavigationGraph;
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<GraphRequest>) => void) | null;
  postMessage(message: GraphResponse): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  scope.postMessage({ id: event.data.id, graph: buildNavigationGraph(event.data.elements) });
};
