import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CameraState } from '../../../../domain/camera.ts';

/** Stands in for the first-view painter's worker: counts what the page asks of it. */
class FakeWorker {
  static made: FakeWorker[] = [];
  posted = 0;
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(): void {
    this.posted++;
  }
  terminate(): void {
    this.terminated = true;
  }
}

const camera: CameraState = { scale: 1, offset: { x: 0, y: 0 } };
const viewport = { width: 1280, height: 800 };

/** The two modules fresh (each holds its page's one painter), with the fake worker in place. */
async function freshModules() {
  vi.resetModules();
  const start = await import('./first-view-start.ts');
  const firstView = await import('./first-view.ts');
  return { ...start, ...firstView };
}

describe('painting the first screen ahead', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', class {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('paints until done when the board has not opened', async () => {
    const { startFirstViewPainter, prepaintFirstView } = await freshModules();
    startFirstViewPainter();
    prepaintFirstView([], camera, viewport);
    const [worker] = FakeWorker.made;
    expect(worker!.posted).toBe(1);
    expect(worker!.terminated).toBe(false);
  });

  it('lets a painter at work finish when the board opens: it cuts no tile before it is done', async () => {
    const { startFirstViewPainter, prepaintFirstView, stopPaintingAhead } = await freshModules();
    startFirstViewPainter();
    prepaintFirstView([], camera, viewport);
    stopPaintingAhead();
    const [worker] = FakeWorker.made;
    expect(worker!.terminated).toBe(false);
    worker!.onmessage!({ data: { type: 'done' } } as MessageEvent);
    expect(worker!.terminated).toBe(true);
  });

  it('stops the painter once the board has drawn its first screen, and lets go what still comes', async () => {
    const { startFirstViewPainter, prepaintFirstView, stopPaintingAhead, discardPrepainted } =
      await freshModules();
    startFirstViewPainter();
    prepaintFirstView([], camera, viewport);
    stopPaintingAhead();
    discardPrepainted();
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    const bitmap = { close: vi.fn() };
    FakeWorker.made[0]!.onmessage!({
      data: { type: 'tile', key: '0/0/0', scale: 1, ids: [], bitmap },
    } as unknown as MessageEvent);
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('never starts when the board opens before the first screen has arrived', async () => {
    const { startFirstViewPainter, prepaintFirstView, stopPaintingAhead } = await freshModules();
    startFirstViewPainter();
    stopPaintingAhead();
    prepaintFirstView([], camera, viewport);
    const [worker] = FakeWorker.made;
    expect(worker!.terminated).toBe(true);
    expect(worker!.posted).toBe(0);
  });
});
