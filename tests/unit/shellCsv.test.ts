import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../src/lib/csv';

describe('CSV export text', () => {
  it('quotes cells with commas, quotes, line breaks or edge spaces', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
  });

  it('starts with a byte-order mark and ends rows with CRLF', () => {
    const csv = toCsv(
      [{ u: '/a?x=1,2', n: 3 }],
      [
        { header: '地址', value: (r) => r.u },
        { header: 'Requests', value: (r) => r.n },
      ],
    );
    expect(csv).toBe('\uFEFF地址,Requests\r\n"/a?x=1,2",3\r\n');
  });
});
