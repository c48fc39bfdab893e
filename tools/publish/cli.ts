/**
 * `offline-asset-library publish <library> --out <dir> [--no-originals] [--shard-items N] [--name X]`
 * (docs/publishing.md): writes a static published library for any host.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { publishLibrary, type PublishReport } from '../../src/core/publish/publish-library';
import { PublishPartError } from '../../src/core/publish/publish-part';
import { openSourceTree } from './source-tree';
import { describeThumbnail } from './thumbnail-descriptor';

const USAGE =
  'Usage: offline-asset-library publish <library folder or zip> --out <dir> [--folder ID [--no-subfolders] | --smart-folder ID] [--no-originals] [--shard-items N] [--name NAME]';
const OPTIONS = [
  '  <library>        an Eagle .library folder, its zip, or this app\'s export',
  '  --out DIR        where the published files go',
  '  --folder ID      publish only this folder\'s items (and its subfolders\')',
  '  --no-subfolders  with --folder: only the items directly in it',
  '  --smart-folder ID  publish only the items this smart folder holds',
  '  --no-originals   thumbnails only (visitors cannot open originals)',
  '  --shard-items N  about N items a metadata shard (default 512)',
  '  --name NAME      the library\'s name (default: the folder\'s)',
].join('\n');

export interface CliOutput {
  log: (line: string) => void;
  /** Progress lines, overwritten in place on a terminal. */
  progress: (line: string) => void;
}

const consoleOutput: CliOutput = {
  log: (line) => process.stderr.write(`${line}\n`),
  progress: (line) => process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`),
};

export async function publishCommand(args: readonly string[], output: CliOutput = consoleOutput): Promise<PublishReport> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'no-originals': { type: 'boolean', default: false },
      'shard-items': { type: 'string' },
      name: { type: 'string' },
      folder: { type: 'string' },
      'smart-folder': { type: 'string' },
      'no-subfolders': { type: 'boolean', default: false },
    },
  });
  const [source] = positionals;
  if (!source || !values.out || positionals.length > 1) throw new Error(USAGE);
  const shardItems = values['shard-items'] === undefined ? undefined : Number(values['shard-items']);
  if (shardItems !== undefined && !(Number.isInteger(shardItems) && shardItems >= 1)) throw new Error('--shard-items must be a whole number of at least 1.');
  if (values.folder !== undefined && values['smart-folder'] !== undefined) throw new Error('Give --folder or --smart-folder, not both.');
  if (values['no-subfolders'] && values.folder === undefined) throw new Error('--no-subfolders goes with --folder.');
  const part =
    values.folder !== undefined ? { folder: values.folder, subfolders: !values['no-subfolders'] } : values['smart-folder'] !== undefined ? { smartFolder: values['smart-folder'] } : undefined;
  const out = resolve(values.out);
  const tree = await openSourceTree(resolve(source));
  const started = performance.now();
  try {
    const report = await publishLibrary(
      tree,
      {
        write: async (path, bytes) => {
          const file = join(out, ...path.split('/'));
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, bytes);
        },
        has: async (path) => (await stat(join(out, ...path.split('/'))).catch(() => undefined))?.isFile() ?? false,
      },
      {
        originals: !values['no-originals'],
        shardItems,
        name: values.name,
        describe: describeThumbnail,
        part,
        progress: ({ done, total }) => output.progress(`Publishing ${tree.folderName}: ${done} of ${total} item folders`),
      },
    );
    const seconds = (performance.now() - started) / 1000;
    const { manifest, broken, undescribed, files } = report;
    if (process.stderr.isTTY) output.log('');
    for (const item of broken) output.log(`Skipped ${item.name}: ${item.reason}`);
    for (const item of undescribed) output.log(`No visual descriptor for ${item.name}: ${item.reason}`);
    output.log(
      `Published "${manifest.name}" to ${out}: ${manifest.counts.items} items in ${manifest.shards.length} shards, ` +
        `${manifest.counts.thumbnails} thumbnails, ${manifest.counts.originals} originals` +
        `${broken.length ? `, ${broken.length} broken item folders skipped` : ''}` +
        `${undescribed.length ? `, ${undescribed.length} thumbnails not described` : ''}; ${files.written} files written, ${files.kept} unchanged (${Math.round(manifest.counts.items / Math.max(seconds, 0.001))} items/s).`,
    );
    return report;
  } catch (error) {
    // An unknown id is a mistake in the command line: name the option.
    if (error instanceof PublishPartError) throw new Error(`${error.field === 'folderId' ? '--folder' : '--smart-folder'}: ${error.message}`);
    throw error;
  } finally {
    await tree.close?.();
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  // Asking for help is not a mistake: the usage on stdout, and success.
  if (command === '--help' || command === '-h' || command === 'help' || (command === 'publish' && rest.some((arg) => arg === '--help' || arg === '-h'))) {
    process.stdout.write(`${USAGE}\n${OPTIONS}\n`);
    return 0;
  }
  if (command !== 'publish') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  try {
    await publishCommand(rest);
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
