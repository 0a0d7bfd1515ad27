/**
 * China's 34 provincial-level divisions with the coordinates of their capitals ([longitude, latitude]),
 * where the China map places each province's bubble (no province shapes are installed). The traffic store
 * names provinces in pinyin ('Guangdong'); `aliases` lists other spellings seen in IP databases.
 */
export interface ChinaProvince {
  /** pinyin name as stored by the traffic store */
  name: string;
  zh: string;
  en: string;
  capital: { zh: string; en: string };
  coordinates: [number, number];
  aliases?: string[];
}

export const CHINA_PROVINCES: readonly ChinaProvince[] = [
  { name: 'Beijing', zh: '北京', en: 'Beijing', capital: { zh: '北京', en: 'Beijing' }, coordinates: [116.41, 39.9] },
  { name: 'Tianjin', zh: '天津', en: 'Tianjin', capital: { zh: '天津', en: 'Tianjin' }, coordinates: [117.2, 39.13] },
  { name: 'Hebei', zh: '河北', en: 'Hebei', capital: { zh: '石家庄', en: 'Shijiazhuang' }, coordinates: [114.51, 38.04] },
  { name: 'Shanxi', zh: '山西', en: 'Shanxi', capital: { zh: '太原', en: 'Taiyuan' }, coordinates: [112.55, 37.87] },
  {
    name: 'Inner Mongolia',
    zh: '内蒙古',
    en: 'Inner Mongolia',
    capital: { zh: '呼和浩特', en: 'Hohhot' },
    coordinates: [111.75, 40.84],
    aliases: ['Neimenggu', 'Nei Mongol', 'InnerMongolia'],
  },
  { name: 'Liaoning', zh: '辽宁', en: 'Liaoning', capital: { zh: '沈阳', en: 'Shenyang' }, coordinates: [123.43, 41.8] },
  { name: 'Jilin', zh: '吉林', en: 'Jilin', capital: { zh: '长春', en: 'Changchun' }, coordinates: [125.32, 43.82] },
  { name: 'Heilongjiang', zh: '黑龙江', en: 'Heilongjiang', capital: { zh: '哈尔滨', en: 'Harbin' }, coordinates: [126.64, 45.76] },
  { name: 'Shanghai', zh: '上海', en: 'Shanghai', capital: { zh: '上海', en: 'Shanghai' }, coordinates: [121.47, 31.23] },
  { name: 'Jiangsu', zh: '江苏', en: 'Jiangsu', capital: { zh: '南京', en: 'Nanjing' }, coordinates: [118.8, 32.06] },
  { name: 'Zhejiang', zh: '浙江', en: 'Zhejiang', capital: { zh: '杭州', en: 'Hangzhou' }, coordinates: [120.16, 30.27] },
  { name: 'Anhui', zh: '安徽', en: 'Anhui', capital: { zh: '合肥', en: 'Hefei' }, coordinates: [117.23, 31.82] },
  { name: 'Fujian', zh: '福建', en: 'Fujian', capital: { zh: '福州', en: 'Fuzhou' }, coordinates: [119.3, 26.08] },
  { name: 'Jiangxi', zh: '江西', en: 'Jiangxi', capital: { zh: '南昌', en: 'Nanchang' }, coordinates: [115.86, 28.68] },
  { name: 'Shandong', zh: '山东', en: 'Shandong', capital: { zh: '济南', en: 'Jinan' }, coordinates: [117.12, 36.65] },
  { name: 'Henan', zh: '河南', en: 'Henan', capital: { zh: '郑州', en: 'Zhengzhou' }, coordinates: [113.62, 34.75] },
  { name: 'Hubei', zh: '湖北', en: 'Hubei', capital: { zh: '武汉', en: 'Wuhan' }, coordinates: [114.31, 30.59] },
  { name: 'Hunan', zh: '湖南', en: 'Hunan', capital: { zh: '长沙', en: 'Changsha' }, coordinates: [112.94, 28.23] },
  { name: 'Guangdong', zh: '广东', en: 'Guangdong', capital: { zh: '广州', en: 'Guangzhou' }, coordinates: [113.26, 23.13] },
  { name: 'Guangxi', zh: '广西', en: 'Guangxi', capital: { zh: '南宁', en: 'Nanning' }, coordinates: [108.37, 22.82] },
  { name: 'Hainan', zh: '海南', en: 'Hainan', capital: { zh: '海口', en: 'Haikou' }, coordinates: [110.2, 20.04] },
  { name: 'Chongqing', zh: '重庆', en: 'Chongqing', capital: { zh: '重庆', en: 'Chongqing' }, coordinates: [106.55, 29.56] },
  { name: 'Sichuan', zh: '四川', en: 'Sichuan', capital: { zh: '成都', en: 'Chengdu' }, coordinates: [104.07, 30.57] },
  { name: 'Guizhou', zh: '贵州', en: 'Guizhou', capital: { zh: '贵阳', en: 'Guiyang' }, coordinates: [106.63, 26.65] },
  { name: 'Yunnan', zh: '云南', en: 'Yunnan', capital: { zh: '昆明', en: 'Kunming' }, coordinates: [102.83, 24.88] },
  { name: 'Tibet', zh: '西藏', en: 'Tibet', capital: { zh: '拉萨', en: 'Lhasa' }, coordinates: [91.14, 29.65], aliases: ['Xizang'] },
  { name: 'Shaanxi', zh: '陕西', en: 'Shaanxi', capital: { zh: '西安', en: "Xi'an" }, coordinates: [108.94, 34.34] },
  { name: 'Gansu', zh: '甘肃', en: 'Gansu', capital: { zh: '兰州', en: 'Lanzhou' }, coordinates: [103.83, 36.06] },
  { name: 'Qinghai', zh: '青海', en: 'Qinghai', capital: { zh: '西宁', en: 'Xining' }, coordinates: [101.78, 36.62] },
  { name: 'Ningxia', zh: '宁夏', en: 'Ningxia', capital: { zh: '银川', en: 'Yinchuan' }, coordinates: [106.23, 38.49] },
  { name: 'Xinjiang', zh: '新疆', en: 'Xinjiang', capital: { zh: '乌鲁木齐', en: 'Urumqi' }, coordinates: [87.62, 43.83] },
  {
    name: 'Hong Kong',
    zh: '香港',
    en: 'Hong Kong',
    capital: { zh: '香港', en: 'Hong Kong' },
    coordinates: [114.17, 22.32],
    aliases: ['Xianggang', 'HongKong'],
  },
  {
    name: 'Macao',
    zh: '澳门',
    en: 'Macao',
    capital: { zh: '澳门', en: 'Macao' },
    coordinates: [113.54, 22.19],
    aliases: ['Macau', 'Aomen'],
  },
  { name: 'Taiwan', zh: '台湾', en: 'Taiwan', capital: { zh: '台北', en: 'Taipei' }, coordinates: [121.56, 25.04] },
];

const key = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const BY_KEY = new Map<string, ChinaProvince>();
for (const p of CHINA_PROVINCES) for (const n of [p.name, p.en, ...(p.aliases ?? [])]) BY_KEY.set(key(n), p);
for (const p of CHINA_PROVINCES) BY_KEY.set(p.zh, p);

/** Finds a province by its stored name, English name, an alias or its Chinese name. */
export function findProvince(name: string): ChinaProvince | undefined {
  return BY_KEY.get(name) ?? BY_KEY.get(key(name));
}

/** Province name in the user's language; the stored name when unknown. */
export function provinceName(name: string, locale: string): string {
  const p = findProvince(name);
  if (!p) return name;
  return locale === 'en' ? p.en : p.zh;
}

/** world-atlas shapes drawn as China's outline: mainland, Taiwan, Hong Kong, Macao. */
export const CHINA_SHAPE_IDS: ReadonlySet<string> = new Set(['156', '158', '344', '446']);
