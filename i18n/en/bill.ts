/** Bills screen (/page/bill), English. Amounts in yuan (¥). */
export default {
  pages: {
    'page/bill': {
      title: 'Bills',
      subtitle: 'Fees in yuan (¥) computed from the measured usage of your domains, under traffic billing and under 95th-percentile bandwidth billing. The running month is billed up to now.',
      month: 'Month',
      currentQuery: 'Showing the bill of %{month} for %{count} accounts',
      empty: 'No usage to bill in %{month}.',
      axis: {
        fee: 'Fee (¥)',
      },
      overview: {
        title: 'Bill overview, %{month}',
        trafficFee: 'Traffic billing',
        trafficFeeNote: 'Tiered price per GB of the month',
        bandwidthFee: '95th percentile bandwidth billing',
        bandwidthFeeNote: 'Monthly 95th percentile of 5-minute bandwidth',
        flow: 'Traffic',
        request: 'Requests',
        domains: 'Billed domains',
        chartTitle: 'Fees of the last %{count} months',
      },
      price: {
        title: 'Prices',
        traffic: 'Traffic billing, per domain and month (1 GB = 1,000,000,000 bytes):',
        tier: '%{from} to %{to} GB: %{price} per GB',
        tierAbove: 'Above %{from} GB: %{price} per GB',
        bandwidth: '95th percentile bandwidth billing: %{price} per Mbps of the month\'s 95th percentile (the highest 5 % of the 5-minute samples are not counted).',
      },
      sum: {
        title: 'Monthly sum per domain',
        total: '%{count} domains, traffic %{flow}; traffic billing %{trafficFee}, 95th percentile billing %{bandwidthFee}',
      },
      detail: {
        title: 'Daily detail',
        domain: 'Domain',
        chartTitle: 'Traffic billing per day',
        note: 'Each day carries its part of the month\'s tiered traffic fee. The 95th percentile fee exists per month only (see the monthly sum).',
      },
      columns: {
        date: 'Date',
        domain: 'Domain',
        account: 'Account',
        flow: 'Traffic',
        request: 'Requests',
        peakBandwidth: 'Peak bandwidth',
        p95Bandwidth: '95th percentile bandwidth',
        trafficFee: 'Traffic fee',
        bandwidthFee: '95th percentile fee',
      },
      menu: 'Bills',
    },
  },
};
