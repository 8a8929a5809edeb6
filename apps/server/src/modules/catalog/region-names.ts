import { pinyin } from 'pinyin-pro';
import { PROVINCE_EN } from '@portal/contract/province-names';

/**
 * English names of GB/T 2260 divisions: provinces from the contract's table (customary
 * names), cities and districts as Hanyu Pinyin of the place name with the division type
 * translated (武昌区 -> Wuchang District, 恩施土家族苗族自治州 -> Enshi Autonomous Prefecture).
 */

// Ethnic groups named in autonomous divisions; dropped from the English name (the place name stays).
const ETHNIC =
  '土家|苗|藏|羌|彝|回|蒙古|朝鲜|壮|布依|侗|傣|景颇|白|哈尼|傈僳|哈萨克|柯尔克孜|维吾尔|满|瑶|黎|畲|仫佬|毛南|仡佬|水|纳西|拉祜|佤|独龙|怒|普米|土|撒拉|东乡|保安|裕固|达斡尔|鄂温克|鄂伦春|锡伯|塔吉克|各|基诺|德昂|阿昌|京|门巴|珞巴'
    .split('|')
    .sort((a, b) => b.length - a.length);
// With 族, or (some prefectures omit it) a name of two or more characters.
const ETHNIC_RUN = `(?:(?:${ETHNIC.join('|')})族|${ETHNIC.filter((e) => e.length > 1).join('|')})+`;
const AUTONOMOUS = new RegExp(`^(.+?)(?:${ETHNIC_RUN})自治(州|县|旗)$`, 'u');
// Named after the people alone (鄂伦春自治旗): the name stays.
const AUTONOMOUS_PLAIN = /^(.+?)自治(州|县|旗)$/u;

const SUFFIXES: [string, string][] = [
  ['特别行政区', ''],
  ['新区', ' New Area'],
  ['矿区', ' Mining District'],
  ['林区', ' Forestry District'],
  ['特区', ' Special District'],
  ['地区', ' Prefecture'],
  ['区', ' District'],
  ['县', ' County'],
  ['旗', ' Banner'],
  ['盟', ' League'],
];
const AUTONOMOUS_EN: Record<string, string> = {
  州: ' Autonomous Prefecture',
  县: ' Autonomous County',
  旗: ' Autonomous Banner',
};

/** Hanyu Pinyin of a place name as one capitalised word, with the apostrophe before a, o, e (Xi'an). */
export function placePinyin(zh: string): string {
  const syllables = pinyin(zh, { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The English name of a division of the given level (1 province, 2 city, 3 district). */
export function regionNameEn(zh: string, type: number): string {
  const name = zh.trim();
  if (PROVINCE_EN[name]) return PROVINCE_EN[name];
  if (/直辖县级行政区划$/.test(name)) return 'County-level divisions';
  const auto = AUTONOMOUS.exec(name) ?? AUTONOMOUS_PLAIN.exec(name);
  if (auto) return placePinyin(auto[1]) + AUTONOMOUS_EN[auto[2]];
  for (const [suffix, en] of SUFFIXES) {
    if (name.endsWith(suffix) && name.length > suffix.length) return placePinyin(name.slice(0, -suffix.length)) + en;
  }
  // A prefecture-level city is known by its name alone (武汉市 -> Wuhan); a county-level one is a City.
  if (name.endsWith('市') && name.length > 1) return placePinyin(name.slice(0, -1)) + (type === 3 ? ' City' : '');
  return placePinyin(name);
}

/** GB/T 2260 placeholder rows (市辖区: "districts under the city") that name no place. */
export const PLACEHOLDER_REGIONS = ['市辖区'] as const;
