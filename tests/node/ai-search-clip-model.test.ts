// Bring your own CLIP: the tests' tiny ONNX model pair is a valid ModelProto that onnxruntime-web
// (its node build, wasm) loads and runs, and the provider's encoders put a picture of a colour next
// to the word for it, as the model was built to.
import * as ort from 'onnxruntime-web';
import { describe, expect, it } from 'vitest';
import { clipManifestSchema, manifestFiles } from '../../src/core/ai-search/providers/clip-manifest';
import { cosine, encodeImage, encodeText, type ClipSessions } from '../../src/core/ai-search/providers/clip-encode';
import { clipTokenizer } from '../../src/core/ai-search/providers/clip-tokenizer';
import { ModelProto } from '../tiny-clip/onnx-proto';
import { DIMS, IMAGE_SIZE, tinyClipManifest, tinyImageEncoder, tinyTextEncoder, VOCAB } from '../tiny-clip/tiny-clip-model';

ort.env.wasm.numThreads = 1;

const solid = (r: number, g: number, b: number) => {
  const pixels = new Uint8ClampedArray(IMAGE_SIZE * IMAGE_SIZE * 4);
  for (let at = 0; at < pixels.length; at += 4) pixels.set([r, g, b, 255], at);
  return pixels;
};

async function sessions(): Promise<ClipSessions> {
  const manifest = clipManifestSchema.parse(tinyClipManifest());
  const [image, text] = await Promise.all([ort.InferenceSession.create(tinyImageEncoder()), ort.InferenceSession.create(tinyTextEncoder())]);
  return { manifest, image, text, tokenize: clipTokenizer(manifest, { vocab: JSON.stringify(VOCAB) }) };
}

describe('the tiny CLIP test model', () => {
  it('is a ModelProto that decodes back to the graph written', () => {
    const model = ModelProto.toObject(ModelProto.decode(tinyImageEncoder()), { longs: Number }) as any;
    expect(model.opsetImport).toEqual([{ domain: '', version: 13 }]);
    expect(model.graph.node.map((n: { opType: string }) => n.opType)).toEqual(['GlobalAveragePool', 'Flatten', 'MatMul']);
    expect(manifestFiles(clipManifestSchema.parse(tinyClipManifest()))).toEqual(['image.onnx', 'text.onnx', 'vocab.json']);
  });

  it('runs in onnxruntime-web and puts each colour picture nearest the word for it', async () => {
    const s = await sessions();
    expect(s.image.inputNames).toEqual(['pixel_values']);
    expect(s.text.outputNames).toEqual(['text_embeds']);
    const pictures = { red: solid(230, 20, 20), green: solid(20, 200, 40), blue: solid(30, 40, 220), yellow: solid(240, 220, 30) };
    const words = Object.keys(pictures) as (keyof typeof pictures)[];
    const images = await Promise.all(words.map((word) => encodeImage(ort, s, pictures[word])));
    for (const image of images) expect(image).toHaveLength(DIMS);
    for (const [at, word] of words.entries()) {
      const query = await encodeText(ort, s, `a photo of ${word}`);
      const scores = images.map((image) => cosine(query, image));
      expect(scores.indexOf(Math.max(...scores)), word).toBe(at);
      expect(scores[at]).toBeGreaterThan(0.95);
    }
    await Promise.all([s.image.release(), s.text.release()]);
  });

  it('tokenizes words through the vocabulary, with start, end and padding when the manifest asks', () => {
    const manifest = clipManifestSchema.parse(tinyClipManifest());
    expect([...clipTokenizer(manifest, { vocab: JSON.stringify(VOCAB) })('A photo of RED, zebra!')]).toEqual([5n, 6n, 7n, 1n, 0n]);
    const padded = { ...manifest, text: { ...manifest.text, contextLength: 6, tokenizer: { ...manifest.text.tokenizer, startId: 7, endId: 8, padId: 0 } } };
    expect([...clipTokenizer(padded, { vocab: JSON.stringify(VOCAB) })('red')]).toEqual([7n, 1n, 8n, 0n, 0n, 0n]);
  });

  it('refuses a manifest that misses a field, naming it', () => {
    const bad = clipManifestSchema.safeParse({ ...tinyClipManifest(), image: { ...tinyClipManifest().image, mean: [0, 0] } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['image', 'mean']);
  });
});
