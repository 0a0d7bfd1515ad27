import { lazy, Suspense, type ComponentType } from 'react';
import { Skeleton } from '@mui/material';

/**
 * The charts, lazy-loaded so recharts, d3-geo and the world atlas stay out of the first load. Each
 * export renders a skeleton of the chart's height until its code has arrived.
 */
function lazyChart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, height = 320) {
  const Lazy = lazy(load);
  function LazyChart(props: P) {
    return (
      <Suspense fallback={<Skeleton variant="rectangular" height={height} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyChart;
}

export const TimeSeriesChart = lazyChart(() => import('./TimeSeriesChart'));
export const BarRanking = lazyChart(() => import('./BarRanking'));
export const PieShare = lazyChart(() => import('./PieShare'), 300);
export const WorldMap = lazyChart(() => import('./WorldMap'), 360);
export const ChinaMap = lazyChart(() => import('./ChinaMap'), 360);

export type { SeriesDef, TimePoint, TimeSeriesChartProps } from './TimeSeriesChart';
export type { RankItem, BarRankingProps } from './BarRanking';
export type { ShareSlice, PieShareProps } from './PieShare';
export type { CountryValue, WorldMapProps } from './WorldMap';
export type { ProvinceValue, ChinaMapProps } from './ChinaMap';
