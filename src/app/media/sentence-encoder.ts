/**
 * The sentence encoder in the page's media worker: the model (7 MB, uint8) and its vocabulary load
 * on the first call, with TF.js (./tfjs-runtime.ts); later calls cost about 10 ms per sentence.
 */
import { SentenceTokenizer, type Vocabulary } from '../../shared/ai/sentence-tokenizer';
import { embedSentences, type GraphModel } from './sentence-embedder';
import { modelUrl, tfjs, type Tf } from './tfjs-runtime';
import { tracked } from './model-states';
import { MEANING_MODEL } from '../../shared/ai/model-names';

const MODEL_URL = '/models/use/model.json';
const VOCAB_URL = '/models/use/vocab.json';

let loading: Promise<{ tf: Tf; model: GraphModel; tokenizer: SentenceTokenizer }> | undefined;

function load() {
  return (loading ??= tracked(MEANING_MODEL, (async () => {
    const [{ tf, converter }, vocabulary] = await Promise.all([
      tfjs(),
      fetch(modelUrl(VOCAB_URL)).then((r) => {
        if (!r.ok) throw new Error(`The sentence encoder's vocabulary did not load (${r.status}).`);
        return r.json() as Promise<Vocabulary>;
      }),
    ]);
    const model = (await converter.loadGraphModel(modelUrl(MODEL_URL))) as unknown as GraphModel;
    return { tf, model, tokenizer: new SentenceTokenizer(vocabulary) };
  })()).catch((error) => {
    loading = undefined;
    throw error;
  }));
}

/** Unit 512-d embeddings of the sentences, in order. */
export async function embedTexts(sentences: readonly string[]): Promise<Float32Array[]> {
  const { tf, model, tokenizer } = await load();
  return embedSentences(tf, model, tokenizer, sentences);
}
