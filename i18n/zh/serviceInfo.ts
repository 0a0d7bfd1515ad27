/** 服务信息页面（/cdn/newserviceinfo），中文。 */
export default {
  pages: {
    'cdn/newserviceinfo': {
      menu: '服务信息',
      title: '服务信息',
      subtitle: '您的账号、子账号、使用的服务，以及每个加速域名在所选月份的用量。',
      empty: '该账号还没有域名。',
      chooseAccount: '账号',
      month: '月份',
      never: '本月无流量',
      domainsTitle: '域名（%{count}）',
      account: {
        company: '公司',
        identity: '账号',
        subAccounts: '子账号',
        domains: '域名数',
        dataSpan: '流量数据',
        noData: '尚无流量记录',
        providers: '使用中的线路：',
      },
      types: {
        cdn: 'CDN 加速',
        download: '下载加速',
        vod: '视频点播',
        static: '静态加速',
        live_push: '直播推流',
        live_pull: '直播拉流',
      },
      columns: {
        domain: '域名',
        account: '账号',
        service: '服务',
        domainCount: '域名数',
        flow: '流量',
        request: '请求数',
        peakBandwidth: '峰值带宽',
        providers: '线路',
        lastSeen: '最近流量',
      },
    },
  },
};
