import { useState, type ReactNode } from 'react';
import { Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnalysisMeasure, ShareItem } from '../../../../common/wire/traffic/index';
import { ChinaMap, PieShare, WorldMap, type ShareSlice } from '../../../../src/charts';
import { formatBytes, formatCount, formatPercent, percentOf } from '../../../../src/lib/units';
import { ColumnsTable, CsvButton, type CsvColumn } from '../../../../src/kit/ColumnsTable';
import { MeasureToggle, QueryView, Section } from '../TabParts';
import { useAnalysisQuery, type TabProps } from '../useAnalysisQuery';
import { useAnalysisLabels } from '../labels';
import { percentColumn, rankColumn } from './columns';

type ShareRow = ShareItem & { id: string; rank: number; label: string };

function shareRows(list: ShareItem[], label: (name: string) => string): ShareRow[] {
  return [...list].sort((a, b) => b.value - a.value).map((s, i) => ({ ...s, id: s.name || `-${i}`, rank: i + 1, label: label(s.name) }));
}

/** Ranked share table: rank, place, requests or traffic, share. */
function useShareColumns(measure: AnalysisMeasure, placeLabel: string): CsvColumn<ShareRow>[] {
  const translate = useTranslate();
  const valueLabel = translate(measure === 'flow' ? 'pages.cdn/analysisOff.columns.flow' : 'pages.cdn/analysisOff.columns.requests');
  return [
    rankColumn<ShareRow>(translate),
    { source: 'label', label: placeLabel, render: (r) => r.label, csv: (r) => r.label },
    {
      source: 'value',
      label: valueLabel,
      csvHeader: measure === 'flow' ? `${valueLabel} (B)` : valueLabel,
      render: (r) => (measure === 'flow' ? formatBytes(r.value) : formatCount(r.value)),
      csv: (r) => r.value,
      align: 'right',
    },
    percentColumn<ShareRow>(translate),
  ];
}

/** A map beside a pie of the shares (continents, ISPs) under its title; stacked on narrow screens. */
function MapAndPie({
  map,
  mapColumns,
  pieTitle,
  slices,
  kind,
}: {
  map: ReactNode;
  /** of 12 on large screens; the pie takes the rest */
  mapColumns: number;
  pieTitle: string;
  slices: ShareSlice[];
  kind: 'bytes' | 'count';
}) {
  const translate = useTranslate();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: mapColumns }}>{map}</Grid>
      <Grid size={{ xs: 12, lg: 12 - mapColumns }}>
        <Typography variant="subtitle2">{pieTitle}</Typography>
        <PieShare data={slices} kind={kind} otherLabel={translate('pages.cdn/analysisOff.other')} legend="bottom" height={340} />
      </Grid>
    </Grid>
  );
}

/** User distribution: world map and countries, China map with provinces and ISPs, by requests or flow. */
export function DistributionTab(props: TabProps) {
  const translate = useTranslate();
  const labels = useAnalysisLabels();
  const [measure, setMeasure] = useState<AnalysisMeasure>('request');
  const { variant, applied } = props;
  const world = useAnalysisQuery(`userAll-${measure}`, props, (dp) => dp.analysisUserAll(variant, applied.search, measure), {
    needsDomains: true,
  });
  const china = useAnalysisQuery(`userCn-${measure}`, props, (dp) => dp.analysisUserCn(variant, applied.search, measure), {
    needsDomains: true,
  });
  const kind = measure === 'flow' ? 'bytes' : 'count';
  const valueTitle = translate(measure === 'flow' ? 'pages.cdn/analysisOff.axis.flow' : 'pages.cdn/analysisOff.axis.requests');
  const countries = shareRows(world.data?.countryList ?? [], labels.country);
  const provinces = shareRows(china.data?.provinceList ?? [], labels.province);
  const countryColumns = useShareColumns(measure, translate('pages.cdn/analysisOff.columns.country'));
  const provinceColumns = useShareColumns(measure, translate('pages.cdn/analysisOff.columns.province'));
  const noData = translate('pages.cdn/analysisOff.noData');
  return (
    <>
      <Section
        title={translate('pages.cdn/analysisOff.distribution.worldTitle')}
        testId="tab-distribution"
        actions={
          <>
            <MeasureToggle value={measure} onChange={setMeasure} />
            <CsvButton rows={countries} columns={countryColumns} name={`user-countries-${measure}`} />
          </>
        }
      >
        <QueryView state={world} isEmpty={(d) => d.count === 0} height={360}>
          {(d) => (
            <>
              <MapAndPie
                mapColumns={8}
                map={
                  <WorldMap
                    data={d.countryList.map((c) => ({ code: c.name, value: c.value }))}
                    kind={kind}
                    valueTitle={valueTitle}
                    nameOf={labels.country}
                    noDataText={noData}
                  />
                }
                pieTitle={translate('pages.cdn/analysisOff.distribution.continents')}
                slices={d.continentList.map((c) => ({ name: labels.continent(c.name), value: c.value }))}
                kind={kind}
              />
              <ColumnsTable rows={countries} columns={countryColumns} sorting testId="table-countries" />
            </>
          )}
        </QueryView>
      </Section>
      <Section
        title={translate('pages.cdn/analysisOff.distribution.chinaTitle')}
        actions={<CsvButton rows={provinces} columns={provinceColumns} name={`user-provinces-${measure}`} />}
      >
        <QueryView state={china} isEmpty={(d) => d.countCN === 0} height={360}>
          {(d) => (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('pages.cdn/analysisOff.distribution.chinaShare', {
                  value: measure === 'flow' ? formatBytes(d.countCN) : formatCount(d.countCN),
                  percent: formatPercent(percentOf(d.countCN, d.count)),
                })}
              </Typography>
              <MapAndPie
                mapColumns={7}
                map={
                  <ChinaMap
                    data={d.provinceList.map((p) => ({ name: p.name, value: p.value }))}
                    kind={kind}
                    valueTitle={valueTitle}
                    nameOf={labels.province}
                    noDataText={noData}
                  />
                }
                pieTitle={translate('pages.cdn/analysisOff.distribution.isps')}
                slices={d.ispList.map((c) => ({ name: labels.isp(c.name), value: c.value }))}
                kind={kind}
              />
              <ColumnsTable rows={provinces} columns={provinceColumns} sorting testId="table-provinces" />
            </>
          )}
        </QueryView>
      </Section>
    </>
  );
}
