/**
 * The base of every store: plain state plus a change signal. Components subscribe through
 * `StoreController`, which re-renders them on change; node tests use the stores directly.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export type Listener = () => void;

export class Store {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells subscribers the state changed. */
  protected changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** Re-renders a Lit element whenever one of its stores changes, while it is connected. */
export class StoreController implements ReactiveController {
  private unsubscribers: (() => void)[] = [];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly stores: () => readonly Store[],
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.unsubscribers = this.stores().map((store) => store.subscribe(() => this.host.requestUpdate()));
  }

  hostDisconnected(): void {
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    this.unsubscribers = [];
  }
}
