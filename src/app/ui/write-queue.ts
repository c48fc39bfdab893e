/**
 * Runs a panel's writes one after another. Two quick edits (a star, then another) must reach the API in
 * the order they were made, and their answers come back in that order, so the last answer shown is the
 * last write made and no edit overtakes another.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(write: () => Promise<T>): Promise<T> {
    const result = this.tail.then(write, write);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
