// A big file picked in the app (issue 41, point 1): "Import", "Add files…", a 200 MB file from disk.
// It goes to the worker as a Blob (item/addFile), the panel counts it, and the API serves back the
// same bytes (sampled by range at the start, the middle and the end).
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { api, freshApp, waitForCount } from './app';
import { useBrowser } from './browser';

const MB = 1024 * 1024;
const SIZE = 200 * MB + 777;

/** Writes `size` varied bytes, a megabyte at a time. */
function writeBigFile(path: string, size: number): void {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(MB);
  for (let at = 0; at < size; at += MB) {
    for (let i = 0; i < MB; i += 4) chunk.writeUInt32LE(Math.imul(((at + i) >>> 2) + 1, 0x9e3779b1) >>> 0, i);
    writeSync(fd, chunk, 0, Math.min(MB, size - at));
  }
  closeSync(fd);
}

function bytesOf(path: string, start: number, length: number): string {
  const fd = openSync(path, 'r');
  const out = Buffer.alloc(length);
  readSync(fd, out, 0, length, start);
  closeSync(fd);
  return out.toString('base64');
}

describe('the web app: a big file', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('imports a 200 MB file picked with "Add files…" and serves the same bytes back', async () => {
    const path = join(tmpdir(), `oal-big-${process.pid}-${Date.now().toString(36)}.bin`);
    writeBigFile(path, SIZE);
    const page = await freshApp(browser(), siteUrl);
    try {
      await waitForCount(page, 0);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const chooser = page.waitForEvent('filechooser');
      await page.locator('import-progress').getByRole('button', { name: 'Add files…' }).click();
      await (await chooser).setFiles(path);
      await waitForCount(page, 1);
      const [item] = (await api<{ data: { id: string; name: string; ext: string; size: number }[] }>(page, '/item/get', { fields: ['id', 'name', 'ext', 'size'] })).data;
      expect(item).toMatchObject({ name: path.split('/').pop()!.replace(/\.bin$/, ''), ext: 'bin', size: SIZE });
      for (const start of [0, Math.floor(SIZE / 2) - 3, SIZE - 65_536]) {
        const served = await page.evaluate(
          async ({ id, start }) => {
            const response = await fetch(`/api/v2/item/file?id=${id}`, { headers: { Range: `bytes=${start}-${start + 65_535}` } });
            const bytes = new Uint8Array(await response.arrayBuffer());
            let text = '';
            for (const byte of bytes) text += String.fromCharCode(byte);
            return { status: response.status, base64: btoa(text) };
          },
          { id: item!.id, start },
        );
        expect(served.status).toBe(206);
        expect(served.base64 === bytesOf(path, start, 65_536), `bytes at ${start}`).toBe(true);
      }
    } finally {
      rmSync(path, { force: true });
      await page.context().close();
    }
  }, 120_000);
});
