// Panel writes run in the order they were made, even when an earlier one is slower or fails.
import { describe, expect, it } from 'vitest';
import { WriteQueue } from '../../src/app/ui/write-queue';

const later = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error(String(value))) : resolve(value)), ms));

describe('WriteQueue', () => {
  it('starts each write only after the one before has settled', async () => {
    const queue = new WriteQueue();
    const log: string[] = [];
    const write = (name: string, ms: number, fail = false) => () => {
      log.push(`start ${name}`);
      return later(ms, name, fail).finally(() => log.push(`end ${name}`));
    };
    const answers = await Promise.allSettled([queue.run(write('a', 30)), queue.run(write('b', 1, true)), queue.run(write('c', 5))]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
