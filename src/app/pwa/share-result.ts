/**
 * Tells the person what a share added (with Undo, which moves those items to the trash) or why it
 * was refused. The share itself was taken by the service worker before this page loaded.
 */
import { plural } from '../ui/format';
import type { AppStores } from '../shell/app-stores';
import { updateMany } from '../shell/update-many';
import type { LaunchParams } from './launch-params';

type Stores = Pick<AppStores, 'api' | 'toasts' | 'results' | 'sidebar'>;

/** Long enough to find Undo after the system's share sheet has closed. */
const SHARE_TOAST_MS = 12_000;

export async function showShareResult({ shared, shareFailed }: LaunchParams, stores: Stores): Promise<void> {
  const { toasts } = stores;
  if (shareFailed) toasts.show(`The share was not added: ${shareFailed}`, { kind: 'error', ms: SHARE_TOAST_MS });
  if (shared.length === 0) return;
  toasts.show(`Added ${await whatWasAdded(shared, stores)} from the share`, { ms: SHARE_TOAST_MS, action: { label: 'Undo', run: () => void undoShare(shared, stores) } });
}

/** One item by its name, more by their number (a name that cannot be read is no reason to hide the Undo). */
async function whatWasAdded(ids: string[], { api }: Stores): Promise<string> {
  if (ids.length > 1) return plural(ids.length, 'item');
  try {
    const page = await api.post('/item/get', { ids, fields: ['name'], limit: 1 });
    if (page.data[0]) return `“${page.data[0].name}”`;
  } catch {
    // Counted instead.
  }
  return plural(ids.length, 'item');
}

async function undoShare(ids: string[], { api, toasts, results, sidebar }: Stores): Promise<void> {
  try {
    await updateMany(api, ids, { isDeleted: true });
    toasts.show(`Moved ${plural(ids.length, 'shared item')} to the trash`);
  } catch (error) {
    toasts.error(error);
  }
  await Promise.all([results.refresh(), sidebar.loadCounts()]);
}
