import { Alert, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LineInfo, LineSummary } from '../../../dataProviders/api/traffic';
import { formatBandwidth, formatPercent } from '../../../src/lib/units';
import { ColumnsTable, CsvButton, type CsvColumn } from '../../../src/kit/ColumnsTable';
import { Section } from '../../../src/kit/QueryView';
import { Nowrap } from '../shared/Nowrap';
import { columnMakers } from '../shared/columns';

type Figures = Omit<LineSummary, 'code' | 'name' | 'capacity'>;
/** A line and its statistics; null while they load or when the line has none. */
type Row = LineInfo & { stats: Figures | null; id: string };

/** Every line with its statistics over the range (static_data); a click on a name shows its curve. */
export function LinesTable({
  lines,
  stats,
  onSelect,
  statsError,
}: {
  lines: LineInfo[];
  stats: LineSummary[] | undefined;
  onSelect: (code: string) => void;
  statsError: string | null;
}) {
  const translate = useTranslate();
  const col = (key: string) => translate(`pages.cdn/linesinfo.columns.${key}`);
  const { text, figure } = columnMakers<Row>(col);
  const byCode = new Map((stats ?? []).map((s) => [s.code, s]));
  const rows: Row[] = lines.map((l) => {
    const s = byCode.get(l.code);
    return {
      ...l,
      stats: s
        ? { peakIn: s.peakIn, peakOut: s.peakOut, avgIn: s.avgIn, avgOut: s.avgOut, p95Out: s.p95Out, peakUtilization: s.peakUtilization }
        : null,
      id: l.code,
    };
  });
  const bw = (key: 'peakOut' | 'peakIn' | 'avgOut' | 'p95Out'): CsvColumn<Row> => ({
    source: `stats.${key}`,
    label: col(key),
    csvHeader: `${col(key)} (bps)`,
    render: (r) => <Nowrap>{r.stats ? formatBandwidth(r.stats[key]) : '—'}</Nowrap>,
    csv: (r) => r.stats?.[key] ?? '',
    align: 'right',
  });
  const columns: CsvColumn<Row>[] = [
    {
      source: 'name',
      label: col('name'),
      render: (r) => (
        <Link
          component="button"
          type="button"
          onClick={() => onSelect(r.code)}
          sx={{ whiteSpace: 'nowrap' }}
          data-testid={`line-row-${r.code}`}
        >
          {r.name}
        </Link>
      ),
      csv: (r) => r.name,
    },
    { source: 'code', label: col('code'), render: (r) => <Nowrap>{r.code}</Nowrap>, csv: (r) => r.code },
    text('address'),
    figure('capacity', 'bandwidth'),
    bw('peakOut'),
    bw('peakIn'),
    bw('avgOut'),
    bw('p95Out'),
    {
      source: 'stats.peakUtilization',
      label: col('peakUtilization'),
      csvHeader: `${col('peakUtilization')} (%)`,
      render: (r) => <Nowrap>{r.stats ? formatPercent(r.stats.peakUtilization) : '—'}</Nowrap>,
      csv: (r) => r.stats?.peakUtilization ?? '',
      align: 'right',
    },
  ];
  return (
    <Section
      title={translate('pages.cdn/linesinfo.tableTitle')}
      testId="lines-table"
      actions={<CsvButton rows={rows} columns={columns} name="lines" />}
    >
      {statsError && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="lines-stats-error">
          {translate('pages.cdn/linesinfo.statsFailed', { message: statsError })}
        </Alert>
      )}
      <ColumnsTable rows={rows} columns={columns} sorting={{ perPage: 25 }} testId="table-lines" />
    </Section>
  );
}
