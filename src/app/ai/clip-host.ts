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
/** Counts reloads: a call that a reload cut short is asked again of the new worker. */
let generation = 0;
/** Calls in flight: a terminated worker never answers them (Comlink waits for ever), so a reload ends them. */
const inFlight = new Set<(error: Error) => void>();

function endedByReload<T>(call: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    inFlight.add(reject);
    call.then(resolve, reject).finally(() => inFlight.delete(reject));
  });
}

function clipWorker(): Comlink.Remote<ClipWorkerEndpoint> {
  if (!remote) {
    worker = new Worker(new URL('./clip.worker.ts', import.meta.url), { type: 'module', name: 'clip' });
    remote = Comlink.wrap<ClipWorkerEndpoint>(worker);
    // Messages keep their order: the worker has its reader before the first call that loads the model.
    void remote.useModel(Comlink.proxy(keptClipModel));
  }
  return remote;
}

/**
 * Failures (a model that does not run) are answered, not thrown: the job is then dropped as
 * undecodable. A call cut short because a model was picked meanwhile (its worker ended by
 * `reload`) is asked once more, of the worker that runs the new model: the job is not dropped.
 */
async function safely(call: () => Promise<ClipOutcome>): Promise<ClipOutcome> {
  for (let attempt = 0; ; attempt++) {
    const started = generation;
    try {
      return await endedByReload(call());
    } catch (error) {
      if (attempt === 0 && generation !== started) continue;
      return { status: 'undecodable', reason: `Your CLIP model failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
}

export const clipHost = {
  // A copy crosses, so the bytes are still here if the call must be asked again.
  image: (bytes: ArrayBuffer, mime: string) => safely(() => {
    const sent = bytes.slice(0);
    return clipWorker().image(Comlink.transfer(sent, [sent]), mime);
  }),
  text: (text: string) => safely(() => clipWorker().text(text)),
  /** The model the worker runs (loading it), or null. */
  model: () => clipWorker().model(),
  /** A new model was stored: the next call starts a fresh worker that loads it. */
  reload(): void {
    generation += 1;
    for (const end of inFlight) end(new Error('a newly picked model replaced the one running'));
    inFlight.clear();
    worker?.terminate();
    worker = undefined;
    remote = undefined;
  },
};
