// Entry of the embedded database's thread. Worker threads start as plain Node, also under Vitest
// and when the server runs with tsx, so TypeScript support is registered before the body loads.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.ts');
