import { describe, expect, it } from 'vitest';
import { canonicalIp, classifyAddress, isDocumentationName, outboundRefusal, resolveOutbound } from '../../server/lib/outbound';

/** The outbound guard (issue #35, server/lib/outbound.ts): one classification for every connection out. */
describe('outbound guard', () => {
  it('classifies loopback, private, documentation and public addresses (IPv4, IPv6, mapped)', () => {
    const cases: Array<[string, string]> = [
      ['127.0.0.1', 'loopback'],
      ['::1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['169.254.169.254', 'private'],
      ['fd00::1', 'private'],
      ['192.0.2.1', 'documentation'],
      ['198.51.100.200', 'documentation'],
      ['203.0.113.30', 'documentation'],
      ['2001:db8::5', 'documentation'],
      ['::ffff:203.0.113.7', 'documentation'],
      ['::ffff:cb00:7107', 'documentation'],
      ['8.8.8.8', 'public'],
      ['2001:4860:4860::8888', 'public'],
      ['not an ip', 'private'],
    ];
    expect(cases.map(([ip]) => [ip, classifyAddress(ip)])).toEqual(cases);
  });

  it('refuses documentation addresses and names always, private ones unless allowed', async () => {
    expect(outboundRefusal('203.0.113.5', true)).toBe('documentation');
    expect(outboundRefusal('origin.acme-media.example', true)).toBe('documentation');
    expect(outboundRefusal('www.example.com', true)).toBe('documentation');
    expect(outboundRefusal('127.0.0.1', false)).toBe('private');
    expect(outboundRefusal('127.0.0.1', true)).toBeNull();
    expect(outboundRefusal('8.8.8.8', false)).toBeNull();
    expect(isDocumentationName('example')).toBe(true);
    expect(isDocumentationName('notexample.com')).toBe(false);
    // refused before any DNS lookup
    expect(await resolveOutbound('cdn.acme.example', true)).toEqual({ ok: false, reason: 'documentation' });
    expect(await resolveOutbound('[2001:db8::1]', true)).toEqual({ ok: false, reason: 'documentation' });
    expect(await resolveOutbound('127.0.0.1', true)).toEqual({ ok: true, ip: '127.0.0.1', family: 4 });
  });

  it('spells an IP one way', () => {
    expect(canonicalIp(' 2001:DB8:0:0::1 ')).toBe('2001:db8::1');
    expect(canonicalIp('[2001:db8::1]')).toBe('2001:db8::1');
    expect(canonicalIp('203.0.113.5')).toBe('203.0.113.5');
  });
});
