/**
 * A short, readable name for a User-Agent header ('Chrome 126 · Windows', 'WeChat 8.0 · iOS',
 * 'curl 8.5.0') for charts and tables; the full header stays available next to it. Heuristic and pure.
 */

/** Clients checked in order: embedded browsers and bots before the engines they are built on. */
const CLIENTS: ReadonlyArray<[RegExp, string]> = [
  [/Googlebot\/([\d.]+)/, 'Googlebot'],
  [/Baiduspider\/([\d.]+)/, 'Baiduspider'],
  [/bingbot\/([\d.]+)/, 'Bingbot'],
  [/Bytespider/, 'Bytespider'],
  [/MicroMessenger\/(\d+\.\d+)/, 'WeChat'],
  [/HuaweiBrowser\/(\d+)/, 'Huawei Browser'],
  [/UCBrowser\/(\d+)/, 'UC Browser'],
  [/Edg\/(\d+)/, 'Edge'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari\//, 'Safari'],
  [/AppleCoreMedia\/([\d.]+)/, 'AppleCoreMedia'],
  [/ExoPlayerLib\/([\d.]+)/, 'ExoPlayer'],
  [/^okhttp\/([\d.]+)/, 'OkHttp'],
  [/^Dalvik\/([\d.]+)/, 'Android Dalvik'],
  [/^VLC\/([\d.]+)/, 'VLC'],
  [/^curl\/([\d.]+)/, 'curl'],
  [/^Wget\/([\d.]+)/, 'Wget'],
  [/^Microsoft BITS\/([\d.]+)/, 'Microsoft BITS'],
  [/^aria2\/([\d.]+)/, 'aria2'],
  [/APT-HTTP\/([\d.]+)/, 'APT'],
  [/^Go-http-client\/([\d.]+)/, 'Go http client'],
  [/^python-requests\/([\d.]+)/, 'Python requests'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/HarmonyOS/, 'HarmonyOS'],
  [/iPhone/, 'iOS'],
  [/iPad/, 'iPadOS'],
  [/Android/, 'Android'],
  [/Windows NT/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function summarizeUserAgent(ua: string): string {
  const text = ua.trim();
  if (!text) return '';
  let client = '';
  for (const [re, name] of CLIENTS) {
    const m = re.exec(text);
    if (m) {
      client = m[1] ? `${name} ${m[1]}` : name;
      break;
    }
  }
  // Unknown clients: their product token ('AcmePlayer/5.2.1 (...)' → 'AcmePlayer/5.2.1').
  if (!client) client = text.split(/\s+/)[0].slice(0, 40);
  const system = SYSTEMS.find(([re]) => re.test(text))?.[1];
  return system ? `${client} · ${system}` : client;
}
