import { describe, expect, it } from 'vitest';
import { rowsOfColumns } from '../../server/stores/traffic/engine';

describe('rowsOfColumns (chDB replies as JSONColumns)', () => {
  it('turns columns into rows, in order, keeping the values as JSON gave them', () => {
    const text = '{"t": [1, 2], "ip": ["10.0.0.1", "10.0.0.2"], "n": ["18446744073709551615", "3"], "cands": [["10.0.0.1"], []]}';
    expect(rowsOfColumns(text)).toEqual([
      { t: 1, ip: '10.0.0.1', n: '18446744073709551615', cands: ['10.0.0.1'] },
      { t: 2, ip: '10.0.0.2', n: '3', cands: [] },
    ]);
  });

  it('gives no rows for an empty reply or empty columns', () => {
    expect(rowsOfColumns('')).toEqual([]);
    expect(rowsOfColumns('{"t": []}')).toEqual([]);
  });
});
