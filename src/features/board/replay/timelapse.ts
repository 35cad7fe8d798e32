/**
 * "Download timelapse": the replay recorded as a video file, where the browser can
 * record a canvas (MediaRecorder and canvas.captureStream). The wall is painted at a quarter of
 * its size onto a canvas of its own, with the board's painter, signature by signature in signing
 * order over TIMELAPSE_MS, while the recorder takes the canvas's frames.
 */
import { WALL_BACKGROUND } from '../../../domain/presentation.ts';
import { shownAt } from '../model/replay.ts';
import { WALL_SIZE } from '../../../domain/rules.ts';
import type { Signature } from '../../../domain/signature.ts';
import { paintSignature, prepareSignaturePaint } from '../../../ui/paint-signature.ts';

/** The video's length: the replay's story, told faster. */
export const TIMELAPSE_MS = 10_000;
/** The last frame (today's wall) stays this long. */
const HOLD_END_MS = 1000;
/** Video pixels per side: a quarter of the wall's. */
const VIDEO_SIZE = 800;
const FRAMES_PER_SECOND = 30;

/** Containers the browser may record, best first: WebM (Chromium, Firefox), MP4 (Safari). */
const FORMATS = [
  { mimeType: 'video/webm;codecs=vp9', extension: 'webm' },
  { mimeType: 'video/webm', extension: 'webm' },
  { mimeType: 'video/mp4', extension: 'mp4' },
] as const;

function recordableFormat() {
  if (typeof MediaRecorder === 'undefined' || typeof HTMLCanvasElement === 'undefined') return null;
  if (typeof HTMLCanvasElement.prototype.captureStream !== 'function') return null;
  return FORMATS.find((f) => MediaRecorder.isTypeSupported(f.mimeType)) ?? null;
}

export function canRecordTimelapse(): boolean {
  return recordableFormat() !== null;
}

export interface Timelapse {
  readonly blob: Blob;
  readonly fileName: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records the wall's history; rejects where the browser cannot record. */
export async function recordTimelapse(signatures: readonly Signature[]): Promise<Timelapse> {
  const format = recordableFormat();
  if (!format) throw new Error('This browser cannot record a canvas.');
  const canvas = document.createElement('canvas');
  canvas.width = VIDEO_SIZE;
  canvas.height = VIDEO_SIZE;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = WALL_BACKGROUND;
  ctx.fillRect(0, 0, VIDEO_SIZE, VIDEO_SIZE);
  ctx.scale(VIDEO_SIZE / WALL_SIZE, VIDEO_SIZE / WALL_SIZE);
  prepareSignaturePaint(ctx);

  const recorder = new MediaRecorder(canvas.captureStream(FRAMES_PER_SECOND), {
    mimeType: format.mimeType,
  });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  const stopped = new Promise<void>((resolve, reject) => {
    recorder.onstop = () => resolve();
    recorder.onerror = () => reject(new Error('The recording failed.'));
  });
  recorder.start(1000);
  try {
    // Timers, not animation frames: a hidden tab keeps recording (slower), never stops.
    const started = performance.now();
    let painted = 0;
    for (;;) {
      const due = shownAt(signatures.length, (performance.now() - started) / TIMELAPSE_MS);
      for (; painted < due; painted++) paintSignature(ctx, signatures[painted]!);
      if (painted >= signatures.length) break;
      await sleep(1000 / FRAMES_PER_SECOND);
    }
    await sleep(HOLD_END_MS);
  } finally {
    recorder.stop();
  }
  await stopped;
  canvas.width = 0;
  canvas.height = 0;
  return {
    blob: new Blob(chunks, { type: format.mimeType.split(';')[0] }),
    fileName: `signwall-timelapse.${format.extension}`,
  };
}
