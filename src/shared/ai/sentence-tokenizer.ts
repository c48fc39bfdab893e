/**
 * The Universal Sentence Encoder lite's tokenizer (a SentencePiece unigram model: 8,000 pieces
 * with log-probabilities, `vocab.json`), written here instead of adding
 * @tensorflow-models/universal-sentence-encoder (its peer range is TF.js 3). A sentence is
 * NFKC-normalised, every word gets the `▁` word mark, and the most probable split into pieces
 * is found by dynamic programming; characters no piece covers become one unknown piece. Pure.
 */

export type Vocabulary = readonly (readonly [piece: string, score: number])[];

const WORD_MARK = '\u2581';
/** The first pieces are control symbols, never matched in text. */
const RESERVED = 6;
/** The piece id for characters the vocabulary lacks (as the reference wrapper uses). */
export const UNKNOWN_ID = 100;
/** The score of an unknown character: worse than any real piece, so it is used only when needed. */
const UNKNOWN_SCORE = -100;

export class SentenceTokenizer {
  private readonly ids = new Map<string, number>();
  private readonly longest: number;

  constructor(private readonly vocabulary: Vocabulary) {
    let longest = 1;
    for (let id = RESERVED; id < vocabulary.length; id++) {
      const piece = vocabulary[id]![0];
      if (!this.ids.has(piece)) this.ids.set(piece, id);
      longest = Math.max(longest, [...piece].length);
    }
    this.longest = longest;
  }

  /** The piece ids of one sentence. */
  encode(sentence: string): number[] {
    const normalised = sentence.normalize('NFKC').trim().replace(/\s+/g, ' ');
    if (!normalised) return [];
    const chars = [...(WORD_MARK + normalised.replaceAll(' ', WORD_MARK))];
    const n = chars.length;
    const best = new Float64Array(n + 1).fill(-Infinity);
    const from = new Int32Array(n + 1);
    const piece = new Int32Array(n + 1);
    best[0] = 0;
    for (let start = 0; start < n; start++) {
      if (best[start] === -Infinity) continue;
      let text = '';
      for (let end = start + 1; end <= Math.min(n, start + this.longest); end++) {
        text += chars[end - 1];
        const id = this.ids.get(text);
        const score = id !== undefined ? this.vocabulary[id]![1] : end === start + 1 ? UNKNOWN_SCORE : undefined;
        if (score === undefined) continue;
        if (best[start]! + score > best[end]!) {
          best[end] = best[start]! + score;
          from[end] = start;
          piece[end] = id ?? UNKNOWN_ID;
        }
      }
    }
    const ids: number[] = [];
    for (let end = n; end > 0; end = from[end]!) ids.push(piece[end]!);
    ids.reverse();
    // Runs of unknown characters are one unknown piece.
    return ids.filter((id, i) => !(id === UNKNOWN_ID && ids[i - 1] === UNKNOWN_ID));
  }
}
