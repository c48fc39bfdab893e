/** Mounts a panel element in the test document and waits for what it dispatches. */
import { afterEach } from 'vitest';

const mounted: HTMLElement[] = [];

afterEach(() => {
  for (const element of mounted.splice(0)) element.remove();
});

export function mount<T extends HTMLElement>(tag: string, properties: Partial<T>, style = 'display:block;width:360px;height:900px'): T {
  const element = document.createElement(tag) as T;
  Object.assign(element, properties);
  element.setAttribute('style', style);
  document.body.append(element);
  mounted.push(element);
  return element;
}

/** Resolves with the detail of the next `type` event the element dispatches. */
export function nextEvent<D>(element: HTMLElement, type: string, timeout = 10_000): Promise<D> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeout} ms`)), timeout);
    element.addEventListener(type, (event) => {
      clearTimeout(timer);
      resolve((event as CustomEvent<D>).detail);
    }, { once: true });
  });
}

/** Every detail of `type` events dispatched from now on. */
export function recordEvents<D>(element: HTMLElement, type: string): D[] {
  const seen: D[] = [];
  element.addEventListener(type, (event) => seen.push((event as CustomEvent<D>).detail));
  return seen;
}

/** Waits until check() returns something truthy (the panel renders after its API answers). */
type Maybe<T> = T | undefined | null | false | 0;

export async function until<T>(check: () => Maybe<T> | Promise<Maybe<T>>, timeout = 10_000): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() - start > timeout) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
