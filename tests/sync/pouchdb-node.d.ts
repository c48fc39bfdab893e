/** Packages of PouchDB 7 that node tests use (tests/sync/node-pouch.ts); they ship no types. */
declare module 'pouchdb-core';
declare module 'pouchdb-adapter-memory';
declare module 'pouchdb-adapter-http';
declare module 'pouchdb-replication';
declare module 'pouchdb-fetch';
