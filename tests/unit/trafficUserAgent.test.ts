import { describe, expect, it } from 'vitest';
import { summarizeUserAgent } from '../../src/lib/userAgent';

describe('summarizeUserAgent', () => {
  it('names browsers, apps, players, tools and bots with their version and system', () => {
    const cases: Array<[string, string]> = [
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
        'Chrome 126 · Windows',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
        'Edge 126 · Windows',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari 17.5 · iOS',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
        'Safari 17.5 · macOS',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN',
        'WeChat 8.0 · iOS',
      ],
      [
        'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.5735.196 HuaweiBrowser/14.0.5.302 Mobile Safari/537.36',
        'Huawei Browser 14 · HarmonyOS',
      ],
      ['AcmePlayer/5.2.1 (Linux;Android 13) ExoPlayerLib/2.19.1', 'ExoPlayer 2.19.1 · Android'],
      ['curl/8.5.0', 'curl 8.5.0'],
      ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot 2.1'],
      [
        'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
        'Bytespider · Android',
      ],
      ['SomeTool/1.0', 'SomeTool/1.0'],
      ['', ''],
    ];
    for (const [ua, name] of cases) expect(summarizeUserAgent(ua)).toBe(name);
  });
});
