/** Server messages of the edge nodes' protocol (issue #33, docs/edge.md). */
export default {
  edgeUnauthorized: { zh: '边缘节点请求未通过签名校验', en: 'edge call refused: unsigned, wrongly signed, stale or replayed' },
  edgeRegistrationDisabled: { zh: '未配置边缘节点注册令牌', en: 'edge registration is disabled (no PORTAL_EDGE_TOKEN)' },
  edgeBadBody: { zh: '边缘节点请求体无效', en: 'edge call: the body is not valid JSON' },
  edgeUnsupportedStream: { zh: '不支持的日志流', en: 'unsupported stream' },
  edgeBadLogPart: { zh: '日志分片无法解压', en: 'edge log part: not a gzip of JSON lines' },
} as const;
