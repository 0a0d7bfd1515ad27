/** Live domains at /cdn/liveDomain (English). */
export default {
  resources: {
    'cdn/liveDomain': {
      name: 'Live domain |||| Live domains',
      fields: {
        name: 'Domain name',
        customer: 'Customer',
        belongDomainGroup: 'Sub-account',
        type: 'Type',
        status: 'Status',
        operationState: 'Configuration',
        scope: 'Acceleration scope',
        protocol: 'Protocol',
        source: 'Source',
        cname: 'CNAME',
        createTime: 'Create time',
        updateTime: 'Update time',
      },
      menu: 'Live domains',
      title: 'Live domain list',
      empty: 'No live domains',
      values: {
        type: {
          live_push: 'Live push',
          live_pull: 'Live pull',
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
