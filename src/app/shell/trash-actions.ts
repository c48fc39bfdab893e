/**
 * Moving items to the trash and back. Until part 2's batch item/update, one request per item, a
 * few at a time; the caller shows the undo toast.
 */
import type { ApiPort } from '../state/api-port';

const AT_ONCE = 8;

export async function setTrashed(api: ApiPort, ids: readonly string[], isDeleted: boolean): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      await api.post('/item/update', { id, isDeleted });
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, ids.length) }, worker));
}
