/**
 * The edge node's settings (issue #33, docs/edge.md "The edge node"): the only reader of the
 * environment in edge/ (with edge/main.ts).
 */
import os from 'node:os';
import path from 'node:path';
import type { DemoOrigin } from './resolve';

export interface EdgeSettings {
  /** the portal (EDGE_PORTAL_URL): http only on loopback, https elsewhere (secrets and sealed keys travel) */
  portalUrl: string;
  /** EDGE_TOKEN: the registration token (the portal's PORTAL_EDGE_TOKEN); after registration the node's own secret signs */
  token: string;
  /** EDGE_LISTEN, EDGE_TLS_LISTEN: where nginx serves HTTP and HTTPS */
  listen: string;
  tlsListen: string;
  /** EDGE_DATA_DIR, absolute: every file of the node and of its nginx */
  dataDir: string;
  /** EDGE_NAME: unique per node (X-Edge-Node) */
  name: string;
  /** the nginx binary and its modules (Debian's) */
  nginxBin: string;
  modulesDir: string;
  /** the active access log is rotated when it grows past this */
  rotateBytes: number;
  /** EDGE_DEMO_ORIGIN (host:port on loopback): the demo's origins are served from there, only with a portal on demo data */
  demoOrigin?: DemoOrigin;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Refuses a plain-http portal off loopback: the node's secret and the certificates' keys would travel readable. */
export function checkPortalUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`EDGE_PORTAL_URL is not a URL: ${url}`);
  }
  if (u.protocol === 'https:') return url.replace(/\/+$/, '');
  if (u.protocol !== 'http:') throw new Error(`EDGE_PORTAL_URL must be http(s): ${url}`);
  if (!LOOPBACK.test(u.hostname)) throw new Error(`EDGE_PORTAL_URL must use https off loopback: ${url}`);
  return url.replace(/\/+$/, '');
}

/** EDGE_DEMO_ORIGIN: an IPv4 loopback address and port (the demo mapping never sends anything off the machine). */
export function parseDemoOrigin(value: string): DemoOrigin {
  const m = /^(127(?:\.\d{1,3}){3}):(\d{1,5})$/.exec(value.trim());
  const port = m ? Number(m[2]) : 0;
  if (!m || port < 1 || port > 65535) throw new Error(`EDGE_DEMO_ORIGIN must be 127.x.x.x:port: ${value}`);
  return { host: m[1], port };
}

export function readEdgeSettings(env: NodeJS.ProcessEnv = process.env): EdgeSettings {
  return {
    portalUrl: checkPortalUrl(env.EDGE_PORTAL_URL || 'http://127.0.0.1:8080'),
    token: env.EDGE_TOKEN ?? '',
    listen: env.EDGE_LISTEN || '127.0.0.1:8081',
    tlsListen: env.EDGE_TLS_LISTEN || '127.0.0.1:8444',
    dataDir: path.resolve(env.EDGE_DATA_DIR || './data/edge'),
    name: env.EDGE_NAME || `edge-${os.hostname()}`,
    nginxBin: env.EDGE_NGINX || '/usr/sbin/nginx',
    modulesDir: env.EDGE_NGINX_MODULES || '/usr/lib/nginx/modules',
    rotateBytes: Number(env.EDGE_LOG_ROTATE_BYTES) || 64 * 1024 * 1024,
    ...(env.EDGE_DEMO_ORIGIN ? { demoOrigin: parseDemoOrigin(env.EDGE_DEMO_ORIGIN) } : {}),
  };
}
