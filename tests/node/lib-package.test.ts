/**
 * The `lib` build is a package a host site can install: built, packed and installed into a fresh
 * project, its entries import, its exports name existing files, and its declarations type a host's code.
 */
import { execFile } from 'node:child_process';
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLib } from '../../tools/build-lib';
import { publishCommand } from '../../tools/publish/cli';
import { buildEagleLibrary } from './fixtures/eagle-library';

const run = promisify(execFile);
const TSC = resolve('node_modules/typescript/bin/tsc');

/** Runs tsc in the host project; resolves to its output and whether it passed. */
async function typecheck(project: string, file: string): Promise<{ ok: boolean; output: string }> {
  // A Vite host's usual settings; skipLibCheck, as the declarations name the core's own dependencies (zod, dexie).
  const compilerOptions = { noEmit: true, strict: true, skipLibCheck: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2023', 'dom'], types: [] };
  const config = join(project, `tsconfig.${file}.json`);
  await writeFile(config, JSON.stringify({ compilerOptions, files: [file] }));
  try {
    const { stdout } = await run(process.execPath, [TSC, '-p', config], { cwd: project });
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stdout?: string }).stdout ?? error) };
  }
}

const HOST_CODE = `
import { createApiClient, registerAssetLibrary, ForeignServiceWorkerError, type Item } from 'offline-asset-library';
import { AssetLibraryElement, type AssetLibrarySelectDetail } from 'offline-asset-library/element';

export async function start(element: AssetLibraryElement): Promise<string> {
  const registration: ServiceWorkerRegistration = await registerAssetLibrary({ base: '/asset-library/' });
  const client = createApiClient({ base: '/asset-library/' });
  await element.ready;
  const page = await element.search('cat', { limit: 10 });
  const first: Item | undefined = page.data[0];
  element.addEventListener('asset-library-select', (event) => console.log((event as CustomEvent<AssetLibrarySelectDetail>).detail.ids));
  if (!(registration.scope && client)) throw new ForeignServiceWorkerError('/', '/sw.js');
  // The same typed client as the app's: paths, input and answers come from the route table.
  const folder = await client.post('/folder/create', { name: 'Cats' });
  const added = await client.call('POST /item/add', { url: 'https://example.com/cat.png', folders: [folder.id] });
  const names: string[] = (await client.get('/item/get', { folders: [folder.id], fields: ['name'] })).data.map((item) => item.name ?? '');
  const thumbnail: string = client.url('/item/thumbnail', { id: 'id' in added ? added.id : '' });
  return first?.fileURL ?? names[0] ?? thumbnail;
}
`;

const WRONG_CODE = `
import { createApiClient, registerAssetLibrary, type Item } from 'offline-asset-library';
void registerAssetLibrary({ root: '/asset-library/' });
export const size: string = ({} as Item).size;
const client = createApiClient({ base: '/asset-library/' });
void client.get('/item/nope');
export const platform: number = (await client.get('/app/info')).platform;
`;

describe('the lib package', () => {
  let work: string;
  let host: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'lib-package-'));
    const packageDir = join(work, 'package');
    await buildLib({ outDir: packageDir });
    host = join(work, 'host');
    await mkdir(host);
    await writeFile(join(host, 'package.json'), JSON.stringify({ name: 'host', private: true, type: 'module' }));
    const { stdout } = await run('npm', ['pack', packageDir, '--pack-destination', work, '--silent']);
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, stdout.trim().split('\n').pop()!)], { cwd: host });
  }, 240_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('installs with every export naming a file, and the app beside it', async () => {
    const installed = join(host, 'node_modules/offline-asset-library');
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, string>> };
    const files = Object.values(manifest.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
    for (const file of files.filter((target) => !target.includes('*'))) await expect(access(join(installed, file))).resolves.toBeUndefined();
    for (const file of ['app/index.html', 'app/sw.js', 'app/manifest.webmanifest']) await expect(access(join(installed, file))).resolves.toBeUndefined();
  });

  it('imports its main entry outside a browser and exports the helper, the client and the errors', async () => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', "console.log(JSON.stringify(Object.keys(await import('offline-asset-library'))))"], { cwd: host });
    expect(JSON.parse(stdout)).toEqual(
      expect.arrayContaining(['registerAssetLibrary', 'createApiClient', 'ApiClient', 'ApiClientError', 'ForeignServiceWorkerError', 'ServiceWorkerUnavailableError']),
    );
  });

  it('publishes a library with its own command, bundled (no dependency), byte for byte as this repo’s command does', async () => {
    const source = join(work, 'Brand.library');
    for (const [path, bytes] of buildEagleLibrary({ name: 'Brand', items: 20 }).files) {
      await mkdir(dirname(join(source, path)), { recursive: true });
      await writeFile(join(source, path), bytes);
    }
    const { stderr } = await run(join(host, 'node_modules/.bin/offline-asset-library'), ['publish', source, '--out', join(work, 'from-package')], { cwd: host });
    expect(stderr).toMatch(/Published "Brand" to .*: 20 items in \d+ shards?/);
    await publishCommand([source, '--out', join(work, 'from-repo')], { log: () => {}, progress: () => {} });
    const manifest = (dir: string) => readFile(join(work, dir, 'manifest.json'), 'utf8');
    expect(await manifest('from-package')).toBe(await manifest('from-repo'));
    const installed = JSON.parse(await readFile(join(host, 'node_modules/offline-asset-library/package.json'), 'utf8')) as { dependencies?: unknown };
    expect(installed.dependencies).toBeUndefined();
  }, 60_000);

  it('types a host site’s code through its declarations, and rejects wrong use', async () => {
    await writeFile(join(host, 'host.ts'), HOST_CODE);
    await writeFile(join(host, 'wrong.ts'), WRONG_CODE);
    const right = await typecheck(host, 'host.ts');
    expect(right.output).toBe('');
    expect(right.ok).toBe(true);
    const wrong = await typecheck(host, 'wrong.ts');
    expect(wrong.ok).toBe(false);
    expect(wrong.output).toMatch(/'root' does not exist in type 'RegisterOptions'/);
    expect(wrong.output).toMatch(/Type 'number' is not assignable to type 'string'/);
    expect(wrong.output).toMatch(/'"\/item\/nope"' is not assignable to parameter of type/);
    // Answers are typed too. (Inputs are typed by zod's types: a host without zod gets them as any.)
    expect(wrong.output).toMatch(/wrong\.ts\(7,.*Type 'string' is not assignable to type 'number'/);
  }, 60_000);
});
