/**
 * Browser tests: one pouchdb-server (../sync/couch-server.ts) on a free loopback port for the run,
 * its origin provided to the tests as `couchOrigin`. Each test uses a database of its own.
 */
import type { TestProject } from 'vitest/node';
import { startCouchServer, type CouchServer } from './couch-server';

declare module 'vitest' {
  export interface ProvidedContext {
    couchOrigin: string;
  }
}

let server: CouchServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await startCouchServer();
  project.provide('couchOrigin', server.origin);
}

export async function teardown(): Promise<void> {
  await server?.dispose();
}
