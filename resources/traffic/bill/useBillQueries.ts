import { useStore } from 'react-admin';
import type { BillQuery } from '../../../common/wire/traffic/index';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import { monthsBefore } from './money';

/** Months of history the overview chart shows, ending with the chosen month. */
export const HISTORY_MONTHS = 6;

/** The bill state's current query (spec §4: stored after the detail and sum calls, even when they fail). */
export const useCurrentBillQuery = () => useStore<BillQuery | null>('bill.query', null);

/**
 * The three bill calls of a month: overview over the months up to it, the month's sum per domain, and
 * its daily detail per domain.
 */
export function useBillQueries(query: BillQuery) {
  const [, setCurrent] = useCurrentBillQuery();
  const remember = async <T>(call: Promise<T>): Promise<T> => {
    try {
      return await call;
    } finally {
      setCurrent(query);
    }
  };
  const history: BillQuery = { ...query, startMonth: monthsBefore(query.endMonth, HISTORY_MONTHS - 1) };
  const overview = usePortalQuery(['billOverview', history], (dp) => dp.billOverview(history));
  const sum = usePortalQuery(['billSum', query], (dp) => remember(dp.billSum(query)));
  const detail = usePortalQuery(['billDetail', query], (dp) => remember(dp.billDetail(query)));
  return { overview, sum, detail };
}
