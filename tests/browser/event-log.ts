/**
 * Listens to /api/v2/events through the app's change stream (a real EventSource, in this page or
 * in another window such as an iframe) and keeps what it heard about one library. Other test
 * files stop the shared service worker now and then, which ends the stream (by design: the client
 * reconnects and re-reads); `drops` counts those ends, so a test can tell a lost event from a
 * missing one.
 */
import { listenToChanges, type ChangeStream, type HeardChange } from '../../src/app/change-stream';

const WAIT_MS = 5_000;
/** Pass as the library to hear the changes of every library. */
export const ANY_LIBRARY = '*';

export class EventLog {
  readonly heard: HeardChange[] = [];
  drops = 0;
  resyncs = 0;
  private readonly stream: ChangeStream;
  private readonly wake = new Set<() => void>();

  constructor(
    readonly library: string,
    view: Window = window,
  ) {
    this.stream = listenToChanges({
      view,
      onChange: (change) => (library === ANY_LIBRARY || change.library === library) && this.poke(() => this.heard.push(change)),
      onDrop: () => this.poke(() => (this.drops += 1)),
      onResync: () => this.poke(() => (this.resyncs += 1)),
    });
  }

  /** Resolves once `test` holds, checked after each thing heard; rejects after a while. */
  until<T>(test: () => T | undefined, what: string, ms = WAIT_MS): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = test();
        if (found === undefined) return;
        this.wake.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.wake.delete(check);
        reject(new Error(`No ${what} within ${ms} ms; heard ${JSON.stringify(this.heard.slice(-5))}`));
      }, ms);
      this.wake.add(check);
      check();
    });
  }

  /** Waits until the stream is open. */
  connected(ms?: number): Promise<true> {
    const poll = setInterval(() => this.poke(() => {}), 50);
    return this.until(() => (this.stream.open ? true : undefined), 'open stream', ms).finally(() => clearInterval(poll));
  }

  /** The first event of `kind` and `action` naming `id`, heard after position `from`. */
  find(kind: string, action: string, id: string, from = 0): HeardChange | undefined {
    return this.heard.slice(from).find((e) => e.kind === kind && e.action === action && e.ids.includes(id));
  }

  /**
   * Runs `step` (which makes one change and says which event it expects) until its event is heard.
   * A step runs again only when the stream dropped meanwhile, so the event may have been lost.
   */
  async expectAfter(step: () => Promise<[kind: string, action: string, id: string]>): Promise<HeardChange> {
    for (let attempt = 1; ; attempt++) {
      await this.connected();
      const drops = this.drops;
      const from = this.heard.length;
      const [kind, action, id] = await step();
      try {
        return await this.until(() => this.find(kind, action, id, from), `${kind} ${action} ${id}`);
      } catch (error) {
        if (this.drops === drops || attempt === 3) throw error;
      }
    }
  }

  close(): void {
    this.stream.close();
  }

  private poke(record: () => void): void {
    record();
    for (const check of [...this.wake]) check();
  }
}
