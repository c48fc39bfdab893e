import { z } from 'zod';
import { closedObject } from '../http/input';
import { decodeText } from '../http/uri-text';
import { lazyValue } from '../shared/lazy-value';

/** CouchDB's rule for database names (a URL's last path segment names the database). */
const DATABASE_NAME = /^[a-z][a-z0-9_$()+/-]*$/;

// Sync's routes are ours (no public client sends them anything else): a field they do not read is
// a 400 naming it, not ignored (docs/decisions/input-hardening.md).

/** `url` must be an http(s) URL whose path names a database; credentials in it move to the fields. */
export const startSyncInput = lazyValue(() =>
  closedObject({
    url: z.string().min(1, 'url: the CouchDB database URL is required, e.g. http://127.0.0.1:5984/photos.'),
    username: z.string().optional(),
    password: z.string().optional(),
    keepOriginals: z.boolean().optional(),
  }).transform((input, context) => {
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      context.addIssue({ code: 'custom', path: ['url'], message: 'must be an http or https URL of a CouchDB database, e.g. http://127.0.0.1:5984/photos.' });
      return z.NEVER;
    }
    // A malformed escape stays as written: in a name it fails the rule below, in a password it is the password.
    const name = decodeText(url.pathname.replace(/\/+$/, '').split('/').at(-1) ?? '');
    if (!['http:', 'https:'].includes(url.protocol) || !DATABASE_NAME.test(name) || url.search || url.hash) {
      context.addIssue({ code: 'custom', path: ['url'], message: 'must be an http or https URL ending in a database name (lower-case letter first, then a-z, 0-9, _$()+-/), e.g. http://127.0.0.1:5984/photos.' });
      return z.NEVER;
    }
    const username = input.username ?? decodeText(url.username);
    const password = input.password ?? decodeText(url.password);
    url.username = '';
    url.password = '';
    return { url: url.href.replace(/\/+$/, ''), username, password, keepOriginals: input.keepOriginals };
  }),
);

/** sync/settings: what may change while a library syncs. */
export const syncSettingsInput = lazyValue(() => closedObject({ keepOriginals: z.boolean() }));

/** sync/stop and sync/run read no field (a GET's query string, e.g. `token`, stays ignored: sync/status). */
export const noFields = lazyValue(() => closedObject({}));

/** sync/watch: how long to wait for the server's next change (ms; 25 s at most, the default). */
export const watchSyncInput = lazyValue(() => closedObject({ timeout: z.number().int('whole milliseconds, 0 to 25000').min(0, '0 to 25000 ms').max(25_000, '0 to 25000 ms').optional() }));

export type StartSyncInput = z.output<ReturnType<typeof startSyncInput>>;
export type SyncSettingsInput = z.output<ReturnType<typeof syncSettingsInput>>;
export type WatchSyncInput = z.output<ReturnType<typeof watchSyncInput>>;
