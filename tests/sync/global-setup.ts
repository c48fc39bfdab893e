/**
 * Browser tests: one pouchdb-server (../sync/couch-server.ts) on a free loopback port for the run,
 * its origin provided to the tests as `couchOrigin`. Each test uses a database of its own. Its
 * document size limit is CouchDB 3's default (8,000,000 bytes): a larger file is refused (413).
 */
import type { TestProject } from 'vitest/node';
import { startCouchServer, type CouchServer } from './couch-server';

declare module 'vitest' {
  export interface ProvidedContext {
    couchOrigin: string;
  }
}

/** CouchDB 3's default `max_document_size`. */
const COUCH_MAX_DOCUMENT_SIZE = 8_000_000;

let server: CouchServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await startCouchServer({ maxDocumentSize: COUCH_MAX_DOCUMENT_SIZE });
  project.provide('couchOrigin', server.origin);
}

export async function teardown(): Promise<void> {
  await server?.dispose();
}
