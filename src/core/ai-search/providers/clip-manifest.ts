/**
 * Bring your own CLIP (docs/decisions/bring-your-own-clip.md): the manifest that describes a
 * user's CLIP-family ONNX files, so any export can be used without code: which file encodes
 * pictures and which text, their input and output names, the picture size and normalisation, and
 * how text becomes token ids. A single model taking both inputs names the same file twice.
 */
import { z } from 'zod';

const name = () => z.string().min(1, 'is required');
const triple = () => z.array(z.number()).length(3, 'must hold 3 numbers (R, G, B)');
const id = () => z.number().int().min(0).optional();
const framing = () => ({ startId: id(), endId: id(), padId: id() });

/** Built on first use (z.lazy): every worker start evaluates this module, few ever read a manifest. */
export const clipManifestSchema = z.lazy(() => z.object({
  /** Shown in checkServiceHealth and the app, e.g. "ViT-B-32 laion2b". */
  name: name(),
  /** Length of both embeddings. */
  dims: z.number().int().min(2).max(4096),
  image: z.object({
    file: name(),
    /** Takes float32 [1, 3, size, size] (NCHW, RGB). */
    input: name(),
    /** Gives float32 [1, dims]. */
    output: name(),
    size: z.number().int().min(1).max(1024),
    /** Per channel, on 0..1 values: (v − mean) / std. CLIP's own: mean [0.4815, 0.4578, 0.4082], std [0.2686, 0.2613, 0.2758]. */
    mean: triple(),
    std: triple(),
  }),
  text: z.object({
    file: name(),
    /** Takes int64 [1, L] (L = contextLength when given, padded with padId). */
    input: name(),
    output: name(),
    contextLength: z.number().int().min(1).max(4096).optional(),
    /** How text becomes ids (clip-tokenizer.ts); start, end and pad ids frame them. */
    tokenizer: z.discriminatedUnion('kind', [
      /** CLIP's byte-pair tokenizer: `vocab` ({token: id}) and `merges` ("left right" per line), as CLIP exports ship them. */
      z.object({ kind: z.literal('clip-bpe'), vocab: name(), merges: name(), ...framing() }),
      /** Lower-cased words looked up in `vocab` ({word: id}); `[UNK]` (or 0) for others. */
      z.object({ kind: z.literal('words'), vocab: name(), ...framing() }),
    ], { error: 'kind must be "clip-bpe" or "words"' }),
  }),
}));

export type ClipManifest = z.output<typeof clipManifestSchema>;

/** The manifest's file names, each once (the files the user must pick besides the manifest). */
export function manifestFiles(manifest: ClipManifest): string[] {
  const { tokenizer } = manifest.text;
  return [...new Set([manifest.image.file, manifest.text.file, tokenizer.vocab, ...(tokenizer.kind === 'clip-bpe' ? [tokenizer.merges] : [])])];
}
