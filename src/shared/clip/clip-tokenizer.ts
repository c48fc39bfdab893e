/**
 * Text → token ids for a user's CLIP text encoder, as its manifest says (clip-manifest.ts):
 * - `clip-bpe`: CLIP's own byte-pair tokenizer (./clip-bpe.ts) from `vocab.json` + `merges.txt`;
 *   start and end default to the vocabulary's `<|startoftext|>` and `<|endoftext|>`;
 * - `words`: lower-cased words (split on anything not a letter or digit) looked up in the
 *   vocabulary, `[UNK]` (or 0) for others; for small custom models.
 * Ids are framed as CLIP's text encoders expect: start, the text's ids, end, then padding up to the
 * context length. A text too long is cut, but its end token stays last (the encoder reads its output
 * at the end token).
 */
import { ClipBpe, type Vocab } from './clip-bpe';
import type { ClipManifest } from '../../core/ai-search/providers/clip-manifest';

export type { Vocab };

/** The tokenizer files' text, by the role the manifest gives them. */
export interface TokenizerFiles {
  vocab: string;
  merges?: string;
}

export type ClipTokenizer = (text: string) => BigInt64Array;

export function clipTokenizer(manifest: ClipManifest, files: TokenizerFiles): ClipTokenizer {
  const { tokenizer, contextLength } = manifest.text;
  const vocab = JSON.parse(files.vocab) as Vocab;
  let encode: (text: string) => number[];
  let startId = tokenizer.startId;
  let endId = tokenizer.endId;
  if (tokenizer.kind === 'clip-bpe') {
    if (files.merges === undefined) throw new Error(`the manifest's merges file "${tokenizer.merges}" was not given`);
    const bpe = new ClipBpe(vocab, files.merges);
    encode = (text) => bpe.encode(text);
    startId ??= vocab['<|startoftext|>'];
    endId ??= vocab['<|endoftext|>'];
  } else {
    const unknown = vocab['[UNK]'] ?? 0;
    encode = (text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((word) => vocab[word] ?? unknown);
  }
  const pad = BigInt(tokenizer.padId ?? 0);
  return (text) => {
    const ids = [...(startId === undefined ? [] : [startId]), ...encode(text)];
    const length = contextLength ?? Math.max(ids.length + (endId === undefined ? 0 : 1), 1);
    const kept = ids.slice(0, endId === undefined ? length : length - 1);
    if (endId !== undefined) kept.push(endId);
    const out = new BigInt64Array(length).fill(pad);
    kept.slice(0, length).forEach((id, at) => (out[at] = BigInt(id)));
    return out;
  };
}
