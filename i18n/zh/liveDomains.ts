/** 直播域名 /cdn/liveDomain（中文）。 */
export default {
  resources: {
    'cdn/liveDomain': {
      name: '直播域名',
      fields: {
        name: '域名',
        customer: '客户',
        belongDomainGroup: '子账号',
        type: '类型',
        status: '状态',
        operationState: '配置状态',
        scope: '加速区域',
        protocol: '协议',
        source: '源站',
        cname: 'CNAME',
        createTime: '创建时间',
        updateTime: '更新时间',
      },
      menu: '直播域名',
      title: '直播域名列表',
      empty: '暂无直播域名',
      values: {
        type: {
          live_push: '直播推流',
          live_pull: '直播拉流',
        },
        protocol: {
          rtmp: 'RTMP',
          flv: 'HTTP-FLV',
          hls: 'HLS',
        },
      },
    },
  },
};
