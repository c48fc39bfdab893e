// The service worker's media bridge when a page's worker runs out of time on a job: a page that
// still answers gets that worker ended (it would hold every later call) and the job is told why,
// which costs it an attempt, so a PDF too heavy for the page fails in the end instead of being
// sent forever; a closed page, or a call that only waited behind another, costs the job nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaBridge } from '../../src/sw/media-bridge';
import { PagePorts, type PageMedia } from '../../src/sw/page-ports';

const never = () => new Promise<never>(() => {});

function page({ answers }: { answers: boolean }) {
  const restarted: number[] = [];
  const dropped: PageMedia[] = [];
  const worker = { processDocument: never, recognizeText: never, processRaster: never };
  const media: PageMedia = {
    hostId: 'h',
    workers: [worker, worker] as unknown as PageMedia['workers'],
    busy: [0, 0],
    started: [true, true],
    page: {
      ping: () => (answers ? Promise.resolve('pong') : never()),
      restartWorker: async (index: number) => void restarted.push(index),
    } as unknown as PageMedia['page'],
    ports: [],
    heardAt: Date.now(),
  };
  const ports = { acquire: async () => (dropped.includes(media) ? undefined : media), drop: (m: PageMedia) => void dropped.push(m) } as unknown as PagePorts;
  return { bridge: mediaBridge(ports), media, restarted, dropped };
}

const pdf = { kind: 'pdf' as const, blob: new Blob(['%PDF-1.7']), mime: 'application/pdf' };
const picture = { kind: 'raster' as const, blob: new Blob(['png']), mime: 'image/png' };

describe('the media bridge when a page runs out of time', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('ends the worker of a page that still answers, and fails the attempt with the reason', async () => {
    const { bridge, restarted, dropped, media } = page({ answers: true });
    const reading = bridge.process(pdf).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(31_000);
    const error = await reading;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^Reading this application\/pdf took longer than 30 s in this page/);
    expect(restarted).toEqual([0]);
    expect(dropped).toContain(media);
  });

  it('OCR too: the worker goes, the attempt fails', async () => {
    const { bridge, restarted } = page({ answers: true });
    const reading = bridge.recognizeText!(picture).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(121_000);
    expect(((await reading) as Error).message).toMatch(/^Reading the text in this picture took longer than 120 s/);
    expect(restarted).toEqual([0]);
  });

  it('a page that no longer answers (closed) costs nothing: the job waits for a page', async () => {
    const { bridge, restarted } = page({ answers: false });
    const reading = bridge.process(pdf);
    await vi.advanceTimersByTimeAsync(33_000);
    expect(await reading).toMatchObject({ status: 'needs-page' });
    expect(restarted).toEqual([]);
  });

  it('a call that waited behind another in the same worker costs nothing', async () => {
    const { bridge, media } = page({ answers: true });
    media.workers = [media.workers[0]!]; // one worker: the second call queues behind the first
    media.busy = [0];
    media.started = [true];
    const first = bridge.process(pdf).catch((error: unknown) => error);
    const second = bridge.process({ ...pdf }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await first).toBeInstanceOf(Error);
    expect(await second).toMatchObject({ status: 'needs-page' });
  });

  it('a short call timing out behind a long one ends nothing: the long one may be within its time', async () => {
    const { bridge, media, restarted } = page({ answers: true });
    media.workers = [media.workers[0]!];
    media.busy = [0];
    media.started = [true];
    void bridge.recognizeText!(picture).catch(() => undefined); // 120 s allowed
    const behind = bridge.process({ ...pdf }); // 30 s allowed, waiting behind the OCR
    await vi.advanceTimersByTimeAsync(33_000);
    expect(await behind).toMatchObject({ status: 'needs-page' });
    expect(restarted).toEqual([]);
  });

  it('counts the calls in flight on a page\'s workers across the sets of ports it sends', () => {
    const ports = new PagePorts(async () => []);
    const send = () => {
      const [worker, page] = [new MessageChannel(), new MessageChannel()];
      ports.accept('page-1', [worker.port1], page.port1);
      for (const port of [worker.port1, worker.port2, page.port1, page.port2]) port.close();
    };
    send();
    const older = (ports as unknown as { current: PageMedia }).current;
    older.busy[0]! += 1;
    send();
    const newer = (ports as unknown as { current: PageMedia }).current;
    expect(newer).not.toBe(older);
    expect(newer.busy).toEqual([1]);
  });
});
