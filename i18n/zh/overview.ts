/** 概览页面（/cdn/newoverview），中文。 */
export default {
  pages: {
    'cdn/newoverview': {
      title: '概览',
      subtitle: '域名的带宽、流量、请求数和缓存命中率。数值按 1000 进制换算（1 GB = 1,000,000,000 字节）。',
      empty: '该时间范围内没有流量。请选择更长的时间范围或其他域名。',
      tiles: {
        currentBandwidth: '当前带宽',
        currentNote: '%{start}–%{end} 的平均值',
        peakBandwidth: '峰值带宽',
        peakAt: '出现于 %{time}',
        flow: '流量',
        request: '请求数',
        hitPercent: '请求命中率',
        byteHitPercent: '字节命中率 %{value}',
        domains: '活跃域名',
        domainsNote: '该时间范围内有请求的域名',
      },
      comparedWith: '环比：与等长的上一周期（%{start} 至 %{end}）比较。',
      sequentialFailed: '无法获取与上一周期的比较：%{message}',
      curveTitle: '带宽与流量',
      series: {
        bandwidth: {
          '5m': '带宽（5 分钟均值）',
          '1h': '带宽（小时均值）',
          '1d': '带宽（日均值）',
        },
        flow: {
          '5m': '每 5 分钟流量',
          '1h': '每小时流量',
          '1d': '每日流量',
        },
      },
      axis: {
        bandwidth: '带宽',
        flow: '流量',
      },
      topDomains: '流量排名前列的域名',
      topChart: '流量前 10 的域名',
      noDomains: '该时间范围内没有域名产生流量。',
      columns: {
        rank: '排名',
        domain: '域名',
        account: '账号',
        flow: '流量',
        share: '流量占比',
        request: '请求数',
        hitPercent: '命中率',
        peakBandwidth: '峰值带宽',
      },
      menu: '概览',
    },
  },
};
