// "Find similar" mixes objects and looks (src/core/ai-search/object-likeness.ts). The API says a
// score above 0.8 means a near-duplicate (docs/api-extensions.md); issue 43 found an astronaut →
// headphones pair at 0.81: two photos of a person that look somewhat alike. The mix is scaled
// under the line, its order and floor kept.
import { describe, expect, it } from 'vitest';
import { NEAR_DUPLICATE_LINE, rankWithObjects, SCORE_FLOOR } from '../../src/core/ai-search/object-likeness';
import { makeApi, newLibrary } from './helpers';
import { openLibrary } from './fixtures/media';

async function libraryWith(objects: Record<string, Record<string, number>>) {
  const api = makeApi();
  const { db } = await openLibrary(api, await newLibrary(api));
  await db.objects.bulkPut(Object.entries(objects).map(([id, labels]) => ({
    id,
    labels: Object.keys(labels),
    detections: Object.entries(labels).map(([label, score]) => ({ label, score, box: [0, 0, 1, 1] as [number, number, number, number] })),
    trashed: 0,
  })));
  return db;
}

describe('find similar: objects and looks', () => {
  it('keeps every score that is not a near-duplicate below the near-duplicate line', async () => {
    const db = await libraryWith({ headphones: { person: 0.7 }, copy: { person: 0.7 }, bus: { bus: 0.6 } });
    const ranked = await rankWithObjects(db, new Map([['person', 0.8]]), [
      { id: 'copy', score: 0.93, nearDuplicate: true },
      { id: 'headphones', score: 0.46, nearDuplicate: false },
      { id: 'bus', score: 0.79, nearDuplicate: false },
    ], 10);
    expect(ranked.map((hit) => hit.id)).toEqual(['copy', 'headphones']);
    expect(ranked[0]!.score).toBe(0.93);
    // Same objects, looks 0.46: 0.65 + 0.35 × 0.46 = 0.81 before.
    expect(ranked[1]!.score).toBeLessThan(NEAR_DUPLICATE_LINE);
    expect(ranked[1]!.score).toBeGreaterThan(0.6);
  });

  it('keeps the order of the mix and drops what scores under the floor', async () => {
    const db = await libraryWith({ a: { person: 0.9 }, b: { person: 0.5, cup: 0.5 }, c: { cup: 0.9 } });
    const ranked = await rankWithObjects(db, new Map([['person', 0.9]]), [
      { id: 'a', score: 0.2, nearDuplicate: false },
      { id: 'b', score: 0.7, nearDuplicate: false },
      { id: 'c', score: 0.3, nearDuplicate: false },
    ], 10);
    expect(ranked.map((hit) => hit.id)).toEqual(['a', 'b']); // c: 0.35 × 0.3 = 0.105 of a 0.93 top
    expect(ranked.every((hit) => hit.score >= SCORE_FLOOR && hit.score < NEAR_DUPLICATE_LINE)).toBe(true);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });
});
