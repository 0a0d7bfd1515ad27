/** Service info screen (/cdn/newserviceinfo), English. */
export default {
  pages: {
    'cdn/newserviceinfo': {
      menu: 'Service info',
      title: 'Service info',
      subtitle: 'Your account, its sub-accounts, the services you use and every accelerated domain with its usage in the month.',
      empty: 'This account has no domains yet.',
      chooseAccount: 'Account',
      month: 'Month',
      never: 'No traffic this month',
      domainsTitle: 'Domains (%{count})',
      account: {
        company: 'Company',
        identity: 'Account',
        subAccounts: 'Sub-accounts',
        domains: 'Domains',
        dataSpan: 'Traffic data',
        noData: 'No traffic recorded yet',
        providers: 'Lines in use:',
      },
      types: {
        cdn: 'CDN acceleration',
        download: 'Download',
        vod: 'Video on demand',
        static: 'Static content',
        live_push: 'Live push',
        live_pull: 'Live pull',
      },
      columns: {
        domain: 'Domain',
        account: 'Account',
        service: 'Service',
        domainCount: 'Domains',
        flow: 'Traffic',
        request: 'Requests',
        peakBandwidth: 'Peak bandwidth',
        providers: 'Lines',
        lastSeen: 'Last traffic',
      },
    },
  },
};
