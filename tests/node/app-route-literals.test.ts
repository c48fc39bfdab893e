/**
 * No API path is typed by hand in the web app (src/app) or the embed package (src/embed): every route string goes to the typed client, which
 * the compiler checks against the route table (src/core/api-table.ts), and no string builds an
 * `/api/v2` URL. Probe files, added to the same program, show that the scan catches each way round it.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/core/routes';
import { scanRouteLiterals } from './route-literals';

const ROOT = resolve(import.meta.dirname, '../..');

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFilesUnder(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  return { ...ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options, noEmit: true };
}

/** A program of `files`, plus probe files given as text under src/app. */
function programOf(files: readonly string[], probes: Record<string, string> = {}): ts.Program {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError, create) =>
    name in probes ? ts.createSourceFile(name, probes[name]!, version, true) : read(name, version, onError, create);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => name in probes || exists(name);
  return ts.createProgram([...files, ...Object.keys(probes)], options, host);
}

const PROBE = join(ROOT, 'src/app/__probe__.ts');
const PROBE_TEXT = [
  "import { ApiClient, apiUrl } from './api-client';",
  'const api = new ApiClient();',
  "const checked = () => api.post('/item/get', { limit: 1 });", // fine: held to the table
  "const alsoChecked = () => api.call('POST /item/add', { url: 'https://example.com/' });", // fine
  "const link = apiUrl('/item/file', { id: 'x' });", // fine
  "export const byHand = () => fetch('/api/v2/item/get?limit=1');", // offence: a URL by hand
  "const loose = (path: string) => api.post(path as '/item/get', {});",
  "export const viaString = () => loose('/item/get');", // offence: a string parameter
  "const kept = '/item/countAll';", // offence: a route in a plain string
  "export const built = (name: string) => `/item/${name}`;", // offence: built at run time
  "export const joined = (base: string) => base + 'api/' + 'v2/item/get';", // offence
  "export const templated = (base: string) => `${base}api/v2/item/get`;", // offence
  "export const prose = 'Scripts call POST /api/v2/item/add.';", // fine: a request named in prose
  'export { checked, alsoChecked, link, kept };',
].join('\n');

const APP_FILES = [...tsFilesUnder(join(ROOT, 'src/app')), ...tsFilesUnder(join(ROOT, 'src/embed'))];
/** One program for both tests (building it is most of the time): the app's files and the probe. */
let program: ts.Program | undefined;
const theProgram = () => (program ??= programOf(APP_FILES, { [PROBE]: PROBE_TEXT }));

describe('route strings in the web app', () => {
  it('are all checked by the compiler, and no URL of the API is built by hand', () => {
    const scan = scanRouteLiterals(theProgram(), APP_FILES, ROUTES);
    const where = scan.offences.map((o) => `${o.file.slice(ROOT.length + 1)}:${o.line} ${o.text}: ${o.why}`);
    expect(where).toEqual([]);
    // The app's calls were found and held to the table: the scan looked where the calls are.
    expect(scan.checked).toBeGreaterThan(80);
  }, 240_000);

  it('catches each way of writing a path by hand', () => {
    const scan = scanRouteLiterals(theProgram(), [PROBE], ROUTES);
    expect(scan.offences.map((o) => o.line)).toEqual([6, 8, 9, 10, 11, 12]);
    expect(scan.checked).toBe(3);
  }, 240_000);
});
