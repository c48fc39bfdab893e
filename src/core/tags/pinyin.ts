/**
 * Pinyin of a tag name: Han characters spelled out without tones, other text unchanged.
 * pinyin-pro's dictionary is 290 KB of script that takes about 15 ms to evaluate, which every
 * worker start would pay. Imported dynamically, it is loaded only when `loadPinyin` runs, which
 * every write does before its transaction (tag rows are made inside one, where nothing may be
 * awaited but Dexie); the worker build splits it into a script of its own (tools/vite-plugin-service-worker.ts).
 * Anything else that meets it unloaded stops with `NotLoaded`, which a request's router answers by
 * loading it and running the request again (../shared/not-loaded.ts).
 */
import { NotLoaded } from '../shared/not-loaded';

let library: typeof import('pinyin-pro') | undefined;

export async function loadPinyin(): Promise<void> {
  library ??= await import('pinyin-pro');
}

const HAN = /\p{Script=Han}/u;

export function pinyinOf(name: string): string {
  if (!HAN.test(name)) return name;
  if (!library) throw new NotLoaded('The pinyin dictionary (pinyin-pro)', loadPinyin);
  return library.pinyin(name, { toneType: 'none', nonZh: 'consecutive' }).replace(/\s+/g, ' ').trim();
}
