/** A fresh tag row: no items yet, no colour, not starred, never used. */
import type { TagRow } from '../storage/rows';
import { pinyinOf } from './pinyin';

export function newTagRow(name: string): TagRow {
  return { name, count: 0, color: '', pinyin: pinyinOf(name), lastUsedAt: 0, starredAt: 0 };
}
