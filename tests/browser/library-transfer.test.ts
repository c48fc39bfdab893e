// The web app's library-transfer module (what the library menu calls), through the real worker:
// open a picked folder with progress and a report, then export into a picked directory.
import { describe, expect, it } from 'vitest';
import { directoryHandleTree, fileListTree } from '../../src/core/eagle-library';
import { droppedLibrary, exportLibraryToDirectory, importLibrary, importReport, type ImportProgress } from '../../src/app/library-transfer';
import { buildEagleLibrary, filesOf, zipOf } from '../node/fixtures/eagle-library';
import { controlledBy } from './service-worker';

describe('library transfer in the web app', () => {
  it('opens a folder with progress and a report naming the broken item folders, and exports it into a folder', async () => {
    await controlledBy();
    const fixture = buildEagleLibrary({ name: `App-${Math.random().toString(36).slice(2, 8)}`, items: 30 });
    const phases: ImportProgress['phase'][] = [];
    const state = await importLibrary({ kind: 'folder', tree: fileListTree(filesOf(fixture)) }, { onProgress: (p) => phases.push(p.phase), pollMs: 50 });
    expect(state).toMatchObject({ status: 'done', libraryName: fixture.name, imported: 30, total: 32 });
    expect(phases[0]).toBe('packing');
    expect(phases.at(-1)).toBe('done');
    const report = importReport(state);
    expect(report.title).toBe(`Opened ${fixture.name}.library as "${fixture.name}"`);
    expect(report.lines[0]).toMatch(/^30 items imported/);
    for (const name of fixture.broken.keys()) expect(report.lines.some((line) => line.startsWith(`${name}: `))).toBe(true);

    const target = await (await navigator.storage.getDirectory()).getDirectoryHandle(`export-${fixture.name}`, { create: true });
    const written = await exportLibraryToDirectory(target, { library: state.libraryPath });
    expect(written.folderName).toBe(`${fixture.name}.library`);
    const tree = directoryHandleTree(await target.getDirectoryHandle(written.folderName));
    const root = JSON.parse(await (await tree.read('metadata.json'))!.text());
    expect(root.applicationVersion).toBe('4.0.0');
    expect((await tree.list('images')).length).toBe(30);
  });

  it('opens a dropped zip into the current library, skipping the items it already holds', async () => {
    await controlledBy();
    const fixture = buildEagleLibrary({ name: `Drop-${Math.random().toString(36).slice(2, 8)}`, items: 8, plain: true });
    const zip = new File([await zipOf(fixture)], `${fixture.name}.zip`, { type: 'application/zip' });
    const drop = new DataTransfer();
    drop.items.add(zip);
    const source = await droppedLibrary(drop);
    expect(source).toMatchObject({ kind: 'zip', name: `${fixture.name}.zip` });
    const first = await importLibrary(source!, { pollMs: 50 });
    expect(first).toMatchObject({ status: 'done', imported: 8, skipped: 0 });
    const again = await importLibrary(source!, { into: 'current', pollMs: 50 });
    expect(again.status).toBe('done');
    expect(again.imported + again.skipped).toBe(8);
    expect(importReport({ ...first, skipped: 3 }).lines).toContain('3 items were already in the library and skipped');
  });
});
