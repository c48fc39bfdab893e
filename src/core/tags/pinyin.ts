/** Pinyin of a tag name: Han characters spelled out without tones, other text unchanged. */
import { pinyin } from 'pinyin-pro';

const HAN = /\p{Script=Han}/u;

export function pinyinOf(name: string): string {
  if (!HAN.test(name)) return name;
  return pinyin(name, { toneType: 'none', nonZh: 'consecutive' }).replace(/\s+/g, ' ').trim();
}
