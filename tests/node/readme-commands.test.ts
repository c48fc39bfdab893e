/**
 * Every shell command of the README (its ```sh blocks) runs as written. A block whose first line
 * is `# in your site` runs in a fresh site folder, in README order (the tarball the repo block
 * packed is copied there first, as the README says); every other block runs in the repo. The
 * long-running commands are kept out by name, below, and must still be in the README.
 *
 * The package those commands build, pack and install is then checked in that site as a host's
 * code meets it: its exports name files, its entry imports in node, its command publishes as the
 * repo's does, its declarations type a host's code. One build of the lib serves both (it was two
 * files, each building and installing it: about 50 s each when the suite ran).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCommand } from '../../tools/publish/cli';
import { buildEagleLibrary } from './fixtures/eagle-library';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');

/** Commands that serve or run for many minutes: checked to be in the README, not run here. */
const NOT_RUN = new Set(['npm ci && npm start', 'npm ci && npm test']);
const SITE_MARK = '# in your site';

interface Block {
  where: 'repo' | 'site';
  commands: string[];
}

export function shellBlocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => {
    const lines = match[1]!.split('\n').map((line) => line.trim());
    return {
      where: lines[0] === SITE_MARK ? 'site' : 'repo',
      commands: lines.filter((line) => line !== '' && !line.startsWith('#')),
    };
  });
}

/** npm without the network or its side talk: the package installed has no dependencies. */
const ENV = { ...process.env, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

async function sh(command: string, cwd: string): Promise<string> {
  try {
    const { stdout, stderr } = await run('bash', ['-c', command], { cwd, env: ENV, maxBuffer: 64 * 1024 * 1024 });
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`README command failed (exit ${failed.code}) in ${cwd === ROOT ? 'the repo' : 'the site'}: ${command}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

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

describe("the README's shell commands, and the package they install", () => {
  let site: string | undefined;
  let tarball: string | undefined;
  const outputs = new Map<string, string>();
  let blocks: Block[];
  let copied = false;
  const BRAND_ITEMS = 12;

  beforeAll(async () => {
    blocks = shellBlocks(await readFile(join(ROOT, 'README.md'), 'utf8'));
    const version = (JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    tarball = `offline-asset-library-${version}.tgz`;

    site = await mkdtemp(join(tmpdir(), 'readme-site-'));
    await writeFile(join(site, 'package.json'), JSON.stringify({ name: 'my-site', private: true }));
    // The library the README publishes, an Eagle folder as Eagle writes it.
    const brand = buildEagleLibrary({ name: 'Brand', items: BRAND_ITEMS });
    for (const [path, bytes] of brand.files) {
      const file = join(site, 'Brand.library', path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
    }

    for (const block of blocks) {
      if (block.where === 'site' && !copied) {
        // "Copy offline-asset-library-<version>.tgz into your site".
        await rename(join(ROOT, tarball), join(site, tarball));
        copied = true;
      }
      for (const command of block.commands) {
        if (NOT_RUN.has(command)) continue;
        outputs.set(command, await sh(command, block.where === 'repo' ? ROOT : site));
      }
    }
  }, 420_000);

  afterAll(async () => {
    if (site) await rm(site, { recursive: true, force: true });
    if (tarball) await rm(join(ROOT, tarball), { force: true }); // left in the repo if the site steps never ran
  });

  it('finds the blocks, and the commands it does not run are still there', () => {
    const commands = blocks.flatMap((block) => block.commands);
    for (const command of NOT_RUN) expect(commands).toContain(command);
    expect(commands).toContain('npm pack ./dist-lib');
    expect(blocks.some((block) => block.where === 'site')).toBe(true);
  });

  it('runs every other command as written, and each did its job', async () => {
    expect(copied).toBe(true);
    expect(existsSync(join(site!, 'node_modules/offline-asset-library/package.json'))).toBe(true);
    for (const file of ['public/asset-library/index.html', 'public/asset-library/sw.js', 'public/vendor/asset-library/element.js']) {
      expect(existsSync(join(site!, file)), file).toBe(true);
    }
    const manifest = JSON.parse(await readFile(join(site!, 'public/published/brand/manifest.json'), 'utf8')) as { name: string; counts: { items: number } };
    expect(manifest.name).toBe('Brand');
    expect(manifest.counts.items).toBeGreaterThan(0);
    expect(outputs.get('npx offline-asset-library --help')).toMatch(/^Usage: offline-asset-library publish/m);
  });

  it('installs the package with every export naming a file, and the app beside it', async () => {
    const installed = join(site!, 'node_modules/offline-asset-library');
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, string>>; dependencies?: unknown };
    const files = Object.values(manifest.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
    for (const file of files.filter((target) => !target.includes('*'))) await expect(access(join(installed, file))).resolves.toBeUndefined();
    for (const file of ['app/index.html', 'app/sw.js', 'app/manifest.webmanifest']) await expect(access(join(installed, file))).resolves.toBeUndefined();
    expect(manifest.dependencies).toBeUndefined();
  });

  it("imports the package's main entry outside a browser and exports the helper, the client and the errors", async () => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', "console.log(JSON.stringify(Object.keys(await import('offline-asset-library'))))"], { cwd: site! });
    expect(JSON.parse(stdout)).toEqual(
      expect.arrayContaining(['registerAssetLibrary', 'createApiClient', 'ApiClient', 'ApiClientError', 'ForeignServiceWorkerError', 'ServiceWorkerUnavailableError']),
    );
  });

  it('the package publishes with its own command, bundled (no dependency), byte for byte as this repo’s command does', async () => {
    const publish = [...outputs].find(([command]) => command.startsWith('npx offline-asset-library publish'));
    expect(publish?.[1]).toMatch(new RegExp(`Published "Brand" to .*: ${BRAND_ITEMS} items in \\d+ shards?`));
    await publishCommand([join(site!, 'Brand.library'), '--out', join(site!, 'from-repo')], { log: () => {}, progress: () => {} });
    const manifest = (dir: string) => readFile(join(site!, dir, 'manifest.json'), 'utf8');
    expect(await manifest('public/published/brand')).toBe(await manifest('from-repo'));
  }, 60_000);

  it('types a host site’s code through the package’s declarations, and rejects wrong use', async () => {
    await writeFile(join(site!, 'host.ts'), HOST_CODE);
    await writeFile(join(site!, 'wrong.ts'), WRONG_CODE);
    const right = await typecheck(site!, 'host.ts');
    expect(right.output).toBe('');
    expect(right.ok).toBe(true);
    const wrong = await typecheck(site!, 'wrong.ts');
    expect(wrong.ok).toBe(false);
    expect(wrong.output).toMatch(/'root' does not exist in type 'RegisterOptions'/);
    expect(wrong.output).toMatch(/Type 'number' is not assignable to type 'string'/);
    expect(wrong.output).toMatch(/'"\/item\/nope"' is not assignable to parameter of type/);
    // Answers are typed too. (Inputs are typed by zod's types: a host without zod gets them as any.)
    expect(wrong.output).toMatch(/wrong\.ts\(7,.*Type 'string' is not assignable to type 'number'/);
  }, 60_000);
});
