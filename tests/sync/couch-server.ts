/**
 * A real CouchDB-protocol server for sync tests: pouchdb-server (npm), started on a free loopback
 * port, its files (LevelDB databases, config.json, log.txt) in a fresh temporary folder, so that it
 * can be stopped and started again with its data (the "server stopped" and "server killed mid-pull"
 * cases). Runs in node (node tests, and the browser project's global setup).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve(import.meta.dirname, '../../node_modules/pouchdb-server/bin/pouchdb-server');

export interface CouchServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  start(): Promise<void>;
  /** Kills the process (SIGKILL: as a crash would). */
  stop(): Promise<void>;
  /** Stops it and removes its files. */
  dispose(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitForAnswer(origin: string, process: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`pouchdb-server exited (${process.exitCode}): ${output()}`);
    try {
      if ((await fetch(`${origin}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`pouchdb-server did not answer at ${origin} within 30 s: ${output()}`);
}

export interface CouchOptions {
  /**
   * The server's `couchdb/max_document_size` (bytes): a JSON request body above it is answered
   * 413, as CouchDB answers one above its limits (a file uploaded inline, sync/files-database.ts).
   */
  maxDocumentSize?: number;
}

export async function startCouchServer(options: CouchOptions = {}): Promise<CouchServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'couch-'));
  if (options.maxDocumentSize) writeFileSync(join(dir, 'config.json'), JSON.stringify({ couchdb: { max_document_size: String(options.maxDocumentSize) } }));
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const server: CouchServer = {
    origin,
    async start() {
      let output = '';
      child = spawn(process.execPath, [BIN, '-p', String(port), '-o', '127.0.0.1', '-d', dir, '-c', join(dir, 'config.json'), '-n'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      await waitForAnswer(origin, child, () => output);
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((done) => running.once('exit', done));
      running.kill('SIGKILL');
      await exited;
    },
    async dispose() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
