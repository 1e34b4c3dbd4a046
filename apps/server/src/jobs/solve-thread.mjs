// Entry of a solve thread. Worker threads start as plain Node, also under Vitest and when the
// server runs with tsx, so TypeScript support is registered here before the real body loads.
import { register } from 'tsx/esm/api';

register();
await import('./solve-thread.ts');
