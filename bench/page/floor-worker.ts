/**
 * A floor worker of the cold-start row (bench/floor-workers, built into dist-bench only): registered
 * on a scope of its own under this origin, with a frame in that scope so that its fetches go to
 * that worker (a fetch goes to the worker controlling the page that makes it, whatever its URL).
 * The driver's stop (ServiceWorker.stopAllWorkers) stops it as it stops the real one.
 */
export interface FloorWorker {
  /** One request through the floor worker, its JSON parsed, as ApiClient does for the real one. */
  ask(): Promise<unknown>;
  /** Removes the frame and unregisters the worker. */
  dispose(): Promise<void>;
}

const activated = (registration: ServiceWorkerRegistration): Promise<void> =>
  new Promise((resolve, reject) => {
    const check = () => {
      const worker = registration.active ?? registration.waiting ?? registration.installing;
      if (registration.active?.state === 'activated') resolve();
      else if (!worker || worker.state === 'redundant') reject(new Error('The floor worker did not install.'));
      else worker.addEventListener('statechange', check, { once: true });
    };
    check();
  });

/**
 * `name`: the worker's file at the site's root is bench-floor-<name>.js; `request`: each request's
 * URL, relative to the worker's scope; `scripts`: files it imports while installing, if it takes any.
 */
export async function startFloorWorker(name: string, request = 'answer', scripts: readonly string[] = []): Promise<FloorWorker> {
  const scope = new URL(`/bench-floor/${name}/`, location.href).href;
  const script = new URL(`/bench-floor-${name}.js`, location.href);
  if (scripts.length > 0) script.searchParams.set('scripts', scripts.join(','));
  const registration = await navigator.serviceWorker.register(script.href, { scope });
  await activated(registration);
  const frame = document.createElement('iframe');
  frame.hidden = true;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = scope;
  document.body.append(frame);
  await loaded;
  const view = frame.contentWindow as (Window & typeof globalThis) | null;
  if (!view?.navigator.serviceWorker.controller) throw new Error(`The floor worker "${name}" does not control its frame.`);
  const url = new URL(request, scope).href;
  return {
    ask: async () => {
      const response = await view.fetch(url);
      if (!response.ok) throw new Error(`The floor worker "${name}" answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
    dispose: async () => {
      frame.remove();
      await registration.unregister();
    },
  };
}
