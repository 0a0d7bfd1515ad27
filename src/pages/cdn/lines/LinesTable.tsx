import { Alert, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LineInfo, LineSummary } from '../../../../dataProviders/api/lines';
import { formatBandwidth, formatPercent } from '../../../lib/units';
import { CsvButton, LocalTable, type Column } from '../analysis/LocalTable';
import { Section } from '../analysis/TabParts';

type Row = LineInfo & Omit<LineSummary, 'code' | 'name' | 'capacity'> & { id: string };

const EMPTY_STATS = { peakIn: 0, peakOut: 0, avgIn: 0, avgOut: 0, p95Out: 0, peakUtilization: 0 };

/** Every line with its statistics over the range (static_data); a click on a name shows its curve. */
export function LinesTable({ lines, stats, onSelect, statsError }: { lines: LineInfo[]; stats: LineSummary[] | undefined; onSelect: (code: string) => void; statsError: string | null }) {
  const translate = useTranslate();
  const col = (key: string) => translate(`lines.columns.${key}`);
  const byCode = new Map((stats ?? []).map((s) => [s.code, s]));
  const rows: Row[] = lines.map((l) => {
    const s = byCode.get(l.code);
    const { code: _c, name: _n, capacity: _cap, ...figures } = s ?? { code: '', name: '', capacity: 0, ...EMPTY_STATS };
    return { ...l, ...figures, id: l.code };
  });
  const bw = (key: 'capacity' | 'peakOut' | 'peakIn' | 'avgOut' | 'avgIn' | 'p95Out'): Column<Row> => ({
    source: key,
    label: col(key),
    csvHeader: `${col(key)} (bps)`,
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatBandwidth(r[key])}</span>,
    csv: (r) => r[key],
    align: 'right',
  });
  const columns: Column<Row>[] = [
    {
      source: 'name',
      label: col('name'),
      render: (r) => (
        <Link component="button" type="button" onClick={() => onSelect(r.code)} sx={{ whiteSpace: 'nowrap' }} data-testid={`line-row-${r.code}`}>
          {r.name}
        </Link>
      ),
      csv: (r) => r.name,
    },
    { source: 'code', label: col('code'), render: (r) => r.code, csv: (r) => r.code },
    { source: 'address', label: col('address'), render: (r) => r.address, csv: (r) => r.address },
    bw('capacity'),
    bw('peakOut'),
    bw('peakIn'),
    bw('avgOut'),
    bw('p95Out'),
    {
      source: 'peakUtilization',
      label: col('peakUtilization'),
      csvHeader: `${col('peakUtilization')} (%)`,
      render: (r) => formatPercent(r.peakUtilization),
      csv: (r) => r.peakUtilization,
      align: 'right',
    },
  ];
  return (
    <Section title={translate('lines.tableTitle')} testId="lines-table" actions={<CsvButton rows={rows} columns={columns} name="lines" />}>
      {statsError && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="lines-stats-error">
          {translate('lines.statsFailed', { message: statsError })}
        </Alert>
      )}
      <LocalTable rows={rows} columns={columns} perPage={25} testId="table-lines" />
    </Section>
  );
}
