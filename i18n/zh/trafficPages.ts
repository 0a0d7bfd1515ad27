/** 概览、服务信息、线路、日志、用量排行和账单页面共用的文字（中文）。 */
export default {
  portal: {
    traffic: {
      loading: '加载中…',
      empty: '所选范围内暂无数据。',
      retry: '重试',
      refresh: '刷新',
      forbidden: '您没有此页面的权限，请联系管理员开通。',
      range: '时间范围',
      rangeShown: '%{start} 至 %{end}',
      accounts: '账号',
      allAccounts: '全部账号',
      domains: '域名',
      allDomains: '全部域名',
      presets: {
        today: '今天',
        yesterday: '昨天',
        threeDays: '近 3 天',
        week: '近 7 天',
        month: '本月',
        lastMonth: '上月',
        userDefined: '自定义',
      },
      change: {
        versus: '较上一周期 %{value}',
        points: '%{value} 个百分点',
        previous: '上一周期：%{value}',
        noPrevious: '上一周期无数据',
      },
    },
  },
};
