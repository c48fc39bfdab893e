/**
 * Announces every row written to the small tables that clients show (folders, tags, tag groups,
 * smart folders) and to comments and content texts (as their item's change), at the storage layer,
 * so that no write path (today's services, tomorrow's importer) can forget to. Rows are seen inside
 * the writing transaction; ./transaction-changes.ts holds the changes until it commits. Item rows
 * are announced by their observer instead (./item-changes.observer.ts): it knows trash from edit.
 *
 * A Dexie middleware rather than Dexie's table hooks: with a `creating` or `updating` hook, Dexie
 * reads every row before putting it (one `get` per key, to tell which hook to call), so a batch's
 * 341 tag puts cost 341 reads more (docs/decisions/write-path-profile.md). Here a put learns which
 * of its keys exist (created or updated) from one keys-only read of the range they span, and a
 * delete reads rows only where the change names something in them (a comment's item).
 */
import Dexie, { type DBCoreKeyRange, type DBCoreMutateRequest, type DBCoreMutateResponse, type DBCoreTable, type Middleware, type DBCore, type Transaction } from 'dexie';
import type { LibraryDb } from '../storage/library-db';
import type { CommentRow } from '../storage/rows';
import type { Change, ChangeKind } from './change';
import { announce } from './transaction-changes';

type Row = Record<string, unknown>;
type RowAction = 'created' | 'updated' | 'removed';
type Key = string;

/** Which change a written row makes; `row` is the row written, or for a removal the row removed when `needsRemovedRow`. */
interface Watcher {
  describe: (action: RowAction, key: Key, row: Row | undefined) => Change;
  /** The change of a removal names something in the removed row: read it first. */
  needsRemovedRow?: boolean;
}

const entity = (kind: Exclude<ChangeKind, 'item' | 'library' | 'import' | 'aiSearch'>): Watcher => ({
  describe: (action, key) => ({ kind, action, ids: [key] }) as Change,
});

/** A comment added, edited or removed changes its item. */
const comment: Watcher = {
  describe: (_action, _key, row) => ({ kind: 'item', action: 'updated', ids: [(row as unknown as CommentRow | undefined)?.itemId ?? ''] }),
  needsRemovedRow: true,
};

/** Text found inside an item (OCR, a text file's, a PDF's), keyed by the item's id, changes that item. */
const contentText: Watcher = {
  describe: (_action, key) => ({ kind: 'item', action: 'updated', ids: [key] }),
  // An item deleted for good clears its text by key, found or not: only a text that was there is news.
  needsRemovedRow: true,
};

const WATCHED: Readonly<Record<string, Watcher>> = {
  folders: entity('folder'),
  tags: entity('tag'),
  tagGroups: entity('tagGroup'),
  smartFolders: entity('smartFolder'),
  comments: comment,
  contentTexts: contentText,
};

/** Dexie's own way to hold a transaction's other requests while one runs (what its hooks use; not in its types). */
interface WriteLocking {
  _promise(mode: 'readwrite', fn: () => Promise<DBCoreMutateResponse>, writeLock: true): Promise<DBCoreMutateResponse>;
}

/** Below this many keys, a get per key is as cheap as one range read. */
const FEW = 16;
/** DBCoreRangeType.Range (a const enum, not importable as a value). */
const RANGE = 2 as DBCoreKeyRange['type'];

/** The keys among `keys` that `table` holds: one keys-only read of their span, or a get each when few. */
async function existingKeys(table: DBCoreTable, trans: DBCoreMutateRequest['trans'], keys: readonly Key[]): Promise<Set<Key>> {
  if (keys.length < FEW) {
    const rows = await table.getMany({ trans, keys: [...keys] });
    return new Set(keys.filter((_, i) => rows[i] !== undefined));
  }
  const sorted = [...keys].sort(); // string keys: JS and IndexedDB both order by UTF-16 code units
  const range: DBCoreKeyRange = { type: RANGE, lower: sorted[0], upper: sorted[sorted.length - 1], lowerOpen: false, upperOpen: false };
  const { result } = await table.query({ trans, values: false, query: { index: table.schema.primaryKey, range } });
  const wanted = new Set(keys);
  return new Set((result as Key[]).filter((key) => wanted.has(key)));
}

/** The keys a request wrote, removed or put, in request order, with the failed ones left out. */
const succeeded = (keys: readonly Key[], response: DBCoreMutateResponse) => keys.filter((_, i) => !(i in response.failures));

function watchedTable(down: DBCoreTable, watcher: Watcher): DBCoreTable {
  const { primaryKey } = down.schema;
  const tell = (transaction: Transaction | null, action: RowAction, key: Key, row: Row | undefined) =>
    announce(watcher.describe(action, key, row), transaction);

  async function written(req: DBCoreMutateRequest & { type: 'add' | 'put' }, transaction: Transaction | null): Promise<DBCoreMutateResponse> {
    const given = (req.keys ?? req.values.map((value) => primaryKey.extractKey!(value))) as (Key | undefined)[];
    const known = given.filter((key): key is Key => key !== undefined);
    const existed = req.type === 'put' && known.length > 0 ? await existingKeys(down, req.trans, known) : new Set<Key>();
    const response = await down.mutate(req);
    req.values.forEach((value, i) => {
      if (i in response.failures) return;
      const key = (given[i] ?? response.results?.[i]) as Key | undefined;
      if (key !== undefined) tell(transaction, existed.has(key) ? 'updated' : 'created', key, value as Row);
    });
    return response;
  }

  async function removed(req: DBCoreMutateRequest & { type: 'delete' | 'deleteRange' }, transaction: Transaction | null): Promise<DBCoreMutateResponse> {
    const query = { index: primaryKey, range: req.type === 'deleteRange' ? req.range : undefined };
    let keys: Key[];
    let rows: (Row | undefined)[] = [];
    if (req.type === 'delete') {
      keys = req.keys as Key[];
      if (watcher.needsRemovedRow) rows = await down.getMany({ trans: req.trans, keys });
    } else if (watcher.needsRemovedRow) {
      rows = (await down.query({ trans: req.trans, values: true, query: query as never })).result as Row[];
      keys = rows.map((row) => primaryKey.extractKey!(row) as Key);
    } else keys = (await down.query({ trans: req.trans, values: false, query: query as never })).result as Key[];
    const response = await down.mutate(req);
    const done = req.type === 'delete' ? new Set(succeeded(keys, response)) : new Set(keys);
    keys.forEach((key, i) => {
      // A comment or text that was not there names no item; other tables announce every key deleted, as Dexie's hook did.
      if (!done.has(key) || (watcher.needsRemovedRow && rows[i] === undefined)) return;
      tell(transaction, 'removed', key, rows[i]);
    });
    return response;
  }

  return {
    ...down,
    mutate(req) {
      // The Dexie transaction is current only now, before the first await.
      const transaction = Dexie.currentTransaction;
      const work = () => (req.type === 'add' || req.type === 'put' ? written(req, transaction) : removed(req, transaction));
      // Like Dexie's hooks: nothing else in the transaction runs between the read and the write.
      return transaction ? (transaction as unknown as WriteLocking)._promise('readwrite', work, true) : work();
    },
  };
}

function watchMiddleware(): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'tableWatch',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        const watcher = WATCHED[name];
        return watcher ? watchedTable(table, watcher) : table;
      },
    }),
  };
}

/** Installs the watch on a freshly made library database (before it opens). */
export function watchTables(db: LibraryDb): void {
  db.use(watchMiddleware());
}
