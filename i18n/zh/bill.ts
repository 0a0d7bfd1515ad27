/** 账单页面（/page/bill），中文。金额单位：元（¥）。 */
export default {
  pages: {
    'page/bill': {
      title: '账单',
      subtitle: '按域名实际用量计算的费用（单位：元），分别按流量计费和按月 95 峰值带宽计费。当月账单计算到当前时间。',
      month: '月份',
      currentQuery: '当前显示 %{month} 的账单，共 %{count} 个账号',
      empty: '%{month} 没有可计费的用量。',
      axis: {
        fee: '费用（¥）',
      },
      overview: {
        title: '账单概览（%{month}）',
        trafficFee: '按流量计费',
        trafficFeeNote: '按当月流量阶梯计价（每 GB）',
        bandwidthFee: '按 95 峰值带宽计费',
        bandwidthFeeNote: '当月 5 分钟带宽采样的 95 百分位',
        flow: '流量',
        request: '请求数',
        domains: '计费域名',
        chartTitle: '近 %{count} 个月的费用',
      },
      price: {
        title: '价格',
        traffic: '按流量计费，每个域名每月计算（1 GB = 1,000,000,000 字节）：',
        tier: '%{from} 至 %{to} GB：每 GB %{price}',
        tierAbove: '超过 %{from} GB：每 GB %{price}',
        bandwidth: '按 95 峰值带宽计费：当月 95 峰值带宽每 Mbps %{price}（去掉最高 5% 的 5 分钟采样点）。',
      },
      sum: {
        title: '按域名月汇总',
        total: '共 %{count} 个域名，流量 %{flow}；按流量计费 %{trafficFee}，按 95 峰值计费 %{bandwidthFee}',
      },
      detail: {
        title: '每日明细',
        domain: '域名',
        chartTitle: '每日流量计费',
        note: '每天的金额是当月阶梯流量费中属于当天的部分。95 峰值费用只按月计算（见月汇总）。',
      },
      columns: {
        date: '日期',
        domain: '域名',
        account: '账号',
        flow: '流量',
        request: '请求数',
        peakBandwidth: '峰值带宽',
        p95Bandwidth: '95 峰值带宽',
        trafficFee: '流量费用',
        bandwidthFee: '95 峰值费用',
      },
      menu: '账单',
    },
  },
};
