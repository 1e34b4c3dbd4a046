import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const isApiPath = (url: string) => {
  const pathname = url.split('?')[0];
  return pathname === '/api' || pathname.startsWith('/api/');
};

/**
 * Serves the built web app. Paths outside /api with no file behind them get index.html, so
 * the browser's router can show the page (client-side routing); unknown /api paths get a
 * JSON 404. Returns whether a build was found.
 */
export async function serveWebApp(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  const available = existsSync(path.join(webDistDir, 'index.html'));
  if (available) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: ['index.html'],
      setHeaders(response, filePath) {
        // Hashed asset names change with every build; index.html must always be fetched fresh.
        const cacheControl = filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache';
        response.header('Cache-Control', cacheControl);
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app build not found; only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url) || !wantsPage || !available) {
      return reply.code(404).send({ detail: 'Not found' });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
  return available;
}
