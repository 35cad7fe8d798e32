/**
 * The board's input machine without a browser (spec §4–§5): every rule the Playwright
 * suite checks on the board's gestures, keys and save flow, fed as plain events to the real
 * machine and the real transitions. Screen and wall coincide at the start (scale 1, offset 0).
 */
import { describe, expect, it } from 'vitest';
import { BoardDriver, BUTTON, TEXT_INPUT } from './board-driver.ts';

/** A driver in drawing mode. */
const drawing = () => new BoardDriver().toggleMode();

describe('drawing', () => {
  it('press, move, release: the live stroke follows, then the caption box opens with it', () => {
    const board = drawing();
    board.pointerDown([100, 100]);
    expect(board.phase).toBe('drawing');
    // A dot at once: the first point twice.
    expect(board.liveStroke).toEqual([100, 100, 100, 100]);
    expect(board.view.locked).toBe(true);
    board.pointerMove([150, 120]).pointerMove([200, 100]);
    expect(board.liveStroke).toEqual([100, 100, 150, 120, 200, 100]);
    board.pointerUp();
    expect(board.liveStroke).toBeNull();
    expect(board.phase).toBe('captioning');
    expect(board.pending).toEqual([
      [
        [100, 100],
        [150, 120],
        [200, 100],
      ],
    ]);
  });

  it('renders React once when a stroke starts and once when it ends, never per move', () => {
    const board = drawing();
    const before = board.renders;
    board.pointerDown([100, 100]);
    for (let x = 110; x < 400; x += 10) board.pointerMove([x, 100]);
    expect(board.renders - before).toBe(1);
    board.pointerUp();
    expect(board.renders - before).toBe(2);
  });

  it('uses every coalesced sample, so a fast move cannot skip an outline', () => {
    const board = drawing().signatures({ x: 190, y: 50, width: 20, height: 20 });
    board.pointerDown([100, 100]);
    // The event's own position is clear of the outline; one sample it coalesced is not.
    board.pointerMove([300, 100], {
      coalesced: [
        [200, 60],
        [300, 100],
      ],
    });
    expect(board.phase).toBe('idle');
    expect(board.toast).toBe('blocked');
  });

  it('discards a stroke of fewer than 2 points', () => {
    const board = drawing().stroke([[100, 100]]);
    expect(board.phase).toBe('idle');
    expect(board.pending).toBeNull();
  });

  it('captures the pointer: a stroke dragged over a floating control keeps going', () => {
    const board = drawing();
    board.pointerDown([100, 700]);
    expect(board.canvas.captured.has(1)).toBe(true);
    // Over the overview (a sibling of the canvas, inside its bounds) and on.
    board.pointerMove([700, 700], { over: 'control' }).pointerMove([750, 750], { over: 'control' });
    board.pointerUp();
    expect(board.pending?.[0]).toEqual([
      [100, 700],
      [700, 700],
      [750, 750],
    ]);
  });

  it('leaving the canvas cancels the stroke, silently, and later moves add nothing', () => {
    const board = drawing();
    board.pointerDown([300, 300]).pointerMove([100, 300]);
    board.pointerMove([-20, 300]);
    expect(board.phase).toBe('idle');
    expect(board.liveStroke).toBeNull();
    expect(board.toast).toBe('drawingEnabled');
    board.pointerMove([50, 300]).pointerUp();
    expect(board.pending).toBeNull();
    expect(board.view.locked).toBe(false);
  });

  it('a canvas that does not start at the window corner: bounds and points are its own', () => {
    const board = new BoardDriver({ left: 100, top: 50 }).toggleMode();
    board.stroke([
      [200, 150],
      [250, 150],
    ]);
    expect(board.pending).toEqual([
      [
        [100, 100],
        [150, 100],
      ],
    ]);
    board.pointerDown([200, 200]).pointerMove([99, 200]);
    expect(board.phase).toBe('captioning');
  });

  it('the browser taking the pointer (cancel) drops the stroke', () => {
    const board = drawing();
    board.pointerDown([100, 100], { pointerType: 'touch' }).pointerMove([200, 100]);
    board.pointerCancel();
    expect(board.phase).toBe('idle');
  });

  it('a second finger while drawing cancels the stroke and draws nothing', () => {
    const board = drawing();
    board.pointerDown([100, 100], { pointerType: 'touch' }).pointerMove([200, 100]);
    board.pointerDown([300, 300], { pointerId: 2, pointerType: 'touch' });
    expect(board.phase).toBe('idle');
    board.pointerMove([400, 300], { pointerId: 2 }).pointerMove([250, 150]);
    board.pointerUp({ pointerId: 2 }).pointerUp();
    expect(board.pending).toBeNull();
    expect(board.state.camera.scale).toBe(1);
  });

  it('a stroke cannot start on a saved outline, nor cross one', () => {
    const board = drawing().signatures({ x: 400, y: 400, width: 100, height: 100 });
    board.pointerDown([450, 450]);
    expect(board.phase).toBe('idle');
    expect(board.toast).toBe('blocked');
    board.pointerUp();
    board.pointerDown([300, 450]).pointerMove([600, 450]);
    expect(board.phase).toBe('idle');
    expect(board.liveStroke).toBeNull();
    board.pointerUp();
    expect(board.pending).toBeNull();
  });

  it('a signature arriving mid-stroke blocks the stroke from the next point on', () => {
    const board = drawing();
    board.pointerDown([100, 100]).pointerMove([200, 100]);
    board.signatures({ x: 300, y: 50, width: 100, height: 100 });
    // What was drawn stays; a move short of the new outline still draws.
    board.pointerMove([250, 100]);
    expect(board.liveStroke).toEqual([100, 100, 200, 100, 250, 100]);
    board.pointerMove([350, 100]);
    expect(board.phase).toBe('idle');
    expect(board.toast).toBe('blocked');
  });

  it('a stroke reaching a limit ends there and is kept, with the limit toast', () => {
    const board = drawing();
    board.pointerDown([100, 100]).pointerMove([800, 100]).pointerMove([950, 100]);
    expect(board.phase).toBe('captioning');
    expect(board.toast).toBe('tooBig');
    board.pointerMove([990, 100]).pointerUp();
    expect(board.pending).toEqual([
      [
        [100, 100],
        [800, 100],
      ],
    ]);
  });

  it('a press the limits refuse starts nothing (strokeRefused)', () => {
    const board = drawing().stroke([
      [100, 400],
      [900, 400],
    ]);
    board.pointerDown([950, 400]);
    expect(board.phase).toBe('captioning');
    expect(board.toast).toBe('tooBig');
    expect(board.liveStroke).toBeNull();
  });

  it('the pending signature never blocks its author: further strokes join it', () => {
    const board = drawing()
      .stroke([
        [100, 100],
        [200, 100],
      ])
      .stroke([
        [150, 80],
        [150, 120],
      ]);
    expect(board.pending).toHaveLength(2);
  });

  it('the right mouse button neither draws nor pans', () => {
    const board = drawing();
    board.pointerDown([100, 100], { button: 2 });
    expect(board.phase).toBe('idle');
  });
});

describe('panning and zooming', () => {
  it('a drag pans the wall, clamped to the wall, with no React render', () => {
    const board = new BoardDriver();
    const before = board.renders;
    board.pointerDown([640, 400]).pointerMove([340, 200]);
    expect(board.shownCamera?.offset).toEqual({ x: -300, y: -200 });
    board.pointerMove([999, 799]).pointerUp();
    expect(board.shownCamera?.offset).toEqual({ x: 0, y: 0 });
    expect(board.renders).toBe(before);
  });

  it('a pan dragged over a floating control keeps going: 500 × 360 moves the wall 500 × 360', () => {
    const board = new BoardDriver();
    board.pointerDown([950, 750]);
    for (let i = 1; i <= 10; i++) {
      board.pointerMove([950 - 50 * i, 750 - 36 * i], { over: i < 4 ? 'control' : 'canvas' });
    }
    board.pointerUp();
    expect(board.state.camera.offset).toEqual({ x: -500, y: -360 });
  });

  it('leaving the canvas ends the pan; coming back with the button held moves nothing', () => {
    const board = new BoardDriver();
    board.pointerDown([640, 400]).pointerMove([340, 400]).pointerMove([-20, 400]);
    expect(board.phase).toBe('idle');
    const left = board.state.camera.offset;
    board.pointerMove([10, 100]).pointerUp();
    expect(board.state.camera.offset).toBe(left);
    expect(left).toEqual({ x: -300, y: 0 });
  });

  it('a finger reported beyond the screen edge keeps panning, clamped (only the mouse leaves)', () => {
    const board = new BoardDriver();
    board.pointerDown([500, 500], { pointerType: 'touch' }).pointerMove([400, 450]);
    board.pointerMove([1100, 900]);
    expect(board.phase).toBe('panning');
    expect(board.state.camera.offset).toEqual({ x: 0, y: 0 });
  });

  it('two fingers pinch-zoom around the fingers in pan mode', () => {
    const board = new BoardDriver();
    board.pointerDown([400, 400], { pointerType: 'touch' });
    board.pointerDown([600, 400], { pointerId: 2, pointerType: 'touch' });
    expect(board.phase).toBe('pinching');
    board.pointerMove([700, 400], { pointerId: 2 }).pointerMove([300, 400]);
    // The fingers went from 200 px to 400 px apart around the same midpoint.
    expect(board.state.camera.scale).toBeCloseTo(2);
    board.pointerUp({ pointerId: 2 });
    expect(board.phase).toBe('idle');
    // The finger left behind moves nothing until it lifts.
    const camera = board.state.camera;
    board.pointerMove([100, 100]).pointerUp();
    expect(board.state.camera).toBe(camera);
  });

  it('the wheel zooms around the pointer and keeps the page from scrolling', () => {
    const board = new BoardDriver();
    const e = board.wheel([200, 100], -100);
    expect(e.defaultPrevented).toBe(true);
    expect(board.state.camera.scale).toBeCloseTo(Math.exp(100 / 500));
    // The wall point under the pointer stays under it.
    const { scale, offset } = board.state.camera;
    expect((200 - offset.x) / scale).toBeCloseTo(200);
    expect((100 - offset.y) / scale).toBeCloseTo(100);
  });

  it('touch moves on the wall are never the browser’s', () => {
    expect(new BoardDriver().touchMove().defaultPrevented).toBe(true);
  });

  it('arrow keys pan a tenth of the screen with the wall focused; +/- zoom unless typing', () => {
    const board = new BoardDriver();
    board.key('ArrowRight');
    board.key('ArrowDown');
    expect(board.state.camera.offset).toEqual({ x: -100, y: -80 });
    board.key('ArrowRight', { target: BUTTON });
    expect(board.state.camera.offset.x).toBe(-100);
    board.key('+');
    expect(board.state.camera.scale).toBe(1.25);
    board.key('-', { target: TEXT_INPUT });
    expect(board.state.camera.scale).toBe(1.25);
    board.key('-');
    expect(board.state.camera.scale).toBe(1);
  });

  it('the readout follows the pointer in wall coordinates, also as the wall slides', () => {
    const board = new BoardDriver();
    const seen: string[] = [];
    board.machine.watchPointer(([x, y]) => seen.push(`${x},${y}`));
    board.pointerDown([640, 400]).pointerMove([340, 200]);
    expect(seen.at(-1)).toBe('640,400');
    board.pointerUp();
    board.key('ArrowLeft');
    expect(seen.at(-1)).toBe('540,400');
  });

  it('switching to drawing cancels a pan; switching to panning cancels the drawing', () => {
    const board = new BoardDriver();
    board.pointerDown([640, 400]).toggleMode();
    board.pointerMove([300, 300]);
    expect(board.state.camera.offset).toEqual({ x: 0, y: 0 });
    board.pointerUp();
    board.stroke([
      [100, 100],
      [200, 200],
    ]);
    board.toggleMode();
    expect(board.phase).toBe('idle');
    expect(board.pending).toBeNull();
    expect(board.toast).toBe('panningEnabled');
  });
});

describe('keys, undo and the save', () => {
  const withStrokes = (n: number) => {
    const board = drawing();
    for (let i = 0; i < n; i++) {
      board.stroke([
        [100, 100 + 20 * i],
        [200, 100 + 20 * i],
      ]);
    }
    return board;
  };

  it('Escape cancels a stroke in progress and a pending signature', () => {
    const board = drawing();
    board.pointerDown([100, 100]).pointerMove([200, 100]);
    board.key('Escape');
    expect(board.phase).toBe('idle');
    expect(board.toast).toBe('canceled');
    board.pointerMove([250, 100]).pointerUp();
    expect(board.pending).toBeNull();
    const pending = withStrokes(1);
    pending.key('Escape', { target: BUTTON });
    expect(pending.pending).toBeNull();
  });

  it('Enter saves from the wall, not from a control; the save carries strokes and caption', async () => {
    const board = withStrokes(1).typeCaption('hi');
    board.key('Enter', { target: BUTTON });
    expect(board.saves).toHaveLength(0);
    const e = board.key('Enter');
    expect(e.defaultPrevented).toBe(true);
    expect(board.phase).toBe('saving');
    expect(board.toast).toBe('saving');
    // Enter again before the answer: still one save.
    board.key('Enter');
    board.machine.save();
    expect(board.saves).toHaveLength(1);
    expect(board.saves[0]!.request).toEqual({
      strokes: [
        [
          [100, 100],
          [200, 100],
        ],
      ],
      caption: 'hi',
    });
    // Nothing draws while saving.
    board.pointerDown([500, 500]);
    expect(board.phase).toBe('saving');
    await board.saves[0]!.succeed();
    expect(board.phase).toBe('idle');
    expect(board.toast).toBe('saved');
    expect(board.view).toMatchObject({ pending: null, caption: '', saving: false });
  });

  it('a save that fails says so and clears the drawing', async () => {
    const board = withStrokes(2);
    board.machine.save();
    await board.saves[0]!.fail();
    expect(board.phase).toBe('idle');
    expect(board.toast).toBe('saveError');
    expect(board.pending).toBeNull();
  });

  it('Ctrl+Z and Cmd+Z undo the last stroke; undoing the only one cancels', () => {
    const board = withStrokes(2).typeCaption('x');
    const e = board.key('z', { ctrlKey: true });
    expect(e.defaultPrevented).toBe(true);
    expect(board.pending).toHaveLength(1);
    expect(board.view.caption).toBe('x');
    board.key('z', { metaKey: true });
    expect(board.pending).toBeNull();
    expect(board.toast).toBe('canceled');
  });

  it('Ctrl+Z in the caption input is the input’s own text undo', () => {
    const board = withStrokes(2);
    const e = board.key('z', { ctrlKey: true, target: TEXT_INPUT });
    expect(e.defaultPrevented).toBe(false);
    expect(board.pending).toHaveLength(2);
  });

  it('destroy removes every listener', () => {
    const board = new BoardDriver();
    board.machine.destroy();
    board.pointerDown([640, 400]).pointerMove([340, 200]);
    board.key('+');
    expect(board.wheel([10, 10], -100).defaultPrevented).toBe(false);
    expect(board.state.camera).toEqual({ scale: 1, offset: { x: 0, y: 0 } });
  });
});

describe('a signature’s card', () => {
  /** One saved signature, id 1, its outline from (400, 300) to (600, 400). */
  const withSignature = () =>
    new BoardDriver().signatures({ x: 400, y: 300, width: 200, height: 100 });

  it('a click on a signature opens its card; React renders it', () => {
    const board = withSignature();
    const before = board.renders;
    board.pointerDown([500, 350]).pointerUp();
    expect(board.state.card).toBe(1);
    expect(board.view.card).toBe(1);
    expect(board.renders).toBe(before + 1);
  });

  it('a click off every signature opens nothing', () => {
    const board = withSignature();
    board.pointerDown([100, 100]).pointerUp();
    expect(board.state.card).toBeNull();
  });

  it('a mouse may wobble 4 px and still click; 5 px is a drag that pans and opens nothing', () => {
    const clicked = withSignature();
    clicked.pointerDown([500, 350]).pointerMove([503, 352]).pointerMove([504, 350]).pointerUp();
    expect(clicked.state.card).toBe(1);
    const dragged = withSignature();
    dragged.pointerDown([500, 350]).pointerMove([505, 350]).pointerUp();
    expect(dragged.state.card).toBeNull();
    expect(dragged.state.camera.offset).toEqual({ x: 0, y: 0 });
  });

  it('once past its slop a press stays a drag, even released where it began', () => {
    const board = withSignature();
    board.pointerDown([500, 350]).pointerMove([300, 200]).pointerMove([500, 350]).pointerUp();
    expect(board.state.card).toBeNull();
  });

  it('a drag that starts on a signature pans the wall as any drag does', () => {
    const board = withSignature();
    board.pointerDown([500, 350]).pointerMove([300, 250]).pointerUp();
    expect(board.state.camera.offset).toEqual({ x: -200, y: -100 });
    expect(board.state.card).toBeNull();
  });

  it('a finger gets 10 px of slop; 11 px is a drag', () => {
    const tapped = withSignature();
    tapped.pointerDown([500, 350], { pointerType: 'touch' }).pointerMove([508, 356]).pointerUp();
    expect(tapped.state.card).toBe(1);
    const dragged = withSignature();
    dragged.pointerDown([500, 350], { pointerType: 'touch' }).pointerMove([489, 350]).pointerUp();
    expect(dragged.state.card).toBeNull();
  });

  it('a pinch that starts on a signature opens nothing', () => {
    const board = withSignature();
    board.pointerDown([500, 350], { pointerType: 'touch' });
    board.pointerDown([550, 350], { pointerId: 2, pointerType: 'touch' });
    board.pointerUp({ pointerId: 2 }).pointerUp();
    expect(board.state.card).toBeNull();
  });

  it('a press the browser takes back (cancel) opens nothing', () => {
    const board = withSignature();
    board.pointerDown([500, 350], { pointerType: 'touch' }).pointerCancel();
    expect(board.state.card).toBeNull();
  });

  it('the hit test follows the camera: a zoomed and panned wall opens the signature shown', () => {
    const board = withSignature();
    // Wall point (500, 350) is under screen (600, 300) at scale 2, offset (-400, -400).
    board.machine.camera.moveTo({ scale: 2, offset: { x: -400, y: -400 } });
    board.pointerDown([600, 300]).pointerUp();
    expect(board.state.card).toBe(1);
  });

  it('in draw mode a press on a signature draws nothing and opens no card', () => {
    const board = withSignature().toggleMode();
    board.pointerDown([500, 350]).pointerUp();
    expect(board.state.card).toBeNull();
    expect(board.toast).toBe('blocked');
  });

  it('Escape closes the card (and cancels nothing); the mode toggle closes it too', () => {
    const board = withSignature();
    board.pointerDown([500, 350]).pointerUp();
    board.key('Escape', { target: BUTTON });
    expect(board.state.card).toBeNull();
    expect(board.toast).toBeNull();
    board.pointerDown([500, 350]).pointerUp().toggleMode();
    expect(board.state.card).toBeNull();
  });

  it('the next press on the wall closes the card; a tap on another signature opens that one', () => {
    const board = withSignature();
    board.signatures(
      { x: 400, y: 300, width: 200, height: 100 },
      { x: 100, y: 500, width: 100, height: 100 },
    );
    board.pointerDown([500, 350]).pointerUp();
    board.pointerDown([150, 550]);
    expect(board.state.card).toBeNull();
    board.pointerUp();
    expect(board.state.card).toBe(2);
  });

  it('moving the wall closes the card (wheel, keys, the tools); a resize keeps it', () => {
    const opened = () => withSignature().pointerDown([500, 350]).pointerUp();
    const wheeled = opened();
    wheeled.wheel([500, 350], -100);
    expect(wheeled.state.card).toBeNull();
    const zoomed = opened();
    zoomed.key('+', { target: BUTTON });
    expect(zoomed.state.card).toBeNull();
    const resized = opened();
    resized.machine.dispatch({ type: 'resized', viewport: { width: 390, height: 844 } });
    expect(resized.state.card).toBe(1);
  });

  it('Enter on the focused wall opens the card of the signature under the screen’s centre', () => {
    const board = new BoardDriver().signatures({ x: 450, y: 350, width: 100, height: 100 });
    board.key('Enter', { target: BUTTON });
    expect(board.state.card).toBeNull();
    const e = board.key('Enter');
    expect(e.defaultPrevented).toBe(true);
    expect(board.state.card).toBe(1);
    const empty = new BoardDriver();
    empty.key('Enter');
    expect(empty.state.card).toBeNull();
  });
});
