/**
 * The local demo origin of `npm run edge:demo` (docs/edge.md "Demo with a real node"): it answers
 * every path of every demo domain on loopback, so that a node serves the demo domains without
 * anything leaving the machine. Each answer names the domain, the path and the moment it was made:
 * a cached copy keeps its moment, a purged one comes back with a new one.
 */
import http from 'node:http';
import type { DemoOrigin } from './resolve';

const TYPES: Record<string, string> = {
  js: 'application/javascript',
  css: 'text/css',
  html: 'text/html; charset=utf-8',
  json: 'application/json',
};

export function startDemoOrigin(at: DemoOrigin): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const p = (req.url ?? '/').split('?')[0];
    const ext = /\.([a-z0-9]+)$/i.exec(p)?.[1]?.toLowerCase() ?? '';
    const text = `demo origin: ${String(req.headers.host)}${p} made at ${new Date().toISOString()}\n`;
    res.writeHead(200, { 'content-type': TYPES[ext] ?? 'text/plain; charset=utf-8', 'cache-control': 'max-age=86400' });
    res.end(req.method === 'HEAD' ? undefined : text);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve(server));
  });
}
