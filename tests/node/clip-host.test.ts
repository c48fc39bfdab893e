// The page's CLIP host (src/app/ai/clip-host.ts) when a newly picked model reloads its worker while
// a call is in flight: a terminated worker never answers, so the call is ended and asked again of
// the new worker, once; a model that fails is answered as undecodable, not thrown. Workers here are
// real Comlink endpoints on MessageChannels; only the model inside each is made up.
import * as Comlink from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface Made {
  terminated: boolean;
  imagesAsked: number;
}

/** What each new worker's model does with an image: never answer (still loading), answer, or fail. */
let behaviours: ('hang' | 'answer' | 'fail')[] = [];
let made: Made[] = [];

class ChannelWorker {
  private readonly port: MessagePort;
  private readonly record: Made = { terminated: false, imagesAsked: 0 };

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const behaviour = behaviours[made.length] ?? 'answer';
    const record = this.record;
    made.push(record);
    Comlink.expose(
      {
        useModel: () => undefined,
        model: () => `model ${made.indexOf(record)}`,
        image: (bytes: ArrayBuffer) => {
          record.imagesAsked += 1;
          if (behaviour === 'hang') return new Promise(() => {});
          if (behaviour === 'fail') throw new Error('the model has no image encoder');
          return { status: 'done', embedding: new Float32Array([bytes.byteLength]), model: `model ${made.indexOf(record)}` };
        },
        text: () => new Promise(() => {}),
      },
      port2,
    );
    port1.start();
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    if (!this.record.terminated) this.port.postMessage(message, transfer);
  }
  addEventListener(type: string, listener: EventListener): void {
    this.port.addEventListener(type, listener);
  }
  removeEventListener(type: string, listener: EventListener): void {
    this.port.removeEventListener(type, listener);
  }
  terminate(): void {
    this.record.terminated = true;
    this.port.close();
  }
}

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('Worker', ChannelWorker);
  made = [];
});
afterEach(() => vi.unstubAllGlobals());

const host = async () => (await import('../../src/app/ai/clip-host')).clipHost;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the page CLIP host', () => {
  it('asks a call cut short by a reload again of the new worker, with the same bytes', async () => {
    behaviours = ['hang', 'answer'];
    const clip = await host();
    const answer = clip.image(new Uint8Array(7).buffer, 'image/png');
    await settle();
    expect(made[0]!.imagesAsked).toBe(1);
    clip.reload();
    const outcome = await answer;
    expect(made.map((worker) => worker.terminated)).toEqual([true, false]);
    expect(outcome).toMatchObject({ status: 'done', model: 'model 1' });
    expect([...(outcome as { embedding: Float32Array }).embedding]).toEqual([7]);
  });

  it('asks again only once: cut short twice, the call is answered as undecodable', async () => {
    behaviours = ['hang', 'hang', 'answer'];
    const clip = await host();
    const answer = clip.image(new Uint8Array(3).buffer, 'image/png');
    await settle();
    clip.reload();
    await settle();
    clip.reload();
    expect(await answer).toMatchObject({ status: 'undecodable', reason: expect.stringContaining('newly picked model') });
    expect(made.map((worker) => worker.imagesAsked)).toEqual([1, 1]);
  });

  it('answers a model that fails as undecodable, naming why, without asking again', async () => {
    behaviours = ['fail'];
    const clip = await host();
    expect(await clip.image(new Uint8Array(2).buffer, 'image/png')).toMatchObject({ status: 'undecodable', reason: expect.stringContaining('no image encoder') });
    expect(made).toHaveLength(1);
    expect(made[0]!.imagesAsked).toBe(1);
  });

  it('leaves calls on the running worker alone when nothing reloads', async () => {
    behaviours = ['answer'];
    const clip = await host();
    const outcomes = await Promise.all([1, 2, 3].map((size) => clip.image(new Uint8Array(size).buffer, 'image/png')));
    expect(outcomes.map((outcome) => [...(outcome as { embedding: Float32Array }).embedding])).toEqual([[1], [2], [3]]);
    expect(made).toHaveLength(1);
  });
});
