/**
 * Small vector helpers for sentence-encoder embeddings (512-d unit vectors): int8 packing with a
 * scale per vector (the largest value maps to ±127, so short vectors keep their precision), dot
 * products against packed vectors, and centring on a mean. Pure.
 */
export const EMBEDDING_DIM = 512;

export function toInt8(vector: Float32Array): { bytes: Int8Array; scale: number } {
  let max = 0;
  for (const v of vector) max = Math.max(max, Math.abs(v));
  const scale = max > 0 ? max / 127 : 1;
  const bytes = new Int8Array(vector.length);
  for (let i = 0; i < vector.length; i++) bytes[i] = Math.round(vector[i]! / scale);
  return { bytes, scale };
}

/** query · packed vector at `at` (the packed vector's scale applied). */
export function dotPacked(query: Float32Array, data: Int8Array, at: number, scale: number): number {
  let sum = 0;
  for (let i = 0; i < query.length; i++) sum += query[i]! * data[at + i]!;
  return sum * scale;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

export function mean(vectors: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(vectors[0]?.length ?? EMBEDDING_DIM);
  for (const v of vectors) for (let i = 0; i < out.length; i++) out[i]! += v[i]! / vectors.length;
  return out;
}

/** The unit vector of `vector − centre` (embeddings share a common direction; see meaning-calibration.ts). */
export function centred(vector: Float32Array, centre: Float32Array): Float32Array {
  const out = new Float32Array(vector.length);
  let norm = 0;
  for (let i = 0; i < out.length; i++) (out[i] = vector[i]! - centre[i]!), (norm += out[i]! * out[i]!);
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}
