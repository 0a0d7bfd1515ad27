/** Overview screen (/cdn/newoverview), English. */
export default {
  pages: {
    'cdn/newoverview': {
      title: 'Overview',
      subtitle: 'Bandwidth, traffic, requests and cache hit rate of your domains. Figures use base-1000 units (1 GB = 1,000,000,000 bytes).',
      empty: 'No traffic in this range. Choose a longer range or other domains.',
      tiles: {
        currentBandwidth: 'Current bandwidth',
        currentNote: 'Average of %{start}–%{end}',
        peakBandwidth: 'Peak bandwidth',
        peakAt: 'at %{time}',
        flow: 'Traffic',
        request: 'Requests',
        hitPercent: 'Request hit rate',
        byteHitPercent: 'Byte hit rate %{value}',
        domains: 'Active domains',
        domainsNote: 'With requests in this range',
      },
      comparedWith: 'Changes compare with the previous period of the same length: %{start} to %{end}.',
      sequentialFailed: 'The comparison with the previous period is not available: %{message}',
      curveTitle: 'Bandwidth and traffic',
      series: {
        bandwidth: {
          '5m': 'Bandwidth (5-minute average)',
          '1h': 'Bandwidth (hourly average)',
          '1d': 'Bandwidth (daily average)',
        },
        flow: {
          '5m': 'Traffic per 5 minutes',
          '1h': 'Traffic per hour',
          '1d': 'Traffic per day',
        },
      },
      axis: {
        bandwidth: 'Bandwidth',
        flow: 'Traffic',
      },
      topDomains: 'Top domains by traffic',
      topChart: 'Traffic of the top 10 domains',
      noDomains: 'No domain had traffic in this range.',
      columns: {
        rank: 'Rank',
        domain: 'Domain',
        account: 'Account',
        flow: 'Traffic',
        share: 'Share of traffic',
        request: 'Requests',
        hitPercent: 'Hit rate',
        peakBandwidth: 'Peak bandwidth',
      },
      menu: 'Overview',
    },
  },
};
