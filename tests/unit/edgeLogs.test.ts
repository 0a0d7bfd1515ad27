import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { LogShipper, readWholeLines } from '../../edge/logs';
import type { PortalReply } from '../../edge/client';

/**
 * The edge node's log shipper (edge/logs.ts) against a portal that keeps one offset per file and
 * answers 409 with it: whole lines only, a rotation keeps the file's name, a restart of either side
 * loses and doubles nothing.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-logs-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function setup(name: string) {
  const logs = path.join(root, name, 'logs');
  const state = path.join(root, name, 'state');
  fs.mkdirSync(logs, { recursive: true });
  fs.mkdirSync(state, { recursive: true });
  const held = new Map<string, number>();
  const received: string[] = [];
  let down = false;
  let reopened = 0;
  const post = async (q: string, gz: Buffer): Promise<PortalReply> => {
    if (down) throw new Error('portal down');
    const p = new URL(q, 'http://x').searchParams;
    const file = p.get('file') ?? '';
    const at = held.get(file) ?? 0;
    const json = (status: number, offset: number) => ({ status, body: Buffer.from(JSON.stringify({ offset, accepted: 0, rejected: 0 })) });
    if (Number(p.get('offset')) !== at) return json(409, at);
    const text = zlib.gunzipSync(gz).toString();
    received.push(...text.split('\n').filter(Boolean));
    held.set(file, at + Buffer.byteLength(text));
    return json(200, at + Buffer.byteLength(text));
  };
  const shipper = () =>
    new LogShipper(
      'access',
      logs,
      state,
      post,
      () => reopened++,
      100,
      () => {},
    );
  return {
    logs,
    held,
    received,
    shipper,
    setDown: (v: boolean) => (down = v),
    reopened: () => reopened,
    write: (text: string) => fs.appendFileSync(path.join(logs, 'access.log'), text),
  };
}

describe('edge log shipper', () => {
  it('sends whole lines only', () => {
    const f = path.join(root, 'partial.log');
    fs.writeFileSync(f, 'a\nb\nhalf');
    expect(readWholeLines(f, 0, 100)?.toString()).toBe('a\nb\n');
    expect(readWholeLines(f, 4, 100)).toBeNull();
  });

  it('ships, rotates under the same name, deletes what is shipped, and resumes after a restart', async () => {
    const s = setup('one');
    const shipper = s.shipper();
    s.write('{"n":1}\n{"n":2}\n{"n":3');
    await shipper.tick();
    expect(s.received).toEqual(['{"n":1}', '{"n":2}']);
    // the active file is shipped under the name it takes when rotated
    expect([...s.held.keys()]).toEqual(['access-00000001.log']);

    s.write('}\n' + '{"n":4}\n'.repeat(12));
    await shipper.tick();
    expect(s.received).toHaveLength(15);
    expect(s.reopened()).toBe(1);
    expect(fs.readdirSync(s.logs)).toEqual(['access-00000001.log']);

    s.write('{"n":5}\n');
    await shipper.tick();
    // the rotated file was fully shipped: deleted; the new active file has the next name
    expect(fs.readdirSync(s.logs)).toEqual(['access.log']);
    expect(s.held.get('access-00000002.log')).toBe(8);

    // the portal is down: nothing lost; a new shipper (agent restart) resumes at its offsets
    s.setDown(true);
    s.write('{"n":6}\n');
    await expect(shipper.tick()).rejects.toThrow('portal down');
    s.setDown(false);
    await s.shipper().tick();
    expect(s.received.filter((l) => l === '{"n":6}')).toHaveLength(1);
    expect(s.received).toHaveLength(17);
  });

  it('resumes from the portal’s offset when the node lost its own (409)', async () => {
    const s = setup('two');
    s.write('{"a":1}\n{"a":2}\n');
    await s.shipper().tick();
    fs.rmSync(path.join(root, 'two', 'state', 'ship-access.json'));
    s.write('{"a":3}\n');
    await s.shipper().tick();
    expect(s.received).toEqual(['{"a":1}', '{"a":2}', '{"a":3}']);
  });
});
