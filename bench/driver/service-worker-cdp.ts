/**
 * What only CDP can do to the service worker: stop it (as Chromium does after ~30 s idle) and
 * read its JS heap. Stopping waits for the worker to report "stopped", so a cold run never
 * reaches a worker that is still shutting down.
 */
import type { Browser, CDPSession, Page } from 'playwright';

const STOP_TIMEOUT_MS = 10_000;

export class ServiceWorkerCdp {
  private readonly status = new Map<string, string>();

  private constructor(
    private readonly pageSession: CDPSession,
    private readonly browserSession: CDPSession,
  ) {
    pageSession.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions) this.status.set(version.versionId, version.runningStatus);
    });
  }

  static async attach(browser: Browser, page: Page): Promise<ServiceWorkerCdp> {
    const pageSession = await page.context().newCDPSession(page);
    const control = new ServiceWorkerCdp(pageSession, await browser.newBrowserCDPSession());
    await pageSession.send('ServiceWorker.enable');
    return control;
  }

  async stop(): Promise<void> {
    await this.pageSession.send('ServiceWorker.stopAllWorkers');
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while ([...this.status.values()].some((s) => s !== 'stopped')) {
      if (Date.now() > deadline) throw new Error('The service worker did not stop within 10 s.');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Used JS heap of the running worker after a forced GC, in MB (10^6 bytes). */
  async heapMB(): Promise<number> {
    const sessionId = await this.attachToWorker();
    try {
      await this.sendToTarget(sessionId, 'HeapProfiler.collectGarbage');
      const usage = (await this.sendToTarget(sessionId, 'Runtime.getHeapUsage')) as { usedSize: number };
      return usage.usedSize / 1e6;
    } finally {
      await this.browserSession.send('Target.detachFromTarget', { sessionId });
    }
  }

  /** Used JS heap of the page (its same-origin frames share it) after a forced GC, in MB. */
  async pageHeapMB(): Promise<number> {
    await this.pageSession.send('HeapProfiler.collectGarbage');
    const usage = await this.pageSession.send('Runtime.getHeapUsage');
    return usage.usedSize / 1e6;
  }

  /**
   * Starts Chromium's sampling CPU profiler in the running worker (BENCH_PROFILE); `stopProfile`
   * returns the profile (the .cpuprofile format DevTools opens). The worker must keep running
   * between the two: a stop loses the profile.
   */
  async startProfile(): Promise<void> {
    const sessionId = await this.attachToWorker();
    await this.sendToTarget(sessionId, 'Profiler.enable');
    await this.sendToTarget(sessionId, 'Profiler.setSamplingInterval', { interval: 200 });
    await this.sendToTarget(sessionId, 'Profiler.start');
    this.profiling = sessionId;
  }

  async stopProfile(): Promise<unknown> {
    const sessionId = this.profiling;
    if (!sessionId) throw new Error('No profile was started.');
    this.profiling = undefined;
    try {
      return ((await this.sendToTarget(sessionId, 'Profiler.stop')) as { profile: unknown }).profile;
    } finally {
      await this.browserSession.send('Target.detachFromTarget', { sessionId });
    }
  }

  private profiling: string | undefined;

  private async attachToWorker(): Promise<string> {
    const { targetInfos } = await this.browserSession.send('Target.getTargets');
    const target = targetInfos.find((t) => t.type === 'service_worker' && t.url.endsWith('/sw.js'));
    if (!target) throw new Error('No running service worker to attach to.');
    const { sessionId } = await this.browserSession.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    return sessionId;
  }

  /**
   * Playwright's browser session cannot address a child session directly, so the message goes
   * through Target.sendMessageToTarget (deprecated, still served by Chromium).
   */
  private sendToTarget(sessionId: string, method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = Math.floor(Math.random() * 1e9);
    return new Promise((resolve, reject) => {
      const onMessage = (event: { sessionId?: string; message: string }) => {
        if (event.sessionId !== sessionId) return;
        const reply = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
        if (reply.id !== id) return;
        this.browserSession.off('Target.receivedMessageFromTarget', onMessage);
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve(reply.result);
      };
      this.browserSession.on('Target.receivedMessageFromTarget', onMessage);
      this.browserSession.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
    });
  }
}
