/**
 * A Google Takeout of Google Photos: `…/Google Photos/<album or "Photos from YYYY">/` holding photos
 * and videos, each perhaps with a JSON sidecar (takeout-sidecars.ts). A folder with a metadata.json
 * is an album and becomes a folder; the year folders are not albums. A photo that is in an album is
 * in its year folder too: the import stores it once (same bytes) and files it in the album.
 */
import { isRecord, parseJson, str } from './eagle-json';
import { timeOf, type ImportPlan } from './import-plan';
import { joinPath, type LibraryTree } from './library-tree';
import { isEditedCopy, matchSidecars } from './takeout-sidecars';

const PHOTOS_ROOT = /^Google (Photos|Fotos)$/i;
const YEAR_FOLDER = /^(Photos from|Fotos von|Fotos de|Photos de|Foto dal) \d{4}$/i;
const ALBUM_METADATA = /^(metadata|metadaten|métadonnées|metadatos|metadati)\.json$/i;
const MEDIA = /\.(jpe?g|png|gif|webp|heic|heif|avif|tiff?|bmp|dng|cr2|nef|arw|raw|mp4|m4v|mov|3gp|avi|mkv|webm|mpe?g|mts)$/i;

/** The folder that holds the albums ("Takeout/Google Photos"), or undefined when the tree is no Takeout. */
export async function takeoutRoot(tree: LibraryTree): Promise<string | undefined> {
  const look = async (dir: string, depth: number): Promise<string | undefined> => {
    const dirs = (await tree.list(dir)).filter((entry) => entry.kind === 'directory');
    const found = dirs.find((entry) => PHOTOS_ROOT.test(entry.name));
    if (found) return joinPath(dir, found.name);
    if (depth === 0) return undefined;
    for (const entry of dirs) {
      const deeper = await look(joinPath(dir, entry.name), depth - 1);
      if (deeper) return deeper;
    }
    return undefined;
  };
  return look('', 2);
}

const READ_AT_ONCE = 32;

const stripExt = (name: string) => name.replace(/\.[^.]+$/, '') || name;

async function readJson(tree: LibraryTree, path: string): Promise<Record<string, unknown> | undefined> {
  const blob = await tree.read(path);
  if (!blob) return undefined;
  try {
    const value = parseJson(await blob.text());
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined; // a broken sidecar is no sidecar: the photo still comes in
  }
}

const timestampOf = (value: unknown) => (isRecord(value) ? timeOf(value.timestamp) : 0);

export async function takeoutPlan(tree: LibraryTree, root: string): Promise<ImportPlan> {
  const plan: ImportPlan = { folders: [], items: [], skipped: [] };
  const folders = (await tree.list(root)).filter((entry) => entry.kind === 'directory').map((entry) => entry.name).sort();
  for (const folder of folders) {
    const dir = joinPath(root, folder);
    const files = (await tree.list(dir)).filter((entry) => entry.kind === 'file').map((entry) => entry.name).sort();
    const albumFile = YEAR_FOLDER.test(folder) ? undefined : files.find((name) => ALBUM_METADATA.test(name));
    const folderKeys: string[] = [];
    if (albumFile) {
      const album = (await readJson(tree, joinPath(dir, albumFile))) ?? {};
      const key = folder;
      plan.folders.push({ key, name: str(album.title).trim() || folder, description: str(album.description), parentKey: null });
      folderKeys.push(key);
    }
    const media = files.filter((name) => MEDIA.test(name));
    const sidecars = matchSidecars(media, files.filter((name) => name.toLowerCase().endsWith('.json') && !ALBUM_METADATA.test(name)));
    // Sidecars are read a few at a time: one read after another waits on the disk each time.
    const read = new Map<string, Record<string, unknown>>();
    const wanted = [...new Set(sidecars.values())];
    for (let at = 0; at < wanted.length; at += READ_AT_ONCE) {
      const chunk = wanted.slice(at, at + READ_AT_ONCE);
      const values = await Promise.all(chunk.map((name) => readJson(tree, joinPath(dir, name))));
      chunk.forEach((name, i) => read.set(name, values[i] ?? {}));
    }
    for (const medium of media) {
      const sidecarName = sidecars.get(medium);
      const sidecar = (sidecarName && read.get(sidecarName)) || {};
      // An edited copy shares the original's sidecar, title included: it keeps its own name.
      const title = isEditedCopy(medium) ? '' : str(sidecar.title).trim();
      plan.items.push({
        name: stripExt(title || medium),
        url: str(sidecar.url),
        annotation: str(sidecar.description),
        tags: [],
        folderKeys,
        time: timestampOf(sidecar.photoTakenTime) || timestampOf(sidecar.creationTime),
        path: joinPath(dir, medium),
      });
    }
  }
  return plan;
}
