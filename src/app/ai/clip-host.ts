/**
 * The page side of a user's CLIP model: starts the CLIP worker (./clip.worker.ts) the first time
 * the service worker asks for an embedding, forwards the calls, and restarts it when the person
 * picks another model (`reload`). Embeddings cross as plain arrays of floats.
 */
import * as Comlink from 'comlink';
import type { ClipOutcome } from '../../core/media/media-processor';
import type { ClipWorkerEndpoint } from './clip.worker';
import { keptClipModel } from './clip-model-api';

let worker: Worker | undefined;
let remote: Comlink.Remote<ClipWorkerEndpoint> | undefined;

function clipWorker(): Comlink.Remote<ClipWorkerEndpoint> {
  if (!remote) {
    worker = new Worker(new URL('./clip.worker.ts', import.meta.url), { type: 'module', name: 'clip' });
    remote = Comlink.wrap<ClipWorkerEndpoint>(worker);
    // Messages keep their order: the worker has its reader before the first call that loads the model.
    void remote.useModel(Comlink.proxy(keptClipModel));
  }
  return remote;
}

/** Failures (a model that does not run) are answered, not thrown: the job is then dropped as undecodable. */
async function safely(call: () => Promise<ClipOutcome>): Promise<ClipOutcome> {
  try {
    return await call();
  } catch (error) {
    return { status: 'undecodable', reason: `Your CLIP model failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export const clipHost = {
  image: (bytes: ArrayBuffer, mime: string) => safely(() => clipWorker().image(Comlink.transfer(bytes, [bytes]), mime)),
  text: (text: string) => safely(() => clipWorker().text(text)),
  /** The model the worker runs (loading it), or null. */
  model: () => clipWorker().model(),
  /** A new model was stored: the next call starts a fresh worker that loads it. */
  reload(): void {
    worker?.terminate();
    worker = undefined;
    remote = undefined;
  },
};
