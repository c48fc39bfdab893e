/** Mounts a web-app element in the test document, on a page styled like the app's. */
export function mount<T extends HTMLElement>(element: T, container: HTMLElement = document.body): T {
  document.body.style.cssText = 'margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,sans-serif;box-sizing:border-box;min-height:100vh';
  container.append(element);
  return element;
}

/** Polls `read` until `done` holds (or the test times out), answering the last value read. */
export async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, intervalMs = 100): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
