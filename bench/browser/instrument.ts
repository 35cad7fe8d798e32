/**
 * What the benchmark installs in every page before the app's own scripts run (addInitScript):
 * - a React DevTools global hook that only counts commits (`onCommitFiberRoot`, every renderer,
 *   production builds included);
 * - a long-task observer (buffered) keeping every entry;
 * - the time of the click on 'Sign!' (the event's own timestamp);
 * - a tracker of wall-sized canvases (width × height ≥ 3200²): how many were sized so, and the
 *   most alive at once (a canvas sized back to 0, as Konva.Util.releaseCanvas does, is released);
 * - a frame recorder: rAF timestamps between start and stop.
 * Everything sits on `window.__bench`; the functions below run in the page.
 */

export interface LongTaskEntry {
  start: number;
  duration: number;
}

export interface BenchProbe {
  commits: number;
  signClickAt: number | null;
  longTasks: LongTaskEntry[];
  bigCanvases: { sized: number; live: number; maxLive: number };
  frames: number[] | null;
}

export interface BenchWindow {
  __bench: BenchProbe;
  Konva?: { stages: KonvaStage[] };
}

/** The little of Konva's API the benchmark reads. */
export interface KonvaStage {
  x(): number;
  y(): number;
  width(): number;
  height(): number;
}

/** Runs in the page before any of its scripts. Self-contained: no imports, no closures. */
export function installProbe(): void {
  const WALL_PIXELS = 3200 * 3200;
  const probe: BenchProbe = {
    commits: 0,
    signClickAt: null,
    longTasks: [],
    bigCanvases: { sized: 0, live: 0, maxLive: 0 },
    frames: null,
  };
  (window as unknown as BenchWindow).__bench = probe;

  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ =
    {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberRoot: () => {
        probe.commits += 1;
      },
      onPostCommitFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
    };

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        probe.longTasks.push({ start: e.startTime, duration: e.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task support: the lists stay empty (reported as such).
  }

  window.addEventListener(
    'click',
    (e) => {
      const button = (e.target as Element | null)?.closest?.('button');
      if (button && button.textContent?.trim() === 'Sign!') probe.signClickAt = e.timeStamp;
    },
    true,
  );

  const big = new WeakSet<HTMLCanvasElement>();
  const proto = HTMLCanvasElement.prototype;
  for (const prop of ['width', 'height'] as const) {
    const desc = Object.getOwnPropertyDescriptor(proto, prop)!;
    Object.defineProperty(proto, prop, {
      configurable: true,
      enumerable: desc.enumerable ?? true,
      get(this: HTMLCanvasElement) {
        return desc.get!.call(this) as number;
      },
      set(this: HTMLCanvasElement, value: number) {
        desc.set!.call(this, value);
        const pixels = (this.width || 0) * (this.height || 0);
        if (pixels >= WALL_PIXELS && !big.has(this)) {
          big.add(this);
          probe.bigCanvases.sized += 1;
          probe.bigCanvases.live += 1;
          probe.bigCanvases.maxLive = Math.max(probe.bigCanvases.maxLive, probe.bigCanvases.live);
        } else if (pixels < WALL_PIXELS && big.has(this)) {
          big.delete(this);
          probe.bigCanvases.live -= 1;
        }
      },
    });
  }
}

/** In the page: start recording rAF timestamps. */
export function startFrames(): void {
  const probe = (window as unknown as BenchWindow).__bench;
  const frames: number[] = [];
  probe.frames = frames;
  const tick = (t: number) => {
    if (probe.frames !== frames) return;
    frames.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** In the page: wait two frames, stop, and return the frames and the long tasks among them. */
export async function stopFrames(): Promise<{ frameTimes: number[]; longTasks: number[] }> {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const probe = (window as unknown as BenchWindow).__bench;
  const frameTimes = probe.frames ?? [];
  probe.frames = null;
  const from = frameTimes[0] ?? 0;
  const to = performance.now();
  const longTasks = probe.longTasks
    .filter((t) => t.start >= from && t.start <= to)
    .map((t) => t.duration);
  return { frameTimes, longTasks };
}

/**
 * tsx compiles the bench with esbuild's keepNames, which wraps functions in `__name(...)`; page
 * functions serialized by Playwright carry those calls into the page. Installed first.
 */
export const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((f) => f);';
