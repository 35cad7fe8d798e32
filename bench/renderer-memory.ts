/**
 * The memory of Chromium's renderer processes, read from /proc (Linux), for the heavy wall's
 * loads. Two readings, because they answer different questions:
 *
 * - resident (VmRSS, and its peak VmHWM): every page the process has touched, including the pages
 *   of Chromium's own binary, its fonts and ICU data mapped from files (`RssFile`). Those are
 *   about 120 MB here before the page has loaded anything, the same for every page, and shared
 *   with every other Chromium process;
 * - private (`RssAnon` + `RssShmem`): the memory the page made: its JavaScript heaps (workers
 *   included), canvases, layout, decoded images and buffers. This is Chrome's own measure of a
 *   tab's cost (its task manager's "memory footprint" counts anonymous and swapped pages), and
 *   what a phone runs out of. Shared memory is counted too, which can only make it larger. Linux
 *   keeps no peak of it, so `RendererSampler` samples it every 50 ms.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface RendererMemory {
  /** Resident memory now (VmRSS), MB. */
  readonly residentMb: number;
  /** The most resident memory ever (VmHWM), MB. */
  readonly residentPeakMb: number;
  /** Anonymous and shared memory now (RssAnon + RssShmem), MB. */
  readonly privateMb: number;
}

/**
 * Whether each process seen is a renderer, by pid: its command line is read once, not at every
 * sample (the sampler reads /proc every 50 ms while a load is measured on the same cores). A
 * Chromium process is read again until it is a renderer: one just forked from the zygote takes
 * its renderer's command line a moment later.
 */
const isRenderer = new Map<string, boolean>();

/** The renderer processes alive now and their memory, by pid. */
export function renderers(): Map<number, RendererMemory> {
  const out = new Map<number, RendererMemory>();
  const alive = new Set(readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)));
  // A pid that ended may come back as another process.
  for (const pid of isRenderer.keys()) if (!alive.has(pid)) isRenderer.delete(pid);
  for (const name of alive) {
    try {
      let renderer = isRenderer.get(name);
      if (renderer === undefined) {
        const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
        renderer = cmdline.includes('--type=renderer');
        if (renderer || !/chrom/i.test(cmdline)) isRenderer.set(name, renderer);
      }
      if (!renderer) continue;
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const mb = (field: string) =>
        Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
      out.set(Number(name), {
        residentMb: mb('VmRSS'),
        residentPeakMb: mb('VmHWM'),
        privateMb: mb('RssAnon') + mb('RssShmem'),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/**
 * Samples the private memory of the renderers started after it (a context opened after it: its
 * page's renderer, workers included), every `everyMs`, until read. Renderers already running
 * (another context's, closing) are left out.
 */
export class RendererSampler {
  readonly #before = new Set(renderers().keys());
  #peakPrivateMb = 0;
  readonly #timer: NodeJS.Timeout;

  constructor(everyMs = 50) {
    this.#timer = setInterval(() => this.#sample(), everyMs);
  }

  #mine(): RendererMemory[] {
    return [...renderers()].filter(([pid]) => !this.#before.has(pid)).map(([, memory]) => memory);
  }

  #sample(): RendererMemory[] {
    const mine = this.#mine();
    for (const memory of mine)
      this.#peakPrivateMb = Math.max(this.#peakPrivateMb, memory.privateMb);
    return mine;
  }

  /** The peaks so far (private: sampled; resident: VmHWM) and the largest renderer's memory now. */
  read(): { privatePeakMb: number; residentPeakMb: number; now: RendererMemory | null } {
    const mine = this.#sample();
    const now = mine.reduce<RendererMemory | null>(
      (largest, memory) => (largest && largest.residentMb >= memory.residentMb ? largest : memory),
      null,
    );
    return {
      privatePeakMb: this.#peakPrivateMb,
      residentPeakMb: Math.max(0, ...mine.map((memory) => memory.residentPeakMb)),
      now,
    };
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
