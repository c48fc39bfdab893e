/**
 * The AI models' files on this device, as the service worker sees them (src/sw/model-downloads.ts):
 * which are cached, which are downloading (bytes so far, kept in IndexedDB), and why the last
 * download of one failed. From them: whether the models are available (cached: indexes start only
 * then, ./ai-indexes.ts), the "Preparing AI search" progress in bytes, and the honest message when
 * a model is missing and cannot be fetched (docs/decisions/lazy-models.md). No imports.
 */

/** Why a model file is not on the device after a download was tried. */
export type ModelFileFailure = 'offline' | 'unreachable' | 'no-room' | 'failed';

export interface ModelFile {
  /** Relative to the site's root, e.g. `models/centernet.bin`. */
  path: string;
  /** Its size in the build. */
  size: number;
  cached: boolean;
  /** Bytes received so far by a download running now. */
  received?: number;
  /** Why the last download did not leave it in the cache. */
  failed?: ModelFileFailure;
}

/** What the service worker tells about the model files (absent: the models are at hand, e.g. in node tests). */
export interface ModelFilesPort {
  files(): Promise<ModelFile[]>;
}

/** Bytes of the models on the device (or received by downloads running now) out of all they need. */
export interface ModelsPreparation {
  doneBytes: number;
  totalBytes: number;
}

/**
 * The files AI search's models need. TF.js fetches one WASM binary: the SIMD one in every browser
 * this app supports; the plain one is its fallback for browsers without SIMD, so it is not counted.
 * OCR's files (models/ocr/) are lazy model files too, but OCR is not AI search: counting them kept
 * the indexes from starting after "Make AI search available offline", which does not fetch them.
 */
export const neededFiles = (files: readonly ModelFile[]): ModelFile[] =>
  files.filter((file) => !/(^|\/)tfjs-backend-wasm\.wasm$/.test(file.path) && !/(^|\/)models\/ocr\//.test(file.path));

/** Every file the models need is cached (an empty list: this build has no lazy models, e.g. a test server). */
export const modelsCached = (files: readonly ModelFile[]): boolean => neededFiles(files).every((file) => file.cached);

/**
 * Progress while a model file downloads, or while queued work (`waiting`) needs models that are not
 * on the device yet and can still come (none failed); undefined otherwise.
 */
export function modelsPreparation(files: readonly ModelFile[], waiting = false): ModelsPreparation | undefined {
  const needed = neededFiles(files);
  const downloading = needed.some((file) => !file.cached && file.received !== undefined);
  const toCome = waiting && !modelsCached(files) && !missingModelsMessage(files);
  if (!downloading && !toCome) return undefined;
  const totalBytes = needed.reduce((sum, file) => sum + file.size, 0);
  const doneBytes = needed.reduce((sum, file) => sum + (file.cached ? file.size : Math.min(file.size, file.received ?? 0)), 0);
  return { doneBytes, totalBytes };
}

const MODEL_LABELS: [RegExp, string][] = [
  [/centernet/, 'the object detector'],
  [/\/use\//, 'the sentence encoder'],
  [/tfjs-backend-wasm/, 'the model runtime'],
];
const labelOf = (path: string) => MODEL_LABELS.find(([pattern]) => pattern.test(path))?.[1] ?? 'a model file';
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

const REASONS: Record<ModelFileFailure, string> = {
  offline: 'cannot be downloaded while this device is offline',
  unreachable: 'cannot be downloaded: the site does not answer',
  'no-room': 'cannot be kept: the browser gives this site too little storage',
  failed: 'did not download',
};

/** "a", "a and b", "a, b and c" */
const list = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Which models are missing and why, when a download of theirs failed and they are not cached; the
 * status's message (undefined when nothing is missing, or nothing was tried yet).
 */
export function missingModelsMessage(files: readonly ModelFile[]): string | undefined {
  const needed = neededFiles(files);
  const failed = needed.filter((file) => !file.cached && file.failed && file.received === undefined);
  if (failed.length === 0) return undefined;
  // One sentence part per reason: "the object detector (centernet.bin) and the sentence encoder (weights.bin) cannot be kept: ...".
  const byReason = new Map<ModelFileFailure, Map<string, string[]>>();
  for (const file of failed) {
    const models = byReason.get(file.failed!) ?? new Map<string, string[]>();
    models.set(labelOf(file.path), [...(models.get(labelOf(file.path)) ?? []), nameOf(file.path)]);
    byReason.set(file.failed!, models);
  }
  const parts = [...byReason].map(([reason, models]) => `${list([...models].map(([label, names]) => `${label} (${names.join(', ')})`))} ${REASONS[reason]}`);
  const total = needed.reduce((sum, file) => sum + file.size, 0);
  const reasons = new Set(byReason.keys());
  const after = reasons.has('no-room')
    ? ` The models need ${megabytes(total)}: object and meaning search work while online (the models are downloaded for each use), not offline.`
    : ` Object and meaning search wait until ${reasons.has('offline') ? 'the device is online' : 'they download'} (the next AI search tries again).`;
  return `AI search is missing models: ${parts.join('; ')}.${after} Colour, look-alike and word search work.`;
}
