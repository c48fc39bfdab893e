/**
 * Runs a user's CLIP encoders with onnxruntime-web (passed in: the page's CLIP worker loads it, node
 * tests use its node build; the service worker never can, `import()` is disallowed there). Pictures
 * arrive as RGBA already scaled to the manifest's size; both embeddings come back L2-normalised, so
 * a dot product is the cosine.
 */
import type { InferenceSession, Tensor } from 'onnxruntime-web';
import type { ClipManifest } from '../../core/ai-search/providers/clip-manifest';
import type { ClipTokenizer } from './clip-tokenizer';

/** The part of onnxruntime-web used here. */
export interface OrtLike {
  Tensor: typeof Tensor;
}

export interface ClipSessions {
  manifest: ClipManifest;
  image: InferenceSession;
  text: InferenceSession;
  tokenize: ClipTokenizer;
}

/** RGBA (size × size) → float32 NCHW, normalised per channel. */
export function pixelsToInput(rgba: Uint8ClampedArray | Uint8Array, manifest: ClipManifest): Float32Array {
  const { size, mean, std } = manifest.image;
  const plane = size * size;
  if (rgba.length !== plane * 4) throw new Error(`expected ${size}×${size} RGBA pixels, got ${rgba.length} bytes`);
  const out = new Float32Array(plane * 3);
  for (let at = 0; at < plane; at++) {
    for (let channel = 0; channel < 3; channel++) out[channel * plane + at] = (rgba[at * 4 + channel]! / 255 - mean[channel]!) / std[channel]!;
  }
  return out;
}

export async function encodeImage(ort: OrtLike, sessions: ClipSessions, rgba: Uint8ClampedArray | Uint8Array): Promise<Float32Array> {
  const { image, manifest } = sessions;
  const size = manifest.image.size;
  const input = new ort.Tensor('float32', pixelsToInput(rgba, manifest), [1, 3, size, size]);
  return embedding(await image.run({ [manifest.image.input]: input }), manifest.image.output, manifest.dims);
}

export async function encodeText(ort: OrtLike, sessions: ClipSessions, text: string): Promise<Float32Array> {
  const { manifest } = sessions;
  const ids = sessions.tokenize(text);
  const input = new ort.Tensor('int64', ids, [1, ids.length]);
  return embedding(await sessions.text.run({ [manifest.text.input]: input }), manifest.text.output, manifest.dims);
}

function embedding(outputs: InferenceSession.OnnxValueMapType, name: string, dims: number): Float32Array {
  const tensor = outputs[name] as Tensor | undefined;
  if (!tensor) throw new Error(`the model has no output "${name}"`);
  const data = tensor.data as Float32Array;
  if (data.length !== dims) throw new Error(`output "${name}" has ${data.length} values, the manifest says ${dims}`);
  return normalise(Float32Array.from(data));
}

export function normalise(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let at = 0; at < vector.length; at++) vector[at]! /= norm;
  return vector;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let at = 0; at < a.length; at++) dot += a[at]! * b[at]!;
  return dot;
}
