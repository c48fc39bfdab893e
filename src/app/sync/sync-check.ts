/** What sync/check answers, and the one line the Sync… dialog shows for it. */
import type { SyncCheck } from '../api-types';
import { plural } from '../ui/format';

export type { SyncCheck };

export function checkText(check: SyncCheck): { ok: boolean; text: string } {
  const server = `${check.server}${check.version ? ` ${check.version}` : ''}`;
  const who = check.user ? ` as ${check.user}` : '';
  if (check.database.exists) {
    return { ok: true, text: `Connected to ${server}${who}: database “${check.database.name}” holds ${plural(check.database.documents ?? 0, 'document')}.` };
  }
  if (check.database.canCreate === false) {
    return { ok: false, text: `Connected to ${server}${who}, but database “${check.database.name}” does not exist and ${check.user ?? 'this user'} may not create it (a server admin can).` };
  }
  return { ok: true, text: `Connected to ${server}${who}: database “${check.database.name}” does not exist yet; Start syncing creates it.` };
}
