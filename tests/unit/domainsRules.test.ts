import { describe, expect, it } from 'vitest';
import {
  cachePathKind,
  cacheSeconds,
  defaultCacheRules,
  emptyDomainInput,
  findCacheConflict,
  isDomainName,
  isIcpNumber,
  isIPv4,
  isIPv6,
  isIpOrCidr,
  normalizeDomainInput,
  validateBackDir,
  validateBackHost,
  validateCacheRule,
  validateCacheRules,
  validateDomainInput,
  validateDomainName,
  validateIcp,
  validateOrigins,
  validatePort,
  validateTestUrl,
  validateHeaderName,
} from '../../common/rules/domains/index';
import { DOMAIN_MESSAGES, domainRuleMessages, domainRuleText } from '../../common/rules/domains/messages';
import { diffDomainConfig, stableStringify, summarizeChanges } from '../../common/rules/domains/diff';
import { DEMO_DOMAINS } from '../../server/demo/domainsData';
import { isPrivateAddress } from '../../server/lib/originProbe';
import type { DomainInput, DomainOrigin } from '../../common/wire/domains';

const valid = (o: Partial<DomainInput> = {}): DomainInput => ({
  ...emptyDomainInput('static'),
  name: 'www.example.com',
  icp: '京ICP备12345678号-1',
  origins: [{ role: 'main', type: 'domain', address: 'origin.example.com', port: 80, weight: 10 }],
  testUrl: '/index.html',
  ...o,
});
const origin = (address: string, o: Partial<DomainOrigin> = {}): DomainOrigin => ({
  role: 'main',
  type: 'domain',
  address,
  port: 80,
  weight: 10,
  ...o,
});

describe('spec messages', () => {
  it('keeps the English texts of the spec verbatim', () => {
    expect(DOMAIN_MESSAGES.domainNameEmpty.en).toBe('The domain name cannot be empty!');
    expect(DOMAIN_MESSAGES.domainNameExists.en).toBe('The domain name already exists!');
    expect(DOMAIN_MESSAGES.domainNameFormat.en).toBe('Domain name format is incorrect!');
    expect(DOMAIN_MESSAGES.domainOriginRepeat.en).toBe('Source station repeat, please re-fill');
    expect(DOMAIN_MESSAGES.domainBucketBound.en).toBe('This bucket has been bound by another domain name. Confirm binding?');
    expect(DOMAIN_MESSAGES.domainCacheConflict.en).toBe('Caching policy conflicts, please check');
    expect(DOMAIN_MESSAGES.domainCacheSuffixMax.en).toBe('Up to 10 suffixes');
  });

  it('formats placeholders for the server and for polyglot', () => {
    expect(domainRuleText('domainCacheRulesMax', 'en', { max: 50 })).toBe('Up to 50 cache rules');
    expect(domainRuleMessages('zh').domainCacheRulesMax).toBe('缓存策略最多%{max}条');
    for (const m of Object.values(DOMAIN_MESSAGES)) expect(m.zh && m.en).toBeTruthy();
  });
});

describe('formats', () => {
  it('domain names, wildcard only where allowed', () => {
    for (const n of ['example.com', 'a.b.example.co.uk', 'xn--fiqs8s.xn--fiqs8s', 'a-b.example.com']) expect(isDomainName(n), n).toBe(true);
    for (const n of [
      'example',
      '-a.example.com',
      'a-.example.com',
      'a..com',
      'a_b.example.com',
      'example.c0m',
      '1.2.3.4',
      `${'a'.repeat(64)}.com`,
    ])
      expect(isDomainName(n), n).toBe(false);
    expect(isDomainName('*.example.com')).toBe(false);
    expect(isDomainName('*.example.com', true)).toBe(true);
    expect(validateDomainName('')).toBe('domainNameEmpty');
    expect(validateDomainName('   ')).toBe('domainNameEmpty');
    expect(validateDomainName('1.2.3.4')).toBe('domainNameFormat');
    expect(validateDomainName('*.example.com')).toBeNull();
  });

  it('IPv4, IPv6 and CIDR', () => {
    expect(isIPv4('192.168.0.1')).toBe(true);
    expect(isIPv4('256.1.1.1')).toBe(false);
    expect(isIPv4('01.1.1.1')).toBe(false);
    for (const ip of ['::1', '2001:db8::1', 'fe80::1:2:3:4', '::ffff:192.0.2.1', '1:2:3:4:5:6:7:8']) expect(isIPv6(ip), ip).toBe(true);
    for (const ip of ['1:2:3:4:5:6:7:8:9', '1::2::3', 'g::1', '1.2.3.4', '1:2:3:4:5:6:7']) expect(isIPv6(ip), ip).toBe(false);
    expect(isIpOrCidr('10.0.0.0/8')).toBe(true);
    expect(isIpOrCidr('10.0.0.0/33')).toBe(false);
    expect(isIpOrCidr('2001:db8::/32')).toBe(true);
  });

  it('Chinese ICP numbers', () => {
    for (const v of ['京ICP备12345678号', '京ICP备12345678号-1', '沪ICP备18032511号-12', '粤ICP备2021045678号', '京ICP证030173号'])
      expect(isIcpNumber(v), v).toBe(true);
    for (const v of ['ICP备12345678号', '京ICP12345678号', '京ICP备12345号', '京ICP备12345678', 'XXICP备12345678号', '京ICP证0301号'])
      expect(isIcpNumber(v), v).toBe(false);
    expect(validateIcp('', 'cn')).toBe('domainIcpRequired');
    expect(validateIcp('', 'all')).toBe('domainIcpRequired');
    expect(validateIcp('', 'abroad')).toBeNull();
    expect(validateIcp('bad', 'abroad')).toBe('domainIcpFormat');
  });

  it('back host, back directory, test URL, port, header names', () => {
    expect(validateBackHost({ mode: 'follow', value: '' })).toBeNull();
    expect(validateBackHost({ mode: 'custom', value: '' })).toBe('domainBackHostRequired');
    expect(validateBackHost({ mode: 'custom', value: 'not a host' })).toBe('domainBackHostFormat');
    // a port only as part of the back host (then it is sent, issue #35 item 12)
    expect(validateBackHost({ mode: 'custom', value: 'origin.example:8080' })).toBeNull();
    expect(validateBackHost({ mode: 'custom', value: '[2001:db8::1]:8080' })).toBeNull();
    expect(validateBackHost({ mode: 'custom', value: 'origin.example:0' })).toBe('domainBackHostFormat');
    expect(validateBackHost({ mode: 'custom', value: 'origin.example:' })).toBe('domainBackHostFormat');
    expect(validateBackDir('/')).toBeNull();
    expect(validateBackDir('/static/')).toBeNull();
    expect(validateBackDir('/static')).toBe('domainBackDirFormat');
    expect(validateBackDir('static/')).toBe('domainBackDirFormat');
    expect(validateTestUrl('')).toBe('domainTestUrlRequired');
    expect(validateTestUrl('a.html')).toBe('domainTestUrlFormat');
    expect(validateTestUrl('//evil.example/')).toBe('domainTestUrlFormat');
    expect(validateTestUrl('/a.html?x=1')).toBeNull();
    expect(validatePort(null)).toBe('domainPortRequired');
    expect(validatePort(Number.NaN)).toBe('domainPortRequired');
    expect(validatePort(0)).toBe('domainPortRange');
    expect(validatePort(65536)).toBe('domainPortRange');
    expect(validatePort(443)).toBeNull();
    expect(validateHeaderName('X-Custom')).toBeNull();
    expect(validateHeaderName('X Custom')).toBe('domainHeaderNameFormat');
    expect(validateHeaderName('Content-Length')).toBe('domainHeaderNameForbidden');
  });
});

describe('origins', () => {
  it('at least one, one main, none empty, no repeats (address and port), not the domain itself', () => {
    expect(validateOrigins([])[0].message).toBe('domainOriginRequired');
    expect(validateOrigins([origin('a.example.com', { role: 'backup' })]).map((e) => e.message)).toEqual(['domainOriginMainRequired']);
    expect(validateOrigins([origin('')])[0]).toEqual({ field: 'origins.0.address', message: 'domainOriginEmpty' });
    expect(validateOrigins([origin('a.example.com'), origin('A.example.com')])[0]).toEqual({
      field: 'origins.1.address',
      message: 'domainOriginRepeat',
    });
    expect(validateOrigins([origin('a.example.com'), origin('a.example.com', { port: 8080 })])).toEqual([]);
    expect(validateOrigins([origin('www.example.com')], 'www.example.com')[0].message).toBe('domainOriginSameAsDomain');
    expect(validateOrigins([origin('1.2.3.4', { type: 'ip' })])).toEqual([]);
    expect(validateOrigins([origin('a.example.com', { type: 'ip' })])[0].message).toBe('domainOriginFormat');
    expect(validateOrigins([origin('http://a.example.com')])[0].message).toBe('domainOriginFormat');
    expect(validateOrigins([origin('a.example.com', { weight: 0 })])[0].message).toBe('domainWeightRange');
  });
});

describe('cache rules', () => {
  it('directory and file paths', () => {
    expect(cachePathKind('/img/')).toBe('directory');
    expect(cachePathKind('/img')).toBe('directory');
    expect(cachePathKind('/a/b.html')).toBe('file');
    const rule = (value: string) => validateCacheRule({ match: 'path', value, time: 1, unit: 'd' }).map((e) => e.message);
    expect(rule('/img/')).toEqual([]);
    expect(rule('/img/, /css/')).toEqual([]);
    expect(rule('/img')).toEqual(['domainCacheDirFormat']);
    expect(rule('/img.v2/')).toEqual(['domainCacheDirFormat']);
    expect(rule('img/')).toEqual(['domainCacheDirFormat']);
    expect(rule('/index.html')).toEqual([]);
    expect(rule('index.html')).toEqual(['domainCacheFileFormat']);
    expect(rule('')).toEqual(['domainCacheValueRequired']);
  });

  it('suffixes: at most 10, plain names', () => {
    const rule = (value: string) => validateCacheRule({ match: 'suffix', value, time: 1, unit: 'd' }).map((e) => e.message);
    expect(rule('jpg,png,.gif')).toEqual([]);
    expect(rule(Array.from({ length: 10 }, (_, i) => `s${i}`).join(','))).toEqual([]);
    expect(rule(Array.from({ length: 11 }, (_, i) => `s${i}`).join(','))).toEqual(['domainCacheSuffixMax']);
    expect(rule('jp/g')).toEqual(['domainCacheSuffixFormat']);
  });

  it('integer times of 0 or more, 0 = no cache, at most 3 years', () => {
    const time = (t: number, unit: 's' | 'd' | 'y' = 'd') =>
      validateCacheRule({ match: 'suffix', value: 'jpg', time: t, unit }).map((e) => e.message);
    expect(time(0)).toEqual([]);
    expect(time(-1)).toEqual(['domainCacheTimeInteger']);
    expect(time(1.5)).toEqual(['domainCacheTimeInteger']);
    expect(time(3, 'y')).toEqual([]);
    expect(time(4, 'y')).toEqual(['domainCacheTimeMax']);
    expect(cacheSeconds(2, 'm')).toBe(60 * 86400);
    expect(cacheSeconds(5, 'min')).toBe(300);
  });

  it('conflicts: the same path or suffix twice', () => {
    expect(
      findCacheConflict([
        { match: 'suffix', value: 'jpg', time: 1, unit: 'd' },
        { match: 'suffix', value: 'JPG', time: 2, unit: 'd' },
      ]),
    ).toBe(1);
    expect(findCacheConflict([{ match: 'suffix', value: 'jpg,jpg', time: 1, unit: 'd' }])).toBe(0);
    expect(
      findCacheConflict([
        { match: 'path', value: '/a/', time: 1, unit: 'd' },
        { match: 'suffix', value: 'a', time: 1, unit: 'd' },
      ]),
    ).toBeNull();
    expect(
      validateCacheRules([
        { match: 'path', value: '/a/', time: 1, unit: 'd' },
        { match: 'path', value: '/a/', time: 0, unit: 's' },
      ]),
    ).toEqual([{ field: 'cacheRules.1.value', message: 'domainCacheConflict' }]);
  });

  it('defaults per type: download 30 d, static 7 d, vod 30 d', () => {
    expect(defaultCacheRules('download')).toEqual([{ match: 'path', value: '/', time: 30, unit: 'd' }]);
    expect(defaultCacheRules('vod')).toEqual([{ match: 'path', value: '/', time: 30, unit: 'd' }]);
    expect(defaultCacheRules('static').at(-1)).toEqual({ match: 'path', value: '/', time: 7, unit: 'd' });
    expect(validateCacheRules(defaultCacheRules('static'))).toEqual([]);
  });
});

describe('validateDomainInput', () => {
  it('accepts a complete valid input and the add form defaults once filled', () => {
    expect(validateDomainInput(valid())).toEqual([]);
  });

  it('lists every problem with its field, the first one first', () => {
    const errors = validateDomainInput(valid({ name: '', testUrl: '', backDir: 'x', origins: [] }));
    expect(errors.map((e) => e.field)).toEqual(['name', 'origins', 'backDir', 'testUrl']);
  });

  it('checks HTTPS and advanced settings', () => {
    expect(validateDomainInput(valid({ protocol: 'https' })).map((e) => e.message)).toEqual(['domainCertificateRequired']);
    expect(validateDomainInput(valid({ forceHTTPS: true })).map((e) => e.message)).toEqual(['domainForceHttpsNeedsHttps']);
    const adv = emptyDomainInput().advanced;
    const withAdv = (patch: Partial<typeof adv>) => validateDomainInput(valid({ advanced: { ...adv, ...patch } })).map((e) => e.message);
    expect(withAdv({ referer: { mode: 'allow', values: [], allowEmpty: true } })).toEqual(['domainListValuesRequired']);
    expect(withAdv({ referer: { mode: 'allow', values: ['*.example.com', 'https://a.example.com/x'], allowEmpty: false } })).toEqual([]);
    expect(
      withAdv({
        statusCodeCache: [
          { code: 404, time: 1, unit: 'min' },
          { code: 404, time: 2, unit: 'min' },
        ],
      }),
    ).toEqual(['domainStatusCodeRepeat']);
    expect(withAdv({ errorPages: [{ code: 200, url: '/x' }] })).toEqual(['domainStatusCodeRange']);
    expect(withAdv({ urlAuth: { enabled: true, type: 'A', secret: 'abcdef12', time: 0 } })).toEqual(['domainAuthTimeRange']);
    expect(withAdv({ originRedirect: { enabled: true, maxHops: 9 } })).toEqual(['domainHopsRange']);
    expect(withAdv({ protocolRedirect: { enabled: true, target: 'https', code: 301 } })).toEqual(['domainCertificateRequired']);
    expect(
      withAdv({ rewriteRules: [{ source: '^/(a|b)/(.*)$', target: 'https://x.example.com/$2', flag: 'redirect', status: 'on' }] }),
    ).toEqual([]);
  });

  it('normalises case and spacing before storing', () => {
    const n = normalizeDomainInput(
      valid({
        name: ' WWW.Example.COM ',
        origins: [origin(' Origin.Example.com ')],
        cacheRules: [{ match: 'suffix', value: '.JPG, png', time: 1, unit: 'd' }],
      }),
    );
    expect(n.name).toBe('www.example.com');
    expect(n.origins[0].address).toBe('origin.example.com');
    expect(n.cacheRules[0].value).toBe('jpg,png');
  });

  it('every demo domain version is valid (live types are not offered on add; certificates are linked after seeding them)', () => {
    for (const d of DEMO_DOMAINS) {
      let config = d.config;
      for (const step of [null, ...d.edits]) {
        if (step) config = step.change(config);
        const errors = validateDomainInput({ ...config, name: d.name }).filter(
          (e) => !(e.field === 'type' && config.type.startsWith('live')) && e.field !== 'certificateId',
        );
        expect(errors, d.name).toEqual([]);
      }
    }
  });
});

describe('version diffs', () => {
  it('names changed fields, each advanced setting separately, and summarises list changes', () => {
    const before = valid();
    const after = {
      ...valid(),
      scope: 'all' as const,
      origins: [...before.origins, origin('b.example.com', { role: 'backup', weight: 5 })],
      advanced: { ...before.advanced, brotli: { enabled: true } },
    };
    const { name: _a, account: _b, ...b } = before;
    const { name: _c, account: _d, ...a } = after;
    const changes = diffDomainConfig(b, a);
    expect(changes.map((c) => c.field)).toEqual(['scope', 'origins', 'advanced.brotli']);
    expect(summarizeChanges(changes)).toBe(
      'scope: cn → all; origins: +backup domain b.example.com:80 w5; advanced.brotli: {"enabled":false} → {"enabled":true}',
    );
    expect(diffDomainConfig(null, a)).toEqual([]);
  });

  it('compares independent of key order (stored JSONB reorders keys)', () => {
    expect(stableStringify({ b: 1, a: { d: 2, c: [1, { f: 1, e: 2 }] } })).toBe(
      stableStringify({ a: { c: [1, { e: 2, f: 1 }], d: 2 }, b: 1 }),
    );
  });
});

describe('private addresses (source test)', () => {
  it('refuses loopback, private, link-local, shared and reserved ranges, IPv4-mapped too', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'nonsense',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '47.98.1.2', '2400:3200::1', '::ffff:8.8.8.8']) expect(isPrivateAddress(ip), ip).toBe(false);
  });
});
