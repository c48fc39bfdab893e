/**
 * Sentence → 512-d unit vector with the Universal Sentence Encoder lite: the in-house tokenizer
 * makes piece ids, the graph takes them as a sparse batch (`indices` [n, 2] = sentence, position;
 * `values` = piece ids). Independent of where TF.js runs: the media worker passes its WASM TF.js,
 * node tests the CPU backend.
 */
import type { SentenceTokenizer } from '../../shared/ai/sentence-tokenizer';
import type { Tf } from './tfjs-runtime';
import { EMBEDDING_DIM } from '../../shared/ai/vector-math';

export interface GraphModel {
  executeAsync(inputs: Record<string, unknown>): Promise<unknown>;
}

export async function embedSentences(tf: Tf, model: GraphModel, tokenizer: SentenceTokenizer, sentences: readonly string[]): Promise<Float32Array[]> {
  if (!sentences.length) return [];
  // An empty sentence still needs one piece: the word mark alone.
  const encoded = sentences.map((s) => {
    const ids = tokenizer.encode(s);
    return ids.length ? ids : tokenizer.encode('.');
  });
  const positions: number[] = [];
  const values: number[] = [];
  encoded.forEach((ids, row) => ids.forEach((id, column) => (positions.push(row, column), values.push(id))));
  const indices = tf.tensor2d(positions, [values.length, 2], 'int32');
  const pieces = tf.tensor1d(values, 'int32');
  const output = (await model.executeAsync({ indices, values: pieces })) as import('@tensorflow/tfjs-core').Tensor;
  try {
    const flat = (await output.data()) as Float32Array;
    return sentences.map((_, row) => unit(flat.slice(row * EMBEDDING_DIM, (row + 1) * EMBEDDING_DIM)));
  } finally {
    tf.dispose([indices, pieces, output]);
  }
}

function unit(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}
