/**
 * Which models this media worker has loaded or is loading, for aiSearch/isStarting and
 * checkServiceHealth (asked by the service worker through the WorkerEndpoint).
 */
import type { ModelState } from '../../shared/ai/model-names';

const states: Record<string, ModelState> = {};

/** Wraps a model's first load so that its state is known; a failed load leaves no state. */
export function tracked<T>(name: string, load: Promise<T>): Promise<T> {
  states[name] = 'loading';
  return load.then(
    (value) => ((states[name] = 'loaded'), value),
    (error) => {
      delete states[name];
      throw error;
    },
  );
}

export const modelStates = (): Record<string, ModelState> => ({ ...states });
