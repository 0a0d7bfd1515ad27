import { useState } from 'react';
import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnalysisMeasure, IpItem } from '../../../../common/wire/traffic/index';
import { BarRanking } from '../../../../src/charts';
import { formatCount } from '../../../../src/lib/units';
import { ColumnsTable, CsvButton, type CsvColumn } from '../../../../src/kit/ColumnsTable';
import { Figure, MeasureToggle, QueryView, Section } from '../TabParts';
import { useAnalysisQuery, type TabProps } from '../useAnalysisQuery';
import { useAnalysisLabels } from '../labels';
import { flowColumn, rankColumn, requestColumn } from './columns';
import { Choice, optionsOf } from '../../shared/Choice';

type IpRow = IpItem & { id: string; rank: number };
type Scope = 'all' | 'cn';

/** Independent IPs: how many client IPs, and the top 100 (worldwide or in China) by requests or flow. */
export function IndependentIpTab(props: TabProps) {
  const translate = useTranslate();
  const labels = useAnalysisLabels();
  const [measure, setMeasure] = useState<AnalysisMeasure>('request');
  const [scope, setScope] = useState<Scope>('all');
  const state = useAnalysisQuery(`ip-${measure}`, props, (dp) => dp.analysisIndependentIp(props.variant, props.applied.search, measure), {
    needsDomains: true,
  });
  const list = (scope === 'cn' ? state.data?.listCN : state.data?.listAll) ?? [];
  const rows: IpRow[] = list.map((r, i) => ({ ...r, id: r.ip, rank: i + 1 }));
  const columns: CsvColumn<IpRow>[] = [
    rankColumn<IpRow>(translate),
    { source: 'ip', label: translate('pages.cdn/analysisOff.columns.ip'), render: (r) => r.ip, csv: (r) => r.ip },
    {
      source: 'country',
      label: translate('pages.cdn/analysisOff.columns.country'),
      render: (r) => labels.country(r.country),
      csv: (r) => labels.country(r.country),
    },
    {
      source: 'province',
      label: translate('pages.cdn/analysisOff.columns.province'),
      render: (r) => (r.province ? labels.province(r.province) : '—'),
      csv: (r) => (r.province ? labels.province(r.province) : ''),
    },
    {
      source: 'isp',
      label: translate('pages.cdn/analysisOff.columns.isp'),
      render: (r) => labels.isp(r.isp),
      csv: (r) => labels.isp(r.isp),
    },
    requestColumn<IpRow>(translate),
    flowColumn<IpRow>(translate),
  ];
  return (
    <Section
      title={translate('pages.cdn/analysisOff.ip.tableTitle')}
      testId="tab-ip"
      actions={
        <>
          <Choice
            value={scope}
            onChange={setScope}
            label={translate('pages.cdn/analysisOff.ip.scope')}
            options={optionsOf(['all', 'cn'] as const, (s) =>
              translate(s === 'all' ? 'pages.cdn/analysisOff.ip.scopeAll' : 'pages.cdn/analysisOff.ip.scopeCN'),
            )}
          />
          <MeasureToggle value={measure} onChange={setMeasure} />
          <CsvButton rows={rows} columns={columns} name={`independent-ip-${scope}-${measure}`} />
        </>
      }
    >
      <QueryView state={state} isEmpty={(d) => d.count === 0}>
        {(d) => (
          <>
            <Stack direction="row" spacing={4} sx={{ mb: 1 }}>
              <Figure label={translate('pages.cdn/analysisOff.ip.count')} value={formatCount(d.count)} testId="ip-count" />
            </Stack>
            <Typography variant="subtitle2">{translate('pages.cdn/analysisOff.ip.chartTitle')}</Typography>
            <BarRanking
              data={rows.map((r) => ({ name: r.ip, value: measure === 'flow' ? r.flow : r.request }))}
              kind={measure === 'flow' ? 'bytes' : 'count'}
              valueTitle={translate(measure === 'flow' ? 'pages.cdn/analysisOff.axis.flow' : 'pages.cdn/analysisOff.axis.requests')}
              labelWidth={130}
            />
            <ColumnsTable rows={rows} columns={columns} sorting testId="table-ip" />
          </>
        )}
      </QueryView>
    </Section>
  );
}
