/**
 * Steps run one after another, each once the one before has ended: an action asked for while
 * another runs waits its turn, instead of being dropped or run beside it. A step's failure is
 * its caller's to handle and does not stop the steps after it.
 */
export class InTurn {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(step: () => Promise<T>): Promise<T> {
    const turn = this.last.then(step);
    this.last = turn.catch(() => undefined);
    return turn;
  }
}
