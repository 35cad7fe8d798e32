/**
 * A headless driver for the board's input machine, in the style of tldraw's tool tests: a fake
 * canvas (an EventTarget with a bounding rect and pointer capture), a fake window for keys, and a
 * recording drawing instead of Konva. Tests feed it pointer, wheel, touch and key events as plain
 * objects and read the machine's state, what React would render, and what the canvas shows. The
 * transitions are the real ones from src/domain.
 */
import type { CameraState } from '../../../domain/camera.ts';
import type { Stroke } from '../../../domain/geometry.ts';
import { createOutlineIndex } from '../../../domain/outline-index.ts';
import { createBoardMachine, type BoardMachine, type SaveRequest } from './board-machine.ts';
import type { BoardSurface, CanvasElement, KeyTarget } from './surface.ts';

export type XY = readonly [number, number];

/** The canvas: where the machine listens, with the bounds and pointer capture a browser has. */
class FakeCanvas extends EventTarget {
  readonly captured = new Set<number>();
  focused = false;
  readonly attributes = new Map<string, string>();
  constructor(readonly rect: { left: number; top: number; width: number; height: number }) {
    super();
  }
  getBoundingClientRect() {
    const { left, top, width, height } = this.rect;
    return { left, top, right: left + width, bottom: top + height, width, height, x: left, y: top };
  }
  setPointerCapture(pointerId: number) {
    this.captured.add(pointerId);
  }
  focus() {
    this.focused = true;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
}

/** An element the key or pointer event comes from, answering `closest` as the DOM would. */
export interface FakeTarget {
  closest(selector: string): unknown;
  isContentEditable?: boolean;
}
/** A control beside the canvas (a button), or the caption's text input. */
export const BUTTON: FakeTarget = { closest: (s) => (s.includes('button') ? {} : null) };
export const TEXT_INPUT: FakeTarget = { closest: (s) => (s.includes('input') ? {} : null) };

function event<T extends object>(type: string, init: T): Event & T {
  return Object.assign(new Event(type, { cancelable: true }), init);
}

export interface SaveCall {
  request: SaveRequest;
  succeed(): Promise<void>;
  fail(): Promise<void>;
}

export class BoardDriver {
  readonly canvas: FakeCanvas;
  readonly window = new EventTarget();
  readonly machine: BoardMachine;
  /** The camera as last shown on the canvas, and the live stroke (null: hidden). */
  shownCamera: CameraState | null = null;
  liveStroke: readonly number[] | null = null;
  /** Every save the machine sent, oldest first; each is answered by the test. */
  readonly saves: SaveCall[] = [];
  /** How many times the snapshot React reads changed. */
  renders = 0;
  private readonly pointersDown = new Map<number, string>();

  constructor({ width = 1000, height = 800, left = 0, top = 0 } = {}) {
    this.canvas = new FakeCanvas({ left, top, width, height });
    this.machine = createBoardMachine({ scale: 1, offset: { x: 0, y: 0 } }, { width, height });
    this.machine.subscribe(() => (this.renders += 1));
    this.machine.setSaver(
      (request) =>
        new Promise((resolve, reject) => {
          const settled = () => new Promise<void>((r) => setTimeout(r, 0));
          this.saves.push({
            request,
            succeed: () => (resolve(undefined), settled()),
            fail: () => (reject(new Error('refused')), settled()),
          });
        }),
    );
    const surface: BoardSurface = {
      canvas: this.canvas as unknown as CanvasElement,
      keys: this.window as unknown as KeyTarget,
      drawing: {
        showCamera: (camera) => (this.shownCamera = camera),
        showLiveStroke: (flat) => (this.liveStroke = flat && [...flat]),
      },
    };
    this.machine.attach(surface);
  }

  get state() {
    return this.machine.getState();
  }
  get view() {
    return this.machine.getSnapshot();
  }
  get phase() {
    return this.state.phase.name;
  }
  get toast(): string | null {
    return this.state.toast?.kind ?? null;
  }
  get pending(): readonly Stroke[] | null {
    return this.view.pending;
  }

  /** Saved signatures on the wall, by their outlines (as the wall's index tells the machine). */
  signatures(...outlines: Array<{ x: number; y: number; width: number; height: number }>): this {
    this.machine.setOutlines(
      createOutlineIndex(outlines.map((outline, i) => ({ id: i + 1, outline }))),
    );
    return this;
  }

  toggleMode(): this {
    this.machine.dispatch({ type: 'modeToggled' });
    return this;
  }

  pointerDown(
    [clientX, clientY]: XY,
    { pointerId = 1, pointerType = 'mouse', button = 0 } = {},
  ): this {
    this.pointersDown.set(pointerId, pointerType);
    this.canvas.dispatchEvent(
      event('pointerdown', { pointerId, pointerType, button, clientX, clientY }),
    );
    return this;
  }

  /**
   * A move of a pointer already down. Only a captured pointer (or one over the canvas) reaches
   * the canvas: `over` says what lies under the pointer, the canvas or a control beside it.
   */
  pointerMove(
    [clientX, clientY]: XY,
    {
      pointerId = 1,
      coalesced = [] as readonly XY[],
      over = 'canvas' as 'canvas' | 'control',
    } = {},
  ): this {
    if (over === 'control' && !this.canvas.captured.has(pointerId)) return this;
    const pointerType = this.pointersDown.get(pointerId) ?? 'mouse';
    const samples = coalesced.map(([x, y]) => ({ clientX: x, clientY: y }));
    this.canvas.dispatchEvent(
      event('pointermove', {
        pointerId,
        pointerType,
        button: -1,
        clientX,
        clientY,
        getCoalescedEvents: () => samples,
      }),
    );
    return this;
  }

  pointerUp({ pointerId = 1 } = {}): this {
    const pointerType = this.pointersDown.get(pointerId) ?? 'mouse';
    this.pointersDown.delete(pointerId);
    this.canvas.dispatchEvent(
      event('pointerup', { pointerId, pointerType, button: 0, clientX: 0, clientY: 0 }),
    );
    // As a browser does: capture ends with the pointer.
    if (this.canvas.captured.delete(pointerId)) {
      this.canvas.dispatchEvent(event('lostpointercapture', { pointerId, pointerType }));
    }
    return this;
  }

  pointerCancel({ pointerId = 1 } = {}): this {
    this.pointersDown.delete(pointerId);
    this.canvas.dispatchEvent(event('pointercancel', { pointerId, pointerType: 'touch' }));
    return this;
  }

  /** A press, moves through `points`, and a release at the last one. */
  stroke(points: readonly XY[], options: { pointerId?: number; pointerType?: string } = {}): this {
    const [first, ...rest] = points;
    this.pointerDown(first!, options);
    for (const p of rest) this.pointerMove(p, options);
    return this.pointerUp(options);
  }

  wheel([clientX, clientY]: XY, deltaY: number, { ctrlKey = false } = {}): Event {
    const e = event('wheel', { deltaY, deltaMode: 0, ctrlKey, clientX, clientY });
    this.canvas.dispatchEvent(e);
    return e;
  }

  touchMove(): Event {
    const e = event('touchmove', {});
    this.canvas.dispatchEvent(e);
    return e;
  }

  /** A key pressed with the focus on `target` (the wall itself by default). */
  key(
    key: string,
    { target = this.canvas as unknown, ctrlKey = false, metaKey = false } = {},
  ): Event {
    const e = event('keydown', { key, ctrlKey, metaKey, altKey: false });
    // `target` is read-only on an Event: the listener reads the one given here.
    Object.defineProperty(e, 'target', { value: target });
    this.window.dispatchEvent(e);
    return e;
  }

  typeCaption(caption: string): this {
    this.machine.dispatch({ type: 'captionChanged', caption });
    return this;
  }
}
