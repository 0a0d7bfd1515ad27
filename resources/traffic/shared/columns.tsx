import type { ReactNode } from 'react';
import { formatBandwidth, formatBytes, formatCount, formatPercent } from '../../../src/lib/units';
import type { CsvColumn } from '../../../src/kit/ColumnsTable';
import { formatYuan } from '../bill/money';
import { Nowrap } from './Nowrap';

/** The fields of R whose values are of type V. */
type KeysOf<R, V> = { [K in keyof R]: R[K] extends V ? K : never }[keyof R] & string;

export type FigureKind = 'bytes' | 'bandwidth' | 'count' | 'percent' | 'yuan';

/** How a figure shows in a cell, the unit of its raw CSV value (none for counts), and that value when not the number. */
const FIGURES: Record<FigureKind, { format: (n: number) => string; unit?: string; csv?: (n: number) => string }> = {
  bytes: { format: formatBytes, unit: 'B' },
  bandwidth: { format: formatBandwidth, unit: 'bps' },
  count: { format: formatCount },
  percent: { format: formatPercent, unit: '%' },
  yuan: { format: formatYuan, unit: 'CNY', csv: (n) => n.toFixed(2) },
};

/**
 * Makers of the columns of a traffic table, their headings translated by `col` (a field's key by default):
 * `text` shows a field as it is, `figure` a number formatted in its cell and raw in the CSV.
 */
export function columnMakers<R>(col: (key: string) => string) {
  const text = (source: KeysOf<R, string | number>, key: string = source, align?: 'right'): CsvColumn<R> => ({
    source,
    label: col(key),
    render: (r) => r[source] as ReactNode,
    csv: (r) => r[source] as string | number,
    ...(align && { align }),
  });
  const figure = (source: KeysOf<R, number>, kind: FigureKind): CsvColumn<R> => {
    const { format, unit, csv: raw } = FIGURES[kind];
    const value = (r: R) => r[source] as number;
    return {
      source,
      label: col(source),
      ...(unit && { csvHeader: `${col(source)} (${unit})` }),
      render: (r) => <Nowrap>{format(value(r))}</Nowrap>,
      csv: (r) => (raw ? raw(value(r)) : value(r)),
      align: 'right',
    };
  };
  return { text, figure };
}

/** The CDN providers of a domain: their names, '—' for none (the CSV: the names, space-separated). */
export function providersColumn<R extends { providers: readonly string[] }>(
  label: string,
  providerName: (code: string) => string,
): CsvColumn<R> {
  return {
    source: 'providers',
    label,
    sortable: false,
    render: (r) => r.providers.map(providerName).join(', ') || '—',
    csv: (r) => r.providers.map(providerName).join(' '),
  };
}
