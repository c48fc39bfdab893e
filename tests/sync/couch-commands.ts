/**
 * Browser commands (vite.config.ts `browser.commands`, run in node) that give a browser test a
 * CouchDB-protocol server of its own, which it may stop and start again: the shared one of
 * ./global-setup.ts must keep running for the other tests. Servers live in this process, by origin.
 */
import type { BrowserCommand } from 'vitest/node';
import { startCouchServer, type CouchServer } from './couch-server.ts';

const servers = new Map<string, CouchServer>();

const serverAt = (origin: string): CouchServer => {
  const server = servers.get(origin);
  if (!server) throw new Error(`no test CouchDB server at ${origin}`);
  return server;
};

const startOwnCouchServer: BrowserCommand<[maxDocumentSize?: number]> = async (_context, maxDocumentSize) => {
  const server = await startCouchServer({ maxDocumentSize });
  servers.set(server.origin, server);
  return server.origin;
};
const stopCouchServer: BrowserCommand<[origin: string]> = async (_context, origin) => serverAt(origin).stop();
const restartCouchServer: BrowserCommand<[origin: string]> = async (_context, origin) => serverAt(origin).start();
const disposeCouchServer: BrowserCommand<[origin: string]> = async (_context, origin) => {
  await servers.get(origin)?.dispose();
  servers.delete(origin);
};

export const couchCommands = { startOwnCouchServer, stopCouchServer, restartCouchServer, disposeCouchServer };

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Starts a server of the test's own (`max_document_size` in bytes, optional); answers its origin. */
    startOwnCouchServer(maxDocumentSize?: number): Promise<string>;
    /** Kills it, as a crash would; its data stays for a restart. */
    stopCouchServer(origin: string): Promise<void>;
    restartCouchServer(origin: string): Promise<void>;
    disposeCouchServer(origin: string): Promise<void>;
  }
}
