import { describe, expect, it } from 'vitest';
import type { EdgeDomain } from '../../common/wire/edge';
import type { DomainConfig } from '../../common/wire/domains';
import { domainConfigOf, emptyDomainInput } from '../../common/rules/domains';
import { domainId, refererRegex, renderDomain, renderMain, type OriginResolution, type RenderContext } from '../../edge/render';
import { checkPortalUrl, parseDemoOrigin } from '../../edge/config';
import { mapDemoOrigins } from '../../edge/resolve';
import type { EdgeConfig } from '../../common/wire/edge';
import { nginxMessage } from '../../edge/nginx';

/** The renderer (edge/render.ts): one case per family of domain settings, pure. */
const ctx: RenderContext = {
  nodeName: 'node-1',
  dataDir: '/srv/edge',
  listen: '127.0.0.1:8081',
  tlsListen: '127.0.0.1:8444',
  internalToken: 'tok',
  runAsRoot: true,
  slice: true,
  modulesDir: '/usr/lib/nginx/modules',
};
const NAME = 'www.a.example';
const resolved = new Map<string, OriginResolution>([
  ['origin.a.example', { ok: true, ip: '198.18.0.10' }],
  ['backup.a.example', { ok: true, ip: '2001:db8::5' }],
]);

function render(edit: (c: DomainConfig) => void = () => {}, over: Partial<EdgeDomain> = {}, origins = resolved, context = ctx) {
  const config = domainConfigOf({ ...emptyDomainInput('static'), name: NAME });
  config.origins = [{ role: 'main', type: 'domain', address: 'origin.a.example', port: 8080, weight: 30 }];
  edit(config);
  const r = renderDomain(context, {
    domain: { name: NAME, account: 'acme', status: 'on', version: 4, config, ...over },
    origins,
    certificate: config.protocol === 'https' ? { certFile: '/srv/edge/certs/9-x.crt', keyFile: '/srv/edge/certs/9-x.key' } : undefined,
  });
  return r;
}
const conf = (...args: Parameters<typeof render>) => {
  const r = render(...args);
  if (!r.ok) throw new Error(r.message);
  return r.conf;
};
const id = domainId(NAME);

describe('edge renderer: the main file', () => {
  const main = renderMain(ctx, '/srv/edge/conf/domains');
  it('keeps every path under the data dir, loads modules by absolute path and reads nothing of /etc/nginx', () => {
    expect(main).not.toContain('/etc/nginx');
    expect(main).toMatch(/^user root;$/m);
    expect(main).toContain('daemon off;');
    expect(main).toContain('pid "/srv/edge/run/nginx.pid";');
    expect(main).toContain('load_module "/usr/lib/nginx/modules/ngx_http_cache_purge_module.so";');
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      expect(main).toMatch(new RegExp(`${temp}_temp_path "/srv/edge/tmp/`));
    expect(main).toContain('proxy_cache_path "/srv/edge/cache"');
    expect(main).not.toMatch(/modsecurity/i);
    expect(main).toContain('include "/srv/edge/conf/domains/*.conf";');
    expect(renderMain({ ...ctx, runAsRoot: false }, '/x')).not.toContain('user root;');
  });

  it('logs customer requests and its own apart, as JSON lines', () => {
    expect(main).toContain('log_format edge_json escape=json');
    expect(main).toContain('access_log "/srv/edge/logs/access.log" edge_json if=$edge_external;');
    expect(main).toContain('access_log "/srv/edge/logs/internal.log" edge_json if=$edge_internal;');
  });

  it('has a default TLS server with its own certificate and a purge location on a unix socket', () => {
    expect(main).toContain('listen 127.0.0.1:8444 ssl default_server;');
    expect(main).toContain('ssl_certificate "/srv/edge/tls/default.crt";');
    expect(main).toContain('listen "unix:/srv/edge/run/control.sock";');
    expect(main).toContain('proxy_cache_purge edge_cache $http_x_edge_key;');
  });
});

describe('edge renderer: one domain', () => {
  it('origins: main and backup with weights and ports, resolved addresses', () => {
    const c = conf((x) => x.origins.push({ role: 'backup', type: 'domain', address: 'backup.a.example', port: 81, weight: 5 }));
    expect(c).toContain(`upstream edge_o_${id} {\n  server 198.18.0.10:8080 weight=30;\n  server [2001:db8::5]:81 weight=5 backup;`);
    expect(c).toContain(`server_name ${NAME};`);
  });

  it('origin protocol and back host', () => {
    expect(conf()).toContain(`proxy_pass $scheme://edge_o_${id};`);
    expect(conf()).toContain('proxy_set_header Host $host;');
    const c = conf((x) => {
      x.backProtocol = 'https';
      x.backHost = { mode: 'custom', value: 'src.a.example:8443' };
    });
    expect(c).toContain(`proxy_pass https://edge_o_${id};`);
    expect(c).toContain('proxy_set_header Host "src.a.example:8443";');
    expect(c).toContain('proxy_ssl_name "src.a.example";');
  });

  it('cache rules in priority order; time 0 is never cached; the type default last', () => {
    const c = conf((x) => {
      x.cacheRules = [
        { match: 'suffix', value: 'php,jsp', time: 0, unit: 's' },
        { match: 'path', value: '/img/,/index.html', time: 2, unit: 'h' },
        { match: 'path', value: '/', time: 1, unit: 'd' },
      ];
    });
    const locations = [...c.matchAll(/location (.*) \{/g)].map((m) => m[1]);
    expect(locations).toEqual(['~* "\\\\.(?:php|jsp)$"', '~ "^(?:/img/|/index\\\\.html$)"', '~ "^(?:/)"', '/']);
    const blocks = c.split('location ').slice(1);
    expect(blocks[0]).toContain('proxy_no_cache 1;');
    expect(blocks[0]).toContain('proxy_cache_bypass 1;');
    expect(blocks[1]).toContain('proxy_cache_valid 200 206 301 302 7200s;');
    expect(blocks[3]).toContain(`proxy_cache_valid 200 206 301 302 ${7 * 86400}s;`);
  });

  it('status-code cache in every caching location', () => {
    const c = conf((x) => (x.advanced.statusCodeCache = [{ code: 404, time: 30, unit: 's' }]));
    // the static type's first rule (php, jsp, ...) never caches: the '/' rule and the default do
    expect(c.match(/proxy_cache_valid 404 30s;/g)).toHaveLength(2);
  });

  it('ignore-parameter rules shape the cache key', () => {
    const key = (p: DomainConfig['ignoreParams']) => /proxy_cache_key "(.*)";/.exec(conf((x) => (x.ignoreParams = p)))?.[1].split('\t');
    expect(key({ mode: 'off', params: [], paths: [] })).toEqual(['$host', '$edge_path', '$args', '', '.']);
    expect(key({ mode: 'all', params: [], paths: [] })?.[2]).toBe('');
    expect(key({ mode: 'keep', params: ['id', 'v'], paths: [] })?.[2]).toBe('id=$arg_id&v=$arg_v');
    const remove = conf((x) => (x.ignoreParams = { mode: 'remove', params: ['t'], paths: ['/api/'] }));
    expect(remove).toContain(
      '  set $edge_fargs $args;\n  if ($edge_fargs ~ "^(?<edge_a>(?:.*&)?)t=[^&]*&?(?<edge_b>.*)$") { set $edge_fargs $edge_a$edge_b; }',
    );
    expect(remove).toContain('  set $edge_cargs $args;\n  if ($uri ~ "^(?:/api/)") { set $edge_cargs "$edge_fargs"; }');
    expect(remove).toMatch(/proxy_cache_key "\$host\t\$edge_path\t\$edge_cargs\t\t\.";/);
    // no map per domain: each costs nginx about 1 MB of work at every test and reload
    expect(remove).not.toMatch(/^map /m);
  });

  it('ignore no-cache and expires; an origin never steers the edge', () => {
    expect(conf()).toMatch(/proxy_ignore_headers X-Accel-Redirect [^;]*X-Accel-Expires[^;]*;/);
    expect(conf()).not.toMatch(/proxy_ignore_headers[^;]*Cache-Control/);
    const c = conf((x) => ((x.ignoreNoCache = true), (x.ignoreExpires = true)));
    expect(c).toMatch(/proxy_ignore_headers [^;]* Cache-Control Expires;/);
  });

  it('protocol redirect and forced HTTPS', () => {
    const c = conf((x) => (x.advanced.protocolRedirect = { enabled: true, target: 'https', code: 302 }));
    expect(c).toContain('if ($scheme = http) { return 302 https://$host$request_uri; }');
    expect(conf((x) => (x.forceHTTPS = true))).toContain('if ($scheme = http) { return 301 https://$host$request_uri; }');
  });

  it('referer, IP and user-agent lists refuse with 403, never the agent’s own requests', () => {
    const c = conf((x) => {
      x.advanced.referer = { mode: 'allow', values: ['*.a.example'], allowEmpty: false };
      x.advanced.ipList = { mode: 'deny', values: ['203.0.113.0/24'] };
      x.advanced.uaList = { mode: 'deny', values: ['bad*bot'] };
    });
    expect(c).toContain(`geo $edge_ip_${id} {\n  default 0;\n  203.0.113.0/24 1;`);
    expect(c).toContain('  set $edge_ua 0;\n  if ($http_user_agent ~* "(?:bad.*bot)") { set $edge_ua 1; }');
    const referer = c.split('\n').filter((l) => l.includes('edge_ref'));
    expect(referer[0]).toBe('  set $edge_ref 1;');
    expect(referer[1]).toMatch(/^ {2}if \(\$http_referer ~\* ".*"\) \{ set \$edge_ref 0; \}$/);
    expect(referer[2]).toBe('  if ($http_referer = "") { set $edge_ref 1; }');
    expect(c).toContain(`set $edge_deny "$edge_internal:$edge_ip_${id}$edge_ua$edge_ref";\n  if ($edge_deny ~ "^:.*1") { return 403; }`);
    expect(new RegExp(refererRegex('*.a.example')).test('https://cdn.a.example/x')).toBe(true);
    expect(new RegExp(refererRegex('*.a.example')).test('https://evil.example/a.example')).toBe(false);
    expect(new RegExp(refererRegex('a.example/p')).test('http://a.example/p/q')).toBe(true);
  });

  it('request and response headers; a $ stays literal', () => {
    const c = conf((x) => {
      x.advanced.responseHeaders = [
        { action: 'set', name: 'X-A', value: 'a $host "q"' },
        { action: 'delete', name: 'Server', value: '' },
      ];
      x.advanced.requestHeaders = [
        { action: 'set', name: 'X-R', value: 'r' },
        { action: 'delete', name: 'Cookie', value: '' },
      ];
    });
    expect(c).toContain('proxy_hide_header X-A;\n  add_header X-A "a ${edge_dollar}host \\"q\\"" always;');
    expect(c).toContain('proxy_hide_header Server;');
    expect(c).toContain('proxy_set_header X-R "r";');
    expect(c).toContain('proxy_set_header Cookie "";');
    expect(c).toContain('add_header X-Cache $upstream_cache_status always;');
    expect(c).toContain('add_header X-Edge-Node "node-1" always;');
  });

  it('rewrite rules that are on, in order; error pages', () => {
    const c = conf((x) => {
      x.advanced.rewriteRules = [
        { source: '^/old/(.*)$', target: '/new/$1', flag: 'permanent', status: 'on' },
        { source: '^/off$', target: '/x', flag: 'last', status: 'off' },
      ];
      x.advanced.errorPages = [{ code: 404, url: '/404.html' }];
    });
    expect(c).toContain('rewrite "^/old/(.*)$" "/new/$1" permanent;');
    expect(c).not.toContain('/off');
    expect(c).toContain('proxy_intercept_errors on;\n  error_page 404 "/404.html";');
  });

  it('HTTPS with the bound certificate (SNI) and HSTS when HTTPS is forced', () => {
    const c = conf((x) => ((x.protocol = 'https'), (x.forceHTTPS = true)), { certificateId: 9 });
    expect(c).toContain('listen 127.0.0.1:8444 ssl;');
    expect(c).toContain('ssl_certificate "/srv/edge/certs/9-x.crt";\n  ssl_certificate_key "/srv/edge/certs/9-x.key";');
    expect(c).toContain('add_header Strict-Transport-Security $edge_hsts always;');
    expect(conf()).not.toContain('listen 127.0.0.1:8444');
  });

  it('Range origin with the slice module, compression', () => {
    const c = conf((x) => {
      x.advanced.rangeOrigin = true;
      x.advanced.compression = { enabled: true, fileTypes: ['text/html', 'text/css'], minSizeKb: 2 };
    });
    expect(c).toContain('slice 1m;\n  proxy_set_header Range $slice_range;');
    expect(c).toMatch(/proxy_cache_key "[^"]*\$slice_range\t\.";/);
    expect(c).toContain('gzip on;');
    expect(c).toContain('gzip_min_length 2048;');
    expect(c).toContain('gzip_types text/css;');
    const noSlice = conf((x) => (x.advanced.rangeOrigin = true), {}, resolved, { ...ctx, slice: false });
    expect(noSlice).not.toContain('slice');
  });

  it('off and frozen domains answer 403 without an upstream', () => {
    expect(conf(undefined, { status: 'off' })).toContain('return 403 "domain disabled\n";');
    expect(conf(undefined, { status: 'freeze' })).toContain('return 403 "domain frozen\n";');
    expect(conf(undefined, { status: 'off' })).not.toContain('proxy_pass');
  });

  it('the outbound rule: a refused origin answers 502, an unresolved one fails the domain', () => {
    const refused = new Map<string, OriginResolution>([['origin.a.example', { ok: false, reason: 'documentation' }]]);
    const c = conf(undefined, {}, refused);
    expect(c).toContain('return 502 "origin not allowed\n";');
    expect(c).not.toContain('proxy_pass');
    const dns = new Map<string, OriginResolution>([['origin.a.example', { ok: false, reason: 'dns', detail: 'ENOTFOUND' }]]);
    expect(render(undefined, {}, dns)).toEqual({ ok: false, message: 'origin origin.a.example did not resolve (ENOTFOUND)' });
  });

  it('fails what it cannot serve honestly: a missing certificate, URL authentication', () => {
    const noCert = renderDomain(ctx, {
      domain: {
        name: NAME,
        account: 'a',
        status: 'on',
        version: 1,
        certificateId: 3,
        config: { ...domainConfigOf({ ...emptyDomainInput(), name: NAME }), protocol: 'https' },
      },
      origins: resolved,
    });
    expect(noCert).toEqual({ ok: false, message: 'certificate 3 missing' });
    expect(render((x) => (x.advanced.urlAuth = { enabled: true, type: 'A', secret: 'abcdef12', time: 60 }))).toMatchObject({ ok: false });
  });
});

describe('edge settings and messages', () => {
  it('refuses a plain-http portal off loopback', () => {
    expect(checkPortalUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(checkPortalUrl('https://portal.example')).toBe('https://portal.example');
    expect(() => checkPortalUrl('http://portal.example')).toThrow(/https off loopback/);
  });

  it('maps only the demo’s documentation origins to the loopback demo origin, and only with a portal on demo data', () => {
    expect(parseDemoOrigin('127.0.0.1:8090')).toEqual({ host: '127.0.0.1', port: 8090 });
    for (const bad of ['10.0.0.1:80', 'origin.example:80', '127.0.0.1', '127.0.0.1:70000']) expect(() => parseDemoOrigin(bad)).toThrow();
    const config = domainConfigOf({ ...emptyDomainInput('static'), name: NAME });
    config.backProtocol = 'https';
    config.origins = [
      { role: 'main', type: 'ip', address: '192.0.2.10', port: 443, weight: 10 },
      { role: 'backup', type: 'domain', address: 'origin.shop.example', port: 443, weight: 10 },
    ];
    const real = {
      ...config,
      origins: [{ role: 'main' as const, type: 'domain' as const, address: 'origin.customer.net', port: 80, weight: 10 }],
    };
    const served: EdgeConfig = {
      revision: 3,
      allowPrivateOrigins: false,
      demo: true,
      certificates: [],
      domains: [
        { name: NAME, account: 'acme', status: 'on', version: 1, config },
        { name: 'www.b.example', account: 'acme', status: 'on', version: 1, config: real },
      ],
    };
    const demo = { host: '127.0.0.1', port: 8090 };
    const [mapped, untouched] = mapDemoOrigins(served, demo).domains;
    expect(mapped.config.origins.map((o) => `${o.role} ${o.address}:${o.port}`)).toEqual(['main 127.0.0.1:8090', 'backup 127.0.0.1:8090']);
    expect(mapped.config.backProtocol).toBe('http');
    expect(untouched.config).toBe(real);
    expect(mapDemoOrigins({ ...served, demo: false }, demo).domains[0].config).toBe(config);
  });

  it('reports nginx’s message without the data dir', () => {
    const stderr =
      'nginx: [emerg] unknown directive "x" in /srv/edge/conf/staging/www.a.example.conf:3\n' +
      'nginx: configuration file /srv/edge/conf/staging.conf test failed\n';
    expect(nginxMessage(stderr, '/srv/edge')).toBe('[emerg] unknown directive "x" in www.a.example.conf:3');
  });
});
