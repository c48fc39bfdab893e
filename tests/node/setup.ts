// Node has no IndexedDB: fake-indexeddb provides one. Workbox modules touch `self`.
import 'fake-indexeddb/auto';

(globalThis as { self?: unknown }).self ??= globalThis;
