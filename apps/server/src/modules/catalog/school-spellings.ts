import { pinyin } from 'pinyin-pro';
import { foldSearchText } from '@portal/contract/catalog';

/**
 * Official English names of schools, by school code, where the project's data has one (the
 * Ministry's list has none). International students search in English: these, and every
 * school's Hanyu Pinyin, are searched beside the Chinese name.
 */
export const SCHOOL_NAMES_EN: Record<string, string> = {
  '10001': 'Peking University',
  '10003': 'Tsinghua University',
};

const memo = new Map<string, string[]>();

/**
 * A school's other spellings, folded: the pinyin run together (beijingdaxue) and spaced
 * (bei jing da xue), its initials (bjdx) and its official English name where known.
 */
export function spellingsOf(yxdm: string, name: string): string[] {
  const key = `${yxdm}|${name}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const syllables = pinyin(name, { toneType: 'none', type: 'array', nonZh: 'removed', v: true })
    .map((s) => s.toLowerCase().trim())
    .filter(Boolean);
  const out = [syllables.join(''), syllables.join(' '), syllables.map((s) => s[0]).join('')];
  const en = SCHOOL_NAMES_EN[yxdm];
  if (en) out.push(foldSearchText(en));
  memo.set(key, out);
  return out;
}

/**
 * How well a folded Latin keyword matches a school's spellings: 0 one of them is the keyword,
 * 1 starts with it, 2 contains it (also with spaces and apostrophes left out); null no match.
 */
export function spellingRank(spellings: string[], folded: string): number | null {
  const compact = folded.replace(/[\s'’-]+/g, '');
  let best: number | null = null;
  for (const s of spellings) {
    for (const kw of [folded, compact]) {
      if (!kw) continue;
      const r = s === kw ? 0 : s.startsWith(kw) ? 1 : s.includes(kw) ? 2 : null;
      if (r !== null && (best === null || r < best)) best = r;
    }
  }
  return best;
}
