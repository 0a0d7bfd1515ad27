/** Usage ranking screen (/cdn/customRank), English. */
export default {
  pages: {
    'cdn/customRank': {
      title: 'Usage ranking',
      subtitle: 'Your domains ranked by traffic or by requests over the chosen range. Click a column header to sort.',
      empty: 'No domain had traffic in this range.',
      tableTitle: 'Domain ranking',
      sortBy: 'Rank by',
      byFlow: 'By traffic',
      byRequest: 'By requests',
      providers: 'Lines',
      allProviders: 'All lines',
      total: {
        flow: '%{count} domains, %{value} in total',
        request: '%{count} domains, %{value} requests in total',
      },
      chart: {
        flow: 'Top 10 domains by traffic',
        request: 'Top 10 domains by requests',
      },
      axis: {
        flow: 'Traffic',
        request: 'Requests',
      },
      columns: {
        rank: 'Rank',
        domain: 'Domain',
        account: 'Account',
        flow: 'Traffic',
        request: 'Requests',
        ratio: {
          flow: 'Share of traffic',
          request: 'Share of requests',
        },
        providers: 'Lines',
      },
      menu: 'Usage ranking',
    },
  },
};
