// The object signal's two kinds of evidence: detector confidence per label, and metadata naming it.
import { describe, expect, it } from 'vitest';
import { combineObjectEvidence, NAMED } from '../../src/core/ai-search/object-evidence';

const entries = (map: Map<string, { score: number; named: boolean }>) => [...map].map(([id, e]) => [id, e.score, e.named]);

describe('combineObjectEvidence', () => {
  it('counts metadata naming a label as full evidence, above a weak detection', () => {
    const detected = [{ id: 'puppy', perLabel: [0.9] }, { id: 'tabby', perLabel: [0.48] }];
    const evidence = combineObjectEvidence(['dog'], detected, new Map([['dog', new Set(['tagged'])]]));
    expect(entries(evidence)).toEqual([['puppy', 0.9, false], ['tabby', 0.48, false], ['tagged', NAMED, true]]);
  });

  it('takes the better of detection and naming per label, averaged over the asked labels', () => {
    const detected = [{ id: 'a', perLabel: [0.6, 0] }, { id: 'b', perLabel: [0.3, 0.5] }];
    const evidence = combineObjectEvidence(['dog', 'person'], detected, new Map([['dog', new Set(['b'])], ['person', new Set(['c'])]]));
    expect(entries(evidence)).toEqual([['a', 0.3, false], ['b', 0.75, true], ['c', 0.5, true]]);
  });

  it('leaves detections alone when no metadata names a label', () => {
    expect(entries(combineObjectEvidence(['cat'], [{ id: 'a', perLabel: [0.2] }], new Map()))).toEqual([['a', 0.2, false]]);
  });
});
