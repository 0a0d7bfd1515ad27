/** 用量排行页面（/cdn/customRank），中文。 */
export default {
  pages: {
    'cdn/customRank': {
      title: '用量排行',
      subtitle: '按所选时间范围内的流量或请求数对域名排行。点击列标题可排序。',
      empty: '该时间范围内没有域名产生流量。',
      tableTitle: '域名排行',
      sortBy: '排行依据',
      byFlow: '按流量',
      byRequest: '按请求数',
      providers: '线路',
      allProviders: '全部线路',
      total: {
        flow: '共 %{count} 个域名，总流量 %{value}',
        request: '共 %{count} 个域名，总请求数 %{value}',
      },
      chart: {
        flow: '流量前 10 的域名',
        request: '请求数前 10 的域名',
      },
      axis: {
        flow: '流量',
        request: '请求数',
      },
      columns: {
        rank: '排名',
        domain: '域名',
        account: '账号',
        flow: '流量',
        request: '请求数',
        ratio: {
          flow: '流量占比',
          request: '请求数占比',
        },
        providers: '线路',
      },
      menu: '用量排行',
    },
  },
};
