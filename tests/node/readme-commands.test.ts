/**
 * Every shell command of the README (its ```sh blocks) runs as written. A block whose first line
 * is `# in your site` runs in a fresh site folder, in README order (the tarball the repo block
 * packed is copied there first, as the README says); every other block runs in the repo. The
 * long-running commands are kept out by name, below, and must still be in the README.
 * Measured alone: about 45 s, of which `npm run build:lib` is 25 to 30 s.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
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

describe("the README's shell commands", () => {
  let site: string | undefined;
  let tarball: string | undefined;

  afterAll(async () => {
    if (site) await rm(site, { recursive: true, force: true });
    if (tarball) await rm(join(ROOT, tarball), { force: true }); // left in the repo if the site steps never ran
  });

  it('finds the blocks, and the commands it does not run are still there', async () => {
    const blocks = shellBlocks(await readFile(join(ROOT, 'README.md'), 'utf8'));
    const commands = blocks.flatMap((block) => block.commands);
    for (const command of NOT_RUN) expect(commands).toContain(command);
    expect(commands).toContain('npm pack ./dist-lib');
    expect(blocks.some((block) => block.where === 'site')).toBe(true);
  });

  it('runs every other command as written, and each did its job', async () => {
    const blocks = shellBlocks(await readFile(join(ROOT, 'README.md'), 'utf8'));
    const version = (JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    tarball = `offline-asset-library-${version}.tgz`;
    const outputs = new Map<string, string>();

    site = await mkdtemp(join(tmpdir(), 'readme-site-'));
    await writeFile(join(site, 'package.json'), JSON.stringify({ name: 'my-site', private: true }));
    // The library the README publishes, an Eagle folder as Eagle writes it.
    const brand = buildEagleLibrary({ name: 'Brand', items: 12 });
    for (const [path, bytes] of brand.files) {
      const file = join(site, 'Brand.library', path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
    }

    let copied = false;
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

    expect(copied).toBe(true);
    expect(existsSync(join(site, 'node_modules/offline-asset-library/package.json'))).toBe(true);
    for (const file of ['public/asset-library/index.html', 'public/asset-library/sw.js', 'public/vendor/asset-library/element.js']) {
      expect(existsSync(join(site, file)), file).toBe(true);
    }
    const manifest = JSON.parse(await readFile(join(site, 'public/published/brand/manifest.json'), 'utf8')) as { name: string; counts: { items: number } };
    expect(manifest.name).toBe('Brand');
    expect(manifest.counts.items).toBeGreaterThan(0);
    expect(outputs.get('npx offline-asset-library --help')).toMatch(/^Usage: offline-asset-library publish/m);
  }, 420_000);
});
