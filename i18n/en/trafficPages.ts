/** Texts shared by the overview, service-info, lines, log, ranking and bill screens (English). */
export default {
  portal: {
    traffic: {
      loading: 'Loading…',
      empty: 'No data for this selection.',
      retry: 'Retry',
      refresh: 'Refresh',
      forbidden: 'You do not have permission for this page. Ask your administrator for access.',
      range: 'Time range',
      rangeShown: '%{start} to %{end}',
      accounts: 'Accounts',
      allAccounts: 'All accounts',
      domains: 'Domains',
      allDomains: 'All domains',
      presets: {
        today: 'Today',
        yesterday: 'Yesterday',
        threeDays: 'Last 3 days',
        week: 'Last 7 days',
        month: 'This month',
        lastMonth: 'Last month',
        userDefined: 'Custom',
      },
      change: {
        versus: '%{value} vs previous period',
        points: '%{value} pp',
        previous: 'Previous: %{value}',
        noPrevious: 'No data in the previous period',
      },
    },
  },
};
