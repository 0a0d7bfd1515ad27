/** Server messages of the input and request checks (issue #22). */
export default {
  invalidCharacters: { zh: '请求参数错误：包含无效字符', en: 'Invalid request: it contains invalid characters' },
  valueOutOfRange: { zh: '请求参数错误：数值超出范围', en: 'Invalid request: a number is out of range' },
  invalidValue: { zh: '请求参数错误：值无效', en: 'Invalid request: a value is not valid' },
} as const satisfies Record<string, { zh: string; en: string }>;
