/**
 * Which JSON sidecar of a Google Takeout folder describes a photo, as Takeout names them: `IMG.jpg.json`,
 * newer `IMG.jpg.supplemental-metadata.json`, both cut to 51 characters with ".json"; `IMG(1).jpg`
 * described by `IMG.jpg(1).json`; `IMG-edited.jpg` sharing the original's. Matching by name alone is
 * the trap peers fell into (PhotoPrism #1344, immich-go #677); a photo with no sidecar has none.
 */
const SUPPLEMENTAL = '.supplemental-metadata';
/** The longest sidecar name Takeout writes, ".json" included. */
const MAX_SIDECAR = 51;
const EDITED = /-(edited|bearbeitet|modifié|editado|modificato|bewerkt|編集済み)$/i;

/** "IMG-edited.jpg": Google Photos' edited copy, described by the original's sidecar. */
export const isEditedCopy = (mediaName: string) => EDITED.test(mediaName.replace(/\.[^.]*$/, ''));

/** "IMG(1).jpg" → { original: "IMG.jpg", copy: 1 }; "IMG-edited.jpg" → { original: "IMG.jpg", copy: 0 }. */
export function originalOf(mediaName: string): { original: string; copy: number } {
  const dot = mediaName.lastIndexOf('.');
  let stem = dot > 0 ? mediaName.slice(0, dot) : mediaName;
  const ext = dot > 0 ? mediaName.slice(dot) : '';
  let copy = 0;
  const numbered = /^(.*)\((\d+)\)$/.exec(stem);
  if (numbered) {
    stem = numbered[1]!;
    copy = Number(numbered[2]);
  }
  return { original: stem.replace(EDITED, '') + ext, copy };
}

interface Sidecar {
  name: string;
  /** The name without ".json" and without its "(n)". */
  base: string;
  copy: number;
}

function sidecarOf(name: string): Sidecar {
  let base = name.slice(0, -'.json'.length);
  let copy = 0;
  const numbered = /^(.*)\((\d+)\)$/.exec(base);
  if (numbered) {
    base = numbered[1]!;
    copy = Number(numbered[2]);
  }
  return { name, base, copy };
}

/** For each medium of one folder, its sidecar's file name, if any. */
export function matchSidecars(media: readonly string[], jsonNames: readonly string[]): Map<string, string> {
  const sidecars = jsonNames.map(sidecarOf);
  const names = new Set(jsonNames);
  const out = new Map<string, string>();
  for (const medium of media) {
    // A name that really holds "(1)" or "-edited" has its own sidecar.
    const own = [`${medium}.json`, `${medium}${SUPPLEMENTAL}.json`].find((name) => names.has(name));
    if (own) {
      out.set(medium, own);
      continue;
    }
    const { original, copy } = originalOf(medium);
    const full = original + SUPPLEMENTAL;
    let best: Sidecar | undefined;
    for (const sidecar of sidecars) {
      if (sidecar.copy !== copy) continue;
      if (sidecar.base === original || sidecar.base === full) {
        best = sidecar;
        break;
      }
      // Cut to the limit: the kept part is a prefix of what the full name would be.
      const cut = sidecar.name.length >= MAX_SIDECAR - 5 && full.startsWith(sidecar.base) && sidecar.base.length >= Math.min(original.length, 20);
      if (cut && (!best || sidecar.base.length > best.base.length)) best = sidecar;
    }
    if (best) out.set(medium, best.name);
  }
  return out;
}
