/**
 * API requests in flight, per library: from the moment a request opens its library until its
 * answer is made. Background writers of a library (a published library's load) wait for a quiet
 * moment before each write transaction, so the reads of a person looking at it go first instead
 * of queueing behind seconds of writing. Every wait is bounded: a client that reads all the time
 * slows such a writer, never stops it.
 */
export interface QuietOptions {
  /** Wait for a request to the library to begin first (the first screen's reads of an app opening it). */
  firstRead?: boolean;
  /** How long no request may have been in flight (0: none in flight now is enough). */
  idleMs: number;
  /** The longest wait, whatever happens. */
  maxMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class LibraryRequests {
  private readonly inFlight = new Map<string, number>();
  /** When a request to the library last began or ended. */
  private readonly lastActive = new Map<string, number>();
  private readonly wakers = new Map<string, Set<() => void>>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  begin(path: string): void {
    this.inFlight.set(path, (this.inFlight.get(path) ?? 0) + 1);
    this.touch(path);
  }

  end(path: string): void {
    const left = (this.inFlight.get(path) ?? 1) - 1;
    if (left > 0) this.inFlight.set(path, left);
    else this.inFlight.delete(path);
    this.touch(path);
  }

  /** Settles once the library is quiet as `options` say, or after `options.maxMs` at the latest. */
  async quiet(path: string, { firstRead = false, idleMs, maxMs }: QuietOptions): Promise<void> {
    const deadline = this.now() + maxMs;
    const since = this.lastActive.get(path);
    if (firstRead) while (this.lastActive.get(path) === since && (await this.change(path, deadline)));
    for (;;) {
      const left = deadline - this.now();
      if (left <= 0) return;
      if (this.inFlight.has(path)) {
        await this.change(path, deadline);
        continue;
      }
      const idle = this.now() - (this.lastActive.get(path) ?? -Infinity);
      if (idle >= idleMs) return;
      await sleep(Math.min(idleMs - idle, left));
    }
  }

  private touch(path: string): void {
    this.lastActive.set(path, this.now());
    for (const wake of this.wakers.get(path) ?? []) wake();
    this.wakers.delete(path);
  }

  /** Settles at the library's next begin or end (true), or at the deadline (false). */
  private change(path: string, deadline: number): Promise<boolean> {
    return new Promise((resolve) => {
      let wakers = this.wakers.get(path);
      if (!wakers) this.wakers.set(path, (wakers = new Set()));
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        wakers.delete(wake);
        resolve(false);
      }, Math.max(0, deadline - this.now()));
      wakers.add(wake);
    });
  }
}
