/**
 * The renderer (issue #33, docs/edge.md "The edge node"): the portal's configuration as nginx
 * configuration, a pure function of its inputs (no file, clock or network). One main file, and one
 * file per domain (upstream, maps and server block), so that a domain nginx refuses can be left at
 * its last good file while the others are applied.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { EdgeDomain } from '../common/wire/edge';
import type { CacheRule, DomainConfig, IgnoreParams, StatusCodeCache } from '../common/wire/domains';
import { cacheRuleValues, cachePathKind, cacheSeconds, DEFAULT_CACHE_DAYS, DEFAULT_GLOBAL_CACHE_DAYS } from '../common/rules/domains';
import { CACHE_STATUS_HEADER, EDGE_NODE_HEADER } from '../common/rules/edge';
import type { OutboundRefusal } from '../common/rules/outbound';

/** What every file of one node shares: where it lives and how it listens. */
export interface RenderContext {
  /** EDGE_NAME: the X-Edge-Node header */
  nodeName: string;
  /** absolute EDGE_DATA_DIR: every path of the configuration lies under it */
  dataDir: string;
  listen: string;
  tlsListen: string;
  /** the secret of the agent's own requests (X-Edge-Internal): they are logged apart */
  internalToken: string;
  /** the master runs as root: workers run as root too, so that they reach the data dir (mode 0700) */
  runAsRoot: boolean;
  /** nginx was built with the slice module (Range origin) */
  slice: boolean;
  modulesDir: string;
}

/** How one origin address resolved (edge/resolve.ts): an address to render, or why not. */
export type OriginResolution = { ok: true; ip: string } | { ok: false; reason: OutboundRefusal | 'dns'; detail?: string };

export interface DomainRenderInput {
  domain: EdgeDomain;
  /** origin address (as configured, lower case) → its resolution */
  origins: ReadonlyMap<string, OriginResolution>;
  /** the bound certificate's files, when the domain is HTTPS and the certificate arrived */
  certificate?: { certFile: string; keyFile: string };
}

export type DomainRender = { ok: true; conf: string } | { ok: false; message: string };

/** The node's paths, all under the data dir. */
export function edgePaths(dataDir: string) {
  const at = (...p: string[]) => path.join(dataDir, ...p);
  return {
    mainConf: at('conf', 'nginx.conf'),
    /** the live domain files (each the last good one) */
    domainsDir: at('conf', 'domains'),
    /** candidate files of an apply, tested before they replace the live ones */
    stagingDir: at('conf', 'staging'),
    pid: at('run', 'nginx.pid'),
    controlSocket: at('run', 'control.sock'),
    errorLog: at('logs', 'error.log'),
    logsDir: at('logs'),
    accessLog: at('logs', 'access.log'),
    internalLog: at('logs', 'internal.log'),
    cacheDir: at('cache'),
    tempDir: at('tmp'),
    certsDir: at('certs'),
    defaultCert: at('tls', 'default.crt'),
    defaultKey: at('tls', 'default.key'),
    nodeFile: at('node.json'),
    stateDir: at('state'),
  };
}

/** The shared cache zone (purges name it). */
export const CACHE_ZONE = 'edge_cache';
/** The agent's own requests carry this header with RenderContext.internalToken. */
export const INTERNAL_HEADER = 'X-Edge-Internal';
/** The control location on the unix socket: the purge module evicts the key given in this header. */
export const PURGE_KEY_HEADER = 'X-Edge-Key';
export const PURGE_MODULE = 'ngx_http_cache_purge_module.so';

/** A cache key is host, path, kept arguments, slice range and '.', tab separated (the agent parses the KEY lines). */
export const KEY_SEPARATOR = '\t';

/** A name nginx accepts in variables and upstreams, unique per domain (a hash: '.' and '-' both become '_'). */
export function domainId(name: string): string {
  const hash = crypto.createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.replace(/[^a-z0-9]/gi, '_').slice(0, 40)}_${hash}`;
}

/** The domain file's name. */
export const domainFile = (name: string) => `${name.replace(/^\*/, '_wildcard_')}.conf`;

/** A double-quoted nginx string: backslash and quote escaped. */
export const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
/** A quoted literal in which '$' is no variable (nginx has no escape for it: the main file defines $edge_dollar). */
export const literal = (s: string) => quote(s.replace(/\$/g, '${edge_dollar}'));
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An nginx listen address: 'host:port' (IPv6 in brackets) or a bare port, as the settings give it. */
const listenOf = (addr: string) => addr;

/** The main file: paths, modules, log formats, the cache, the default servers and the control socket. */
export function renderMain(ctx: RenderContext, includeDir: string): string {
  const p = edgePaths(ctx.dataDir);
  const tmp = (name: string) => quote(path.join(p.tempDir, name));
  const q = quote;
  const accessFormat =
    '{"time":"$time_iso8601","host":"$host","client":"$remote_addr","method":"$request_method",' +
    '"uri":"$request_uri","status":$status,"bytes":$bytes_sent,"requestTime":$request_time,' +
    '"cache":"$upstream_cache_status","referer":"$http_referer","agent":"$http_user_agent","internal":"$edge_internal"}';
  return [
    '# Generated by the edge agent (edge/render.ts); every path lies under the data directory.',
    ...(ctx.runAsRoot ? ['user root;'] : []),
    'worker_processes auto;',
    'daemon off;',
    `pid ${q(p.pid)};`,
    `error_log ${q(p.errorLog)} warn;`,
    `load_module ${q(path.join(ctx.modulesDir, PURGE_MODULE))};`,
    'events { worker_connections 4096; }',
    'http {',
    "  # a small types map of its own: nothing is read from the system's nginx configuration",
    '  types {',
    '    text/html html htm; text/css css; text/plain txt; text/xml xml; application/javascript js mjs;',
    '    application/json json; image/png png; image/jpeg jpg jpeg; image/gif gif; image/webp webp;',
    '    image/svg+xml svg; image/x-icon ico; font/woff woff; font/woff2 woff2; application/pdf pdf;',
    '    application/zip zip; video/mp4 mp4; video/mp2t ts; application/vnd.apple.mpegurl m3u8;',
    '  }',
    '  default_type application/octet-stream;',
    `  client_body_temp_path ${tmp('body')};`,
    `  proxy_temp_path ${tmp('proxy')};`,
    `  fastcgi_temp_path ${tmp('fastcgi')};`,
    `  uwsgi_temp_path ${tmp('uwsgi')};`,
    `  scgi_temp_path ${tmp('scgi')};`,
    '  server_tokens off;',
    '  sendfile on;',
    '  keepalive_timeout 30s;',
    '  server_names_hash_max_size 65536;',
    '  server_names_hash_bucket_size 256;',
    '  variables_hash_max_size 65536;',
    '  variables_hash_bucket_size 256;',
    '  map_hash_bucket_size 256;',
    '  proxy_headers_hash_max_size 4096;',
    '  proxy_headers_hash_bucket_size 256;',
    "  # '$' inside a literal (nginx has no escape for it)",
    '  geo $edge_dollar { default "$"; }',
    `  map $http_${INTERNAL_HEADER.toLowerCase().replace(/-/g, '_')} $edge_internal { ${q(ctx.internalToken)} 1; default ""; }`,
    '  map $edge_internal $edge_external { 1 ""; default 1; }',
    '  map $https $edge_hsts { on "max-age=31536000"; default ""; }',
    `  log_format edge_json escape=json ${q(accessFormat)};`,
    "  # customer traffic and the agent's own requests (prefetch, verification) in separate files",
    `  access_log ${q(p.accessLog)} edge_json if=$edge_external;`,
    `  access_log ${q(p.internalLog)} edge_json if=$edge_internal;`,
    `  proxy_cache_path ${q(p.cacheDir)} levels=1:2 keys_zone=${CACHE_ZONE}:64m inactive=30d max_size=10g use_temp_path=off;`,
    '  proxy_cache_lock on;',
    '  proxy_cache_lock_timeout 30s;',
    '  proxy_connect_timeout 10s;',
    '  proxy_read_timeout 60s;',
    '  server {',
    `    listen ${listenOf(ctx.listen)} default_server;`,
    `    listen ${listenOf(ctx.tlsListen)} ssl default_server;`,
    `    ssl_certificate ${q(p.defaultCert)};`,
    `    ssl_certificate_key ${q(p.defaultKey)};`,
    `    add_header ${EDGE_NODE_HEADER} ${literal(ctx.nodeName)} always;`,
    '    default_type text/plain;',
    '    return 404 "unknown domain\\n";',
    '  }',
    '  server {',
    `    listen ${q(`unix:${p.controlSocket}`)};`,
    '    access_log off;',
    `    location = /purge { proxy_cache_purge ${CACHE_ZONE} $http_${PURGE_KEY_HEADER.toLowerCase().replace(/-/g, '_')}; }`,
    '    location / { return 404; }',
    '  }',
    `  include ${q(path.join(includeDir, '*.conf'))};`,
    '}',
    '',
  ].join('\n');
}

const refusalText: Record<OutboundRefusal, string> = { documentation: 'address reserved for documentation', private: 'private address' };

/** One domain's file, or why it cannot be rendered (an origin that did not resolve, a missing certificate). */
export function renderDomain(ctx: RenderContext, input: DomainRenderInput): DomainRender {
  const { domain } = input;
  const c = domain.config;
  const id = domainId(domain.name);
  const https = c.protocol === 'https' && domain.certificateId !== undefined;
  if (c.protocol === 'https' && !input.certificate) return { ok: false, message: `certificate ${domain.certificateId ?? '?'} missing` };
  if (domain.status === 'on' && c.advanced.urlAuth.enabled) {
    // serving without the check would expose what the customer protects (docs/edge.md, "What nginx cannot do")
    return { ok: false, message: 'URL authentication is not supported by this edge' };
  }
  const head = [
    `# ${domain.name} version ${domain.version} (${domain.account})`,
    'server {',
    `  listen ${listenOf(ctx.listen)};`,
    ...(https ? [`  listen ${listenOf(ctx.tlsListen)} ssl;`] : []),
    `  server_name ${domain.name};`,
    ...(https && input.certificate
      ? [`  ssl_certificate ${quote(input.certificate.certFile)};`, `  ssl_certificate_key ${quote(input.certificate.keyFile)};`]
      : []),
    `  add_header ${EDGE_NODE_HEADER} ${literal(ctx.nodeName)} always;`,
  ];
  const refuse = (code: number, text: string) => ({
    ok: true as const,
    conf: [...head, '  default_type text/plain;', `  return ${code} ${quote(`${text}\n`)};`, '}', ''].join('\n'),
  });
  if (domain.status === 'off') return refuse(403, 'domain disabled');
  if (domain.status === 'freeze') return refuse(403, 'domain frozen');

  const origins = c.origins.map((o) => ({ origin: o, resolved: input.origins.get(o.address.toLowerCase()) }));
  const unresolved = origins.find((o) => !o.resolved || (!o.resolved.ok && o.resolved.reason === 'dns'));
  if (unresolved) {
    const r = unresolved.resolved;
    const detail = r && !r.ok && r.detail ? ` (${r.detail})` : '';
    return { ok: false, message: `origin ${unresolved.origin.address} did not resolve${detail}` };
  }
  const refused = origins.find((o) => o.resolved && !o.resolved.ok);
  if (refused) {
    // the outbound rule: such a domain never reaches its origin (docs/edge.md)
    const r = refused.resolved as { ok: false; reason: OutboundRefusal };
    head.unshift(`# origin ${refused.origin.address}: ${refusalText[r.reason]}`);
    return refuse(502, 'origin not allowed');
  }

  const upstream = `edge_o_${id}`;
  const servers = origins.map(({ origin, resolved }) => {
    const ip = (resolved as { ok: true; ip: string }).ip;
    const host = ip.includes(':') ? `[${ip}]` : ip;
    return `  server ${host}:${origin.port} weight=${origin.weight}${origin.role === 'backup' ? ' backup' : ''};`;
  });
  const maps: string[] = [];
  const access = accessChecks(id, c, maps);
  const keyArgs = cacheKeyArgs(c.ignoreParams);
  const scheme = c.backProtocol === 'match' ? '$scheme' : c.backProtocol;
  const proxyPass = `proxy_pass ${scheme}://${upstream};`;
  const a = c.advanced;
  const slice = a.rangeOrigin && ctx.slice;
  const backHost = c.backHost.mode === 'custom' && c.backHost.value ? c.backHost.value : null;
  const lines = [
    ...head,
    `  add_header ${CACHE_STATUS_HEADER} $upstream_cache_status always;`,
    ...(https && c.forceHTTPS ? ['  add_header Strict-Transport-Security $edge_hsts always;'] : []),
    ...responseHeaders(c),
    '  set $edge_path $uri;',
    ...keyArgs.lines,
    ...access,
    ...protocolRedirect(c),
    ...c.advanced.rewriteRules
      .filter((r) => r.status === 'on')
      .map((r) => `  rewrite ${quote(r.source)} ${quote(r.target.replace(/\$(?!\d)/g, '${edge_dollar}'))} ${r.flag};`),
    ...errorPages(c),
    ...compression(c),
    '  proxy_cache edge_cache;',
    // host, path, kept arguments, slice range (Range origin: each 1 MB slice is an object), and a final '.'
    // so that no key ends in white space (the purge module takes the key from a header, which nginx trims)
    `  proxy_cache_key ${quote(['$host', '$edge_path', keyArgs.expr, slice ? '$slice_range' : '', '.'].join(KEY_SEPARATOR))};`,
    ...(slice ? ['  slice 1m;', '  proxy_set_header Range $slice_range;'] : []),
    `  proxy_ignore_headers ${ignoredHeaders(c).join(' ')};`,
    '  proxy_http_version 1.1;',
    `  proxy_set_header Host ${backHost ? literal(backHost) : '$host'};`,
    '  proxy_set_header Connection "";',
    `  proxy_set_header ${INTERNAL_HEADER} "";`,
    '  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    ...a.requestHeaders.map((h) => `  proxy_set_header ${h.name} ${h.action === 'set' ? literal(h.value) : '""'};`),
    ...(scheme !== 'http'
      ? ['  proxy_ssl_server_name on;', `  proxy_ssl_name ${backHost ? literal(backHost.replace(/:\d+$/, '')) : '$host'};`]
      : []),
    ...cacheLocations(c, domain, proxyPass, backDirRewrite(c)),
    '}',
    '',
  ];
  const upstreamBlock = [`upstream ${upstream} {`, ...servers, '  keepalive 16;', '}'];
  return { ok: true, conf: [...upstreamBlock, ...maps, ...lines].join('\n') };
}

/**
 * Referer, IP and user-agent lists → a few `set`/`if` lines at server level (each list one regular
 * expression; a `map` per domain costs nginx about 1 MB of work at every test and reload) and a
 * `geo` for the IP list. Returns the lines; a refused request answers 403, the agent's own never.
 */
function accessChecks(id: string, c: DomainConfig, out: string[]): string[] {
  const a = c.advanced;
  const lines: string[] = [];
  const flags: string[] = [];
  const on = (l: { mode: string; values: string[] }) => l.mode !== 'off' && l.values.length > 0;
  if (on(a.ipList)) {
    const [hit, miss] = a.ipList.mode === 'allow' ? [0, 1] : [1, 0];
    out.push(`geo $edge_ip_${id} {`, `  default ${miss};`, ...a.ipList.values.map((v) => `  ${v.trim()} ${hit};`), '}');
    flags.push(`$edge_ip_${id}`);
  }
  const list = (name: string, variable: string, mode: string, patterns: string[], empty?: number) => {
    const [hit, miss] = mode === 'allow' ? [0, 1] : [1, 0];
    lines.push(`  set $edge_${name} ${miss};`);
    lines.push(`  if (${variable} ~* ${quote(patterns.map((p) => `(?:${p})`).join('|'))}) { set $edge_${name} ${hit}; }`);
    if (empty !== undefined) lines.push(`  if (${variable} = "") { set $edge_${name} ${empty}; }`);
    flags.push(`$edge_${name}`);
  };
  if (on(a.uaList)) {
    const patterns = a.uaList.values.map((v) => escapeRegex(v.trim()).replace(/\\\*/g, '.*'));
    list('ua', '$http_user_agent', a.uaList.mode, patterns);
  }
  if (on(a.referer)) {
    list(
      'ref',
      '$http_referer',
      a.referer.mode,
      a.referer.values.map((v) => refererRegex(v.trim())),
      a.referer.allowEmpty ? 0 : 1,
    );
  }
  if (!flags.length) return [];
  // the agent's own requests (prefetch) pass every list
  return [...lines, `  set $edge_deny "$edge_internal:${flags.join('')}";`, '  if ($edge_deny ~ "^:.*1") { return 403; }'];
}

/** A referer entry ('a.com', '*.a.com', 'a.com/path', with or without scheme) as a regular expression. */
export function refererRegex(entry: string): string {
  const bare = entry.replace(/^https?:\/\//i, '');
  const slash = bare.indexOf('/');
  const host = slash < 0 ? bare : bare.slice(0, slash);
  const pathPart = slash < 0 ? '' : bare.slice(slash);
  const hostRe = host.startsWith('*.') ? `[^/:?#]+\\.${escapeRegex(host.slice(2))}` : escapeRegex(host);
  return `^https?://${hostRe}(?::\\d+)?${pathPart ? escapeRegex(pathPart) : '(?:[/?#]|$)'}`;
}

/** The argument part of the cache key under the ignore-parameters rule: its expression and the lines computing it. */
function cacheKeyArgs(p: IgnoreParams): { expr: string; lines: string[] } {
  if (p.mode === 'off') return { expr: '$args', lines: [] };
  const lines: string[] = [];
  let filtered: string;
  if (p.mode === 'all') filtered = '';
  else if (p.mode === 'keep') filtered = p.params.map((n) => `${n}=$arg_${n.replace(/[^A-Za-z0-9_]/g, '_')}`).join('&');
  else {
    // each removed parameter taken out of the arguments in turn
    lines.push('  set $edge_fargs $args;');
    for (const name of p.params) {
      const re = `^(?<edge_a>(?:.*&)?)${escapeRegex(name)}=[^&]*&?(?<edge_b>.*)$`;
      lines.push(`  if ($edge_fargs ~ ${quote(re)}) { set $edge_fargs $edge_a$edge_b; }`);
    }
    filtered = '$edge_fargs';
  }
  if (!p.paths.length) return { expr: filtered, lines };
  const paths = quote(`^(?:${p.paths.map(escapeRegex).join('|')})`);
  lines.push('  set $edge_cargs $args;', `  if ($uri ~ ${paths}) { set $edge_cargs ${quote(filtered)}; }`);
  return { expr: '$edge_cargs', lines };
}

function ignoredHeaders(c: DomainConfig): string[] {
  // an origin never steers the edge itself (X-Accel-Redirect could reach the node's internal locations)
  const always = ['X-Accel-Redirect', 'X-Accel-Expires', 'X-Accel-Limit-Rate', 'X-Accel-Buffering', 'X-Accel-Charset'];
  return [...always, ...(c.ignoreNoCache ? ['Cache-Control'] : []), ...(c.ignoreExpires ? ['Expires'] : [])];
}

function responseHeaders(c: DomainConfig): string[] {
  return c.advanced.responseHeaders.flatMap((h) =>
    h.action === 'set'
      ? [`  proxy_hide_header ${h.name};`, `  add_header ${h.name} ${literal(h.value)} always;`]
      : [`  proxy_hide_header ${h.name};`],
  );
}

function protocolRedirect(c: DomainConfig): string[] {
  const r = c.advanced.protocolRedirect;
  if (r.enabled) {
    const from = r.target === 'https' ? 'http' : 'https';
    return [`  if ($scheme = ${from}) { return ${r.code} ${r.target}://$host$request_uri; }`];
  }
  return c.forceHTTPS ? ['  if ($scheme = http) { return 301 https://$host$request_uri; }'] : [];
}

function errorPages(c: DomainConfig): string[] {
  const pages = c.advanced.errorPages;
  if (!pages.length) return [];
  return ['  proxy_intercept_errors on;', ...pages.map((p) => `  error_page ${p.code} ${literal(p.url.trim())};`)];
}

function compression(c: DomainConfig): string[] {
  const z = c.advanced.compression;
  if (!z.enabled) return [];
  // text/html is always compressed by nginx once gzip is on; naming it again is a warning
  const types = z.fileTypes.map((t) => t.trim().toLowerCase()).filter((t) => /^[a-z0-9.+-]+\/[a-z0-9.+*-]+$/.test(t) && t !== 'text/html');
  return [
    '  gzip on;',
    '  gzip_proxied any;',
    '  gzip_vary on;',
    `  gzip_min_length ${z.minSizeKb * 1024};`,
    ...(types.length ? [`  gzip_types ${types.join(' ')};`] : []),
  ];
}

/** Back-directory rewriting: the origin is asked under backDir (the cache key keeps the client's path). */
function backDirRewrite(c: DomainConfig): string[] {
  const dir = c.backDir.replace(/\/+$/, '');
  if (!c.backIsEnable || !dir) return [];
  return [`    rewrite ^ ${quote(`${dir.replace(/\$/g, '${edge_dollar}')}$uri`)} break;`];
}

const validLines = (seconds: number, codes: StatusCodeCache[]) => [
  `    proxy_cache_valid 200 206 301 302 ${seconds}s;`,
  ...codes.map((s) => `    proxy_cache_valid ${s.code} ${cacheSeconds(s.time, s.unit)}s;`),
];

/** A cache rule's location match (nginx checks regular-expression locations in file order: the rule order is the priority). */
export function ruleLocation(rule: CacheRule): string {
  const values = cacheRuleValues(rule);
  if (rule.match === 'suffix') return `location ~* ${quote(`\\.(?:${values.map(escapeRegex).join('|')})$`)}`;
  const alternatives = values.map((v) =>
    cachePathKind(v) === 'directory' ? `${escapeRegex(v.endsWith('/') ? v : `${v}/`)}` : `${escapeRegex(v)}$`,
  );
  return `location ~ ${quote(`^(?:${alternatives.join('|')})`)}`;
}

function cacheLocations(c: DomainConfig, domain: EdgeDomain, proxyPass: string, extra: string[]): string[] {
  const codes = c.advanced.statusCodeCache.filter((s) => cacheSeconds(s.time, s.unit) > 0);
  const body = (seconds: number) =>
    seconds > 0
      ? [...validLines(seconds, codes), ...extra, `    ${proxyPass}`]
      : // time 0: never stored, never served from the cache (X-Cache: BYPASS)
        ['    proxy_no_cache 1;', '    proxy_cache_bypass 1;', ...extra, `    ${proxyPass}`];
  const days = DEFAULT_CACHE_DAYS[domain.config.type] ?? DEFAULT_GLOBAL_CACHE_DAYS;
  return [
    ...c.cacheRules.flatMap((r) => [`  ${ruleLocation(r)} {`, ...body(cacheSeconds(r.time, r.unit)), '  }']),
    // no rule matched: the type's default
    '  location / {',
    ...body(days * 86400),
    '  }',
  ];
}
