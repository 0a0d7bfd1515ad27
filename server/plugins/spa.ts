import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { portalEnvelope } from '../lib/envelope';
import { sendFailure } from './envelope';

/**
 * The one inline script of the page (its hash is allowed by the content security policy in
 * plugins/security.ts). '<' is escaped so that no key can close the script element.
 */
export function portalConfigScript(cipherKey: string): string {
  return `window.__PORTAL_CONFIG__=${JSON.stringify({ cipherKey }).replace(/</g, '\\u003c')}`;
}

/**
 * Serves the built SPA with history fallback. index.html gets the cipher key at serve time, so one
 * build works with any PORTAL_CIPHER_KEY.
 */
export const spaPlugin = fp(async (app) => {
  const root = app.config.staticDir;
  const indexFile = path.join(root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, { root, index: false, prefix: '/' });
  }
  let cachedIndex: string | null = null;
  const renderIndex = () => {
    if (cachedIndex) return cachedIndex;
    const html = fs.readFileSync(indexFile, 'utf8');
    const inject = `<script>${portalConfigScript(app.config.cipherKey)}</script>`;
    cachedIndex = html.replace('</head>', `${inject}</head>`);
    return cachedIndex;
  };
  const sendIndex = (reply: FastifyReply) => reply.type('text/html').header('cache-control', 'no-cache').send(renderIndex());
  if (hasBuild) {
    // The site root is a directory to the static files plugin (HTTP 403): it is the app's start page.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'GET' && request.url.split('?')[0] === '/') return sendIndex(reply);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    // Under a backend's prefix: that folder's envelope; any other method: the portal's.
    const owner = app.backends.find((b) => url.startsWith(b.prefix));
    if (owner || request.method !== 'GET') return sendFailure(reply, owner?.envelope ?? portalEnvelope, 404, '404', request.t('notFound'));
    if (!hasBuild) return reply.status(404).type('text/plain').send('The web app is not built: run npm run build');
    return sendIndex(reply);
  });
});
