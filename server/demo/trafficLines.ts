import type { TrafficEngine } from '../stores/traffic/engine';
import { DIURNAL } from './trafficProfiles';
import { insertDemoLineBandwidth, insertDemoLines } from '../stores/traffic/trafficDemo';

/** The provider's demo lines: real places, plausible data-centre addresses, capacity in bit/s. */
export const DEMO_LINES = [
  {
    code: 'cn-bj-01',
    name: 'Beijing 1',
    name_zh: '北京一号线',
    coordinates: '116.4913,39.9687',
    address: 'Jiuxianqiao Road, Chaoyang District, Beijing',
    address_zh: '北京市朝阳区酒仙桥路',
    country: 'CN',
    province: 'Beijing',
    capacity: 400e9,
    tz: 8,
  },
  {
    code: 'cn-sh-01',
    name: 'Shanghai 1',
    name_zh: '上海一号线',
    coordinates: '121.5897,31.3386',
    address: 'Waigaoqiao Free Trade Zone, Pudong New Area, Shanghai',
    address_zh: '上海市浦东新区外高桥保税区',
    country: 'CN',
    province: 'Shanghai',
    capacity: 400e9,
    tz: 8,
  },
  {
    code: 'cn-gz-01',
    name: 'Guangzhou 1',
    name_zh: '广州一号线',
    coordinates: '113.4528,23.1713',
    address: 'Science City, Huangpu District, Guangzhou, Guangdong',
    address_zh: '广东省广州市黄埔区科学城',
    country: 'CN',
    province: 'Guangdong',
    capacity: 400e9,
    tz: 8,
  },
  {
    code: 'cn-cd-01',
    name: 'Chengdu 1',
    name_zh: '成都一号线',
    coordinates: '104.0689,30.5408',
    address: 'Tianfu Software Park, High-tech Zone, Chengdu, Sichuan',
    address_zh: '四川省成都市高新区天府软件园',
    country: 'CN',
    province: 'Sichuan',
    capacity: 200e9,
    tz: 8,
  },
  {
    code: 'cn-wh-01',
    name: 'Wuhan 1',
    name_zh: '武汉一号线',
    coordinates: '114.4124,30.4801',
    address: 'Optics Valley, East Lake High-tech Zone, Wuhan, Hubei',
    address_zh: '湖北省武汉市东湖高新区光谷',
    country: 'CN',
    province: 'Hubei',
    capacity: 200e9,
    tz: 8,
  },
  {
    code: 'cn-xa-01',
    name: "Xi'an 1",
    name_zh: '西安一号线',
    coordinates: '108.8867,34.1932',
    address: "High-tech Zone, Yanta District, Xi'an, Shaanxi",
    address_zh: '陕西省西安市雁塔区高新区',
    country: 'CN',
    province: 'Shaanxi',
    capacity: 100e9,
    tz: 8,
  },
  {
    code: 'hk-01',
    name: 'Hong Kong 1',
    name_zh: '香港一号线',
    coordinates: '114.2390,22.2646',
    address: '399 Chai Wan Road, Chai Wan, Hong Kong',
    address_zh: '香港柴湾柴湾道399号',
    country: 'HK',
    province: '',
    capacity: 200e9,
    tz: 8,
  },
  {
    code: 'sg-01',
    name: 'Singapore 1',
    name_zh: '新加坡一号线',
    coordinates: '103.7870,1.2950',
    address: '20 Ayer Rajah Crescent, Singapore 139964',
    address_zh: '新加坡 Ayer Rajah Crescent 20号',
    country: 'SG',
    province: '',
    capacity: 100e9,
    tz: 8,
  },
  {
    code: 'jp-tyo-01',
    name: 'Tokyo 1',
    name_zh: '东京一号线',
    coordinates: '139.7660,35.6860',
    address: 'Otemachi, Chiyoda City, Tokyo',
    address_zh: '日本东京都千代田区大手町',
    country: 'JP',
    province: '',
    capacity: 100e9,
    tz: 9,
  },
  {
    code: 'de-fra-01',
    name: 'Frankfurt 1',
    name_zh: '法兰克福一号线',
    coordinates: '8.7237,50.1127',
    address: 'Hanauer Landstraße, 60314 Frankfurt am Main, Germany',
    address_zh: '德国法兰克福 Hanauer Landstraße',
    country: 'DE',
    province: '',
    capacity: 100e9,
    tz: 1,
  },
  {
    code: 'us-lax-01',
    name: 'Los Angeles 1',
    name_zh: '洛杉矶一号线',
    coordinates: '-118.2551,34.0489',
    address: '624 S Grand Ave, Los Angeles, CA 90017, USA',
    address_zh: '美国洛杉矶 S Grand Ave 624号',
    country: 'US',
    province: '',
    capacity: 100e9,
    tz: -8,
  },
  {
    code: 'us-ash-01',
    name: 'Ashburn 1',
    name_zh: '阿什本一号线',
    coordinates: '-77.4874,39.0438',
    address: 'Ashburn, Loudoun County, Virginia, USA',
    address_zh: '美国弗吉尼亚州阿什本',
    country: 'US',
    province: '',
    capacity: 100e9,
    tz: -5,
  },
] as const;

/** Hourly level 0..24 of a line: a blend of video and web traffic. */
function hourly(): number[] {
  const at = (pts: Array<[number, number]>, h: number) => {
    for (let i = 1; i < pts.length; i++) {
      if (h <= pts[i][0]) return pts[i - 1][1] + ((pts[i][1] - pts[i - 1][1]) * (h - pts[i - 1][0])) / (pts[i][0] - pts[i - 1][0]);
    }
    return pts[pts.length - 1][1];
  };
  return Array.from({ length: 25 }, (_, h) => 0.6 * at(DIURNAL.vod, h) + 0.4 * at(DIURNAL.static, h));
}

/** Writes the demo lines and `days` days of 1-minute bandwidth per line (the 5-minute view fills itself). */
export async function seedDemoLines(engine: TrafficEngine, now: number, days = 7): Promise<number> {
  await insertDemoLines(engine, DEMO_LINES);
  const end = Math.floor(now / 60) * 60;
  return insertLineBandwidth(engine, end - days * 86400, end);
}

/** 1-minute bandwidth of every demo line for minutes in [start, end) (epoch s, minute-aligned). */
export async function insertLineBandwidth(engine: TrafficEngine, start: number, end: number): Promise<number> {
  return insertDemoLineBandwidth(engine, DEMO_LINES, hourly(), start, end);
}
