/**
 * Announces every row written to the small tables that clients show (folders, tags, tag groups,
 * smart folders) and to comments, through Dexie's table hooks, so that no write path (today's
 * services, tomorrow's importer) can forget to. Hooks see each row inside the writing
 * transaction; ./transaction-changes.ts holds the changes until it commits. Item rows are
 * announced by their observer instead (./item-changes.observer.ts): it knows trash from edit.
 */
import type { Table, Transaction } from 'dexie';
import type { LibraryDb } from '../storage/library-db';
import type { CommentRow } from '../storage/rows';
import type { Change, ChangeKind } from './change';
import { announce } from './transaction-changes';

type Row = Record<string, unknown>;
type RowAction = 'created' | 'updated' | 'removed';

/** Which change a written row makes. */
type Describe = (action: RowAction, key: string, row: Row) => Change;

const entity =
  (kind: Exclude<ChangeKind, 'item' | 'library' | 'import' | 'aiSearch'>): Describe =>
  (action, key) => ({ kind, action, ids: [key] }) as Change;

/** A comment added, edited or removed changes its item. */
const comment: Describe = (_action, _key, row) => ({ kind: 'item', action: 'updated', ids: [(row as unknown as CommentRow).itemId] });

function watch(table: Table, describe: Describe): void {
  const tell = (action: RowAction, key: unknown, row: unknown, transaction: Transaction) =>
    announce(describe(action, String(key), row as Row), transaction);
  table.hook('creating', function (key, row, transaction) {
    // A key the table generates is known only once stored.
    if (key === undefined) this.onsuccess = (made) => tell('created', made, row, transaction);
    else tell('created', key, row, transaction);
  });
  table.hook('updating', (_changes, key, row, transaction) => void tell('updated', key, row, transaction));
  table.hook('deleting', (key, row, transaction) => tell('removed', key, row, transaction));
}

/** Installs the hooks on a freshly opened library database. */
export function watchTables(db: LibraryDb): void {
  watch(db.folders, entity('folder'));
  watch(db.tags, entity('tag'));
  watch(db.tagGroups, entity('tagGroup'));
  watch(db.smartFolders, entity('smartFolder'));
  watch(db.comments, comment);
}
