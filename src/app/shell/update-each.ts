/**
 * The same change to many items (trash, restore, rating). Until part 2's batch item/update, one
 * request per item, a few at a time.
 */
import type { ApiPort } from '../state/api-port';

const AT_ONCE = 8;

export async function updateEach(api: ApiPort, ids: readonly string[], change: { isDeleted?: boolean; star?: number }): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      await api.post('/item/update', { id, ...change });
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, ids.length) }, worker));
}
