/** pouchdb-browser ships no types; ./pouch.ts types the part sync uses. */
declare module 'pouchdb-browser';
