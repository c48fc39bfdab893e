/**
 * A tiny CLIP-shaped model pair, made by the tests (the product never downloads one), so the whole
 * bring-your-own-CLIP path can run for real: an image encoder (mean colour of a 3×16×16 picture →
 * 8-d) and a text encoder (mean of word embeddings → 8-d) that put a picture of a dominant colour
 * and the word for that colour near each other by construction. Both map a colour to its RGB with
 * the grey part removed, so red ↔ "red" has cosine 1 and red ↔ "green" −0.5.
 */
import { ATTR_INT, ATTR_INTS, encodeModel, floatTensor, FLOAT, INT64, node, valueInfo } from './onnx-proto';

export const DIMS = 8;
export const IMAGE_SIZE = 16;

/** The vocabulary of the word tokenizer (`tokenizer.kind: "words"`); id 0 is unknown words. */
export const VOCAB: Record<string, number> = { '[UNK]': 0, red: 1, green: 2, blue: 3, yellow: 4, a: 5, photo: 6, of: 7, something: 8 };

const WORD_RGB: Record<string, [number, number, number]> = { red: [1, 0, 0], green: [0, 1, 0], blue: [0, 0, 1], yellow: [1, 1, 0] };

/** RGB without its grey part, padded to DIMS. */
function chroma([r, g, b]: [number, number, number]): number[] {
  const mean = (r + g + b) / 3;
  return [r - mean, g - mean, b - mean, ...new Array(DIMS - 3).fill(0)];
}

/** pixel_values float32 [1,3,S,S] → GlobalAveragePool → Flatten → MatMul (I − J/3, padded) → image_embeds [1,8]. */
export function tinyImageEncoder(): Uint8Array {
  const projection: number[] = [];
  for (let row = 0; row < 3; row++) for (let col = 0; col < DIMS; col++) projection.push(col < 3 ? (row === col ? 1 : 0) - 1 / 3 : 0);
  return encodeModel({
    name: 'tiny-clip-image',
    input: [valueInfo('pixel_values', FLOAT, [1, 3, IMAGE_SIZE, IMAGE_SIZE])],
    output: [valueInfo('image_embeds', FLOAT, [1, DIMS])],
    initializer: [floatTensor('projection', [3, DIMS], projection)],
    node: [
      node('GlobalAveragePool', ['pixel_values'], ['pooled']),
      node('Flatten', ['pooled'], ['flat'], [{ name: 'axis', type: ATTR_INT, i: 1 }]),
      node('MatMul', ['flat', 'projection'], ['image_embeds']),
    ],
  });
}

/** input_ids int64 [1,L] → Gather (word table) → ReduceMean over L → MatMul (identity) → text_embeds [1,8]. */
export function tinyTextEncoder(): Uint8Array {
  const words = Object.keys(VOCAB).sort((a, b) => VOCAB[a]! - VOCAB[b]!);
  const table = words.flatMap((word) => (WORD_RGB[word] ? chroma(WORD_RGB[word]) : new Array(DIMS).fill(0)));
  const identity = Array.from({ length: DIMS * DIMS }, (_, at) => (Math.floor(at / DIMS) === at % DIMS ? 1 : 0));
  return encodeModel({
    name: 'tiny-clip-text',
    input: [valueInfo('input_ids', INT64, [1, 'sequence'])],
    output: [valueInfo('text_embeds', FLOAT, [1, DIMS])],
    initializer: [floatTensor('word_table', [words.length, DIMS], table), floatTensor('text_projection', [DIMS, DIMS], identity)],
    node: [
      node('Gather', ['word_table', 'input_ids'], ['words'], [{ name: 'axis', type: ATTR_INT, i: 0 }]),
      node('ReduceMean', ['words'], ['mean'], [{ name: 'axes', type: ATTR_INTS, ints: [1] }, { name: 'keepdims', type: ATTR_INT, i: 0 }]),
      node('MatMul', ['mean', 'text_projection'], ['text_embeds']),
    ],
  });
}

/** The manifest a user would pick with the two files (docs/decisions/bring-your-own-clip.md). */
export function tinyClipManifest() {
  return {
    name: 'tiny-clip-test',
    dims: DIMS,
    image: { file: 'image.onnx', input: 'pixel_values', output: 'image_embeds', size: IMAGE_SIZE, mean: [0, 0, 0], std: [1, 1, 1] },
    text: { file: 'text.onnx', input: 'input_ids', output: 'text_embeds', tokenizer: { kind: 'words', vocab: 'vocab.json' } },
  };
}

/**
 * The same words as CLIP's byte-pair tokenizer files (`tokenizer.kind: "clip-bpe"`), as a real
 * export ships them: each word of VOCAB is built from its end ("e d</w>", then "r ed</w>") and ends
 * as "word</w>" with the word's id. Every merge's right side ends a word, so one word's merges never
 * fire inside another. The suffixes on the way are in the vocabulary too (id 0: never output).
 */
export function tinyBpeFiles(): { vocab: Record<string, number>; merges: string } {
  const vocab: Record<string, number> = {};
  const merges = new Set<string>();
  for (const [word, id] of Object.entries(VOCAB)) {
    if (word === '[UNK]') continue;
    const letters = [...word];
    let built = `${letters.pop()!}</w>`;
    for (const letter of letters.reverse()) {
      merges.add(`${letter} ${built}`);
      built = letter + built;
      vocab[built] ??= 0;
    }
    vocab[built] = id;
  }
  return { vocab, merges: `#version: 0.2\n${[...merges].join('\n')}\n` };
}

/** tinyClipManifest with CLIP's byte-pair tokenizer (vocab.json + merges.txt). */
export function tinyBpeClipManifest() {
  const manifest = tinyClipManifest();
  return { ...manifest, text: { ...manifest.text, tokenizer: { kind: 'clip-bpe', vocab: 'vocab.json', merges: 'merges.txt' } } };
}
