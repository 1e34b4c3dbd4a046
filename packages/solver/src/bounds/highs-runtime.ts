import loadHighs, { type Highs } from 'highs';

/**
 * HiGHS (the `highs` package: the HiGHS LP solver compiled to WebAssembly), loaded once when
 * the solver's modules load. Loading is asynchronous and every bound of the list is computed
 * synchronously inside a solve, so the load waits here, at module start (top-level await, about
 * 50 ms once per process or worker thread), and never inside a solve. Only the LP bound reads it.
 */
export const highs: Highs = await loadHighs();
