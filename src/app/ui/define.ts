/** Registers a custom element once (a module evaluated twice, e.g. by hot reload, must not throw). */
export function define(name: string, element: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, element);
}
