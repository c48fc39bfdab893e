// InTurn (src/app/state/in-turn.ts): the bulk editor's reads and edits, folder changes and Deletes
// run one after another. A step asked for while another runs starts only once that one has ended,
// whether it answered or failed, and each caller gets its own step's answer or error.
import { describe, expect, it } from 'vitest';
import { InTurn } from '../../src/app/state/in-turn';

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
/** Lets every promise step already due run (a macrotask comes after all of them). */
const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('InTurn', () => {
  it('starts each step after the one before has ended, failed or not, and answers each caller', async () => {
    const turns = new InTurn();
    const log: string[] = [];
    const first = gate();
    const second = gate();
    const a = turns.run(async () => (log.push('a starts'), await first.opened, log.push('a ends'), 'a'));
    const b = turns.run(async () => {
      log.push('b starts');
      await second.opened;
      throw new Error('b failed');
    });
    const c = turns.run(async () => (log.push('c starts'), 'c'));
    await settle();
    expect(log).toEqual(['a starts']);
    first.open();
    expect(await a).toBe('a');
    await settle();
    expect(log).toEqual(['a starts', 'a ends', 'b starts']);
    second.open();
    await expect(b).rejects.toThrow('b failed');
    expect(await c).toBe('c');
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'c starts']);
  });
});
