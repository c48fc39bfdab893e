/**
 * What makes raw sentence-encoder similarities usable (measured, docs/decisions/ai-search-meaning.md):
 * - every embedding shares a common direction, so short generic texts ("scan 12") look similar to
 *   any query; subtracting the mean of typical file names and tags (GENERIC) fixes most of that;
 * - gibberish ("xqzvv") is still close to other gibberish ("IMG_0042"): a query closer to the
 *   GIBBERISH examples than to any GENERIC one is not words, and gets no meaning results;
 * - the 80 COCO labels as prompts, for mapping a word the alias table lacks onto a label.
 * Made once per library by the encoder and kept in `state`, so a stopped worker recomputes nothing.
 */
import type { EmbedOutcome } from '../media/media-processor';
import type { LibraryDb } from '../storage/library-db';
import { COCO_LABELS } from './object-words';
import { centred, mean } from './vector-math';

const GENERIC = [
  'IMG_2041', 'DSC01234', 'screenshot 2023-04-01', 'untitled', 'final version', 'notes', 'design', 'photo',
  'document scan', 'draft 3', 'background texture', 'holiday 2019', 'family', 'work', 'reference', 'inspiration',
  'logo', 'poster', 'copy of report', 'new folder', 'misc', 'test 123',
];
const GIBBERISH = ['asdfgh', 'qwxz', 'xkqj zvbn', 'lorem ipsum dolor', 'zzzz', 'fjdksl'];

/** The text a label is embedded as, and a query word as (the prompt helps: research §3). */
export const prompt = (word: string) => `a photo of a ${word}`;

const KEY = 'ai-meaning-calibration';
/** Bump when the sentences above change: stored embeddings and calibration are then redone. */
export const CALIBRATION_VERSION = 1;

export interface Calibration {
  version: number;
  centre: Float32Array;
  generic: Float32Array[];
  gibberish: Float32Array[];
  /** Embeddings of prompt(label), in COCO_LABELS order, not centred (the label thresholds were measured so). */
  labels: Float32Array[];
}

export type Embed = (sentences: string[]) => Promise<EmbedOutcome>;

/** Read once per open database: a stored calibration never changes (a new version is a new key value). */
const readOnce = new WeakMap<LibraryDb, Calibration>();

export async function storedCalibration(db: LibraryDb): Promise<Calibration | undefined> {
  const known = readOnce.get(db);
  if (known) return known;
  const stored = (await db.state.get(KEY))?.value as Calibration | undefined;
  if (stored?.version !== CALIBRATION_VERSION) return undefined;
  readOnce.set(db, stored);
  return stored;
}

/** Stores a calibration made by makeCalibration (inside the caller's write transaction). */
export async function saveCalibration(db: LibraryDb, made: Calibration): Promise<void> {
  if (!(await storedCalibration(db))) await db.state.put({ key: KEY, value: made });
}

let making: Promise<Calibration | undefined> | undefined;

/**
 * The library's calibration, or one made now (undefined while no encoder can run). It is the same
 * for every library (one model), so concurrent callers share one making; jobs store it.
 */
export async function calibrationOf(db: LibraryDb, embed: Embed): Promise<Calibration | undefined> {
  const stored = await storedCalibration(db);
  if (stored) return stored;
  making ??= makeCalibration(embed).then((made) => {
    if (!made) making = undefined;
    return made;
  }, (error) => {
    making = undefined;
    throw error;
  });
  return making;
}

/** Makes the calibration with the encoder; undefined while no encoder can run. */
export async function makeCalibration(embed: Embed): Promise<Calibration | undefined> {
  const outcome = await embed([...GENERIC, ...GIBBERISH, ...COCO_LABELS.map(prompt)]);
  if (outcome.status !== 'done') return undefined;
  const raw = outcome.vectors;
  const centre = mean(raw.slice(0, GENERIC.length));
  return {
    version: CALIBRATION_VERSION,
    centre,
    generic: raw.slice(0, GENERIC.length).map((v) => centred(v, centre)),
    gibberish: raw.slice(GENERIC.length, GENERIC.length + GIBBERISH.length).map((v) => centred(v, centre)),
    labels: raw.slice(GENERIC.length + GIBBERISH.length),
  };
}
