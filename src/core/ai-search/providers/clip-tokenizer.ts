/**
 * Text → token ids for a user's CLIP text encoder, as its manifest says (clip-manifest.ts). The
 * `words` tokenizer lower-cases, splits on anything that is not a letter or digit, and looks each
 * word up in the vocabulary; CLIP's own byte-pair tokenizer is not implemented yet (the manifest
 * schema refuses it rather than tokenizing wrongly).
 */
import type { ClipManifest } from './clip-manifest';

export type Vocab = Record<string, number>;

export function tokenize(text: string, manifest: ClipManifest, vocab: Vocab): BigInt64Array {
  const { tokenizer, contextLength } = manifest.text;
  const unknown = vocab['[UNK]'] ?? 0;
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const ids = [
    ...(tokenizer.startId === undefined ? [] : [tokenizer.startId]),
    ...words.map((word) => vocab[word] ?? unknown),
    ...(tokenizer.endId === undefined ? [] : [tokenizer.endId]),
  ];
  const length = contextLength ?? Math.max(ids.length, 1);
  const out = new BigInt64Array(length).fill(BigInt(tokenizer.padId ?? 0));
  ids.slice(0, length).forEach((id, at) => (out[at] = BigInt(id)));
  return out;
}
