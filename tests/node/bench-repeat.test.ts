/** The bench's `repeat()`: every series takes its turn in each round, the order alternating, warm-up rounds dropped. */
import { describe, expect, it } from 'vitest';
import { repeat } from '../../bench/page/repeat';

describe('repeat', () => {
  it('interleaves the subject, the baseline and further series, alternating their order each round', async () => {
    const order: string[] = [];
    const side = (name: string) => ({
      before: async () => void order.push(`${name}:before`),
      run: async () => void order.push(name),
    });
    const result = await repeat({
      runs: 2,
      warmup: 1,
      subject: side('s'),
      baseline: { label: 'warm', ...side('b') },
      others: [{ label: 'floor', ...side('f') }],
    });
    expect(order.filter((step) => !step.endsWith(':before'))).toEqual(['s', 'b', 'f', 'f', 'b', 's', 's', 'b', 'f']);
    // Each side's untimed step runs right before it.
    for (let i = 0; i < order.length; i += 2) expect(order[i]).toBe(`${order[i + 1]}:before`);
    expect(result.samples).toHaveLength(2);
    expect(result.baseline).toMatchObject({ label: 'warm' });
    expect(result.baseline?.samples).toHaveLength(2);
    expect(result.others).toHaveLength(1);
    expect(result.others?.[0]).toMatchObject({ label: 'floor' });
    expect(result.others?.[0]?.samples).toHaveLength(2);
  });

  it('leaves out the series it was not given', async () => {
    const result = await repeat({ runs: 3, warmup: 0, subject: { run: async () => undefined } });
    expect(result.samples).toHaveLength(3);
    expect(result).not.toHaveProperty('baseline');
    expect(result).not.toHaveProperty('others');
  });
});
