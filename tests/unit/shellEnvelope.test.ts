import { describe, expect, it } from 'vitest';
import { impapiEnvelope, impapiOk, monitEnvelope, monitOk, ok, portalEnvelope } from '../../server/lib/envelope';

describe('envelopes per backend', () => {
  it('success codes: "0" for /api, number 0 for /impapi, "200" for /monit', () => {
    expect(ok(1).code).toBe('0');
    expect(impapiOk(1).code).toBe(0);
    expect(monitOk(1).code).toBe('200');
    expect([portalEnvelope.success, impapiEnvelope.success, monitEnvelope.success]).toEqual(['0', 0, '200']);
  });

  it('/impapi failures carry a number code and their text in msg and data', () => {
    expect(impapiEnvelope.fail('400', 'Format error')).toEqual({ code: 400, data: 'Format error', msg: 'Format error' });
    expect(impapiEnvelope.fail('notANumber', 'e')).toEqual({ code: 1, data: 'e', msg: 'e' });
  });

  it('a missing right stays code "403" everywhere; other backends keep string codes', () => {
    expect(impapiEnvelope.fail('403', 'no')).toEqual({ code: '403', data: null, msg: 'no' });
    expect(monitEnvelope.fail('1', 'bad')).toEqual({ code: '1', data: null, msg: 'bad' });
    expect(portalEnvelope.fail('400', 'bad')).toEqual({ code: '400', data: null, msg: 'bad' });
  });
});
