// What the scripts that film or measure the player in headless Chromium share: bundling a page
// under src/ with the app's own Vite plugins, serving the bundle locally, launching Chromium.

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, extname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

export const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = resolve(webRoot, '../..');

/**
 * Bundles the HTML pages in `entryDir` into `outDir` with the app's Vite plugins and returns each
 * page's path inside `outDir`, in the order given.
 */
export async function buildPages(entryDir: string, pageFiles: readonly string[], outDir: string): Promise<string[]> {
  // Root is the web app, as for the real build, so Tailwind scans the app's sources.
  await build({
    configFile: false,
    root: webRoot,
    base: './',
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      rollupOptions: { input: pageFiles.map((file) => join(entryDir, file)) },
    },
  });
  return pageFiles.map((file) => relative(webRoot, join(entryDir, file)).split(sep).join('/'));
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webm': 'video/webm',
};

/**
 * Serves a folder on a random local port, with byte ranges (a <video> seeks with them) and,
 * for a single-page app, index.html for paths that are not files.
 */
export function serveFolder(folder: string, spaFallback: boolean): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const safePath = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(folder, safePath === '/' ? 'index.html' : safePath);
    if (!file.startsWith(folder)) {
      response.writeHead(403).end();
      return;
    }
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      if (!spaFallback || extname(file) !== '') {
        response.writeHead(404).end();
        return;
      }
      file = join(folder, 'index.html');
      body = readFileSync(file);
    }
    const headers = {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
    };
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (range && (range[1] !== '' || range[2] !== '')) {
      const start = range[1] === '' ? Math.max(0, body.length - Number(range[2])) : Number(range[1]);
      const end = range[1] === '' || range[2] === '' ? body.length - 1 : Math.min(Number(range[2]), body.length - 1);
      if (start > end || start >= body.length) {
        response.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
        return;
      }
      response.writeHead(206, {
        ...headers,
        'content-range': `bytes ${start}-${end}/${body.length}`,
        'content-length': end - start + 1,
      });
      response.end(body.subarray(start, end + 1));
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': body.length });
    response.end(body);
  });
  return new Promise((resolveServer) => {
    // Port 0: the system picks a free port.
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolveServer({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}

export function closeServer(server: Server | null): Promise<void> {
  return new Promise((resolveClose) => (server ? server.close(() => resolveClose()) : resolveClose()));
}

/** Flags that keep a headless Chromium quiet and steady: no sandbox, GPU, updates or sync traffic. */
const QUIET_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches the system Chromium (`executablePath`) headless with the quiet flags and the script's own. */
export function launchChromium(executablePath: string, extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...QUIET_CHROMIUM_ARGS, ...extraArgs] });
}
