// Runs the render benchmark (render-bench.ts) in headless Chromium, where canvas is real:
//   node apps/web/tools/editor-bench/render-bench-chromium.mjs
// CHROMIUM_PATH overrides the browser (default /usr/bin/chromium, as the e2e journeys use).
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('./render-bench.ts', import.meta.url));
const bundle = await build({
  entryPoints: [entry],
  bundle: true,
  format: 'iife',
  globalName: 'fleetlabRenderBench',
  write: false,
  platform: 'browser',
  logLevel: 'silent',
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  for (const graphEdges of ['pruned', 'full']) {
    const result = await page.evaluate(
      (edges) => globalThis.fleetlabRenderBench.runRenderBenchmark({ frames: 120, graphEdges: edges }),
      graphEdges,
    );
    console.log(JSON.stringify(result));
  }
} finally {
  await browser.close();
}
