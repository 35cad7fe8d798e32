/**
 * 'Type your name' (board-tools.tsx): a field labelled 'Your name'; Enter (or 'Draw') writes the
 * name in Hershey's script (model/hershey-text.ts), sized and placed for the view
 * (model/typed-name.ts), and hands the strokes to the board as its pending signature
 * (`nameTyped`): the caption box opens on them as after a stroke, and this panel closes. The
 * script's glyphs (script-font.ts) load when the panel first opens.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Rect } from '../../../domain/geometry.ts';
import { createOutlineIndex } from '../../../domain/outline-index.ts';
import type { Signature } from '../../../domain/signature.ts';
import { ToolPanel } from '../controls/tool-panel.tsx';
import type { BoardMachine } from '../input/board-machine.ts';
import { textStrokes, type HersheyFont } from '../model/hershey-text.ts';
import { placeTypedName } from '../model/typed-name.ts';

import { useWords, type MessageId } from '../../../ui/i18n/words.ts';
import './type-name.css';

/**
 * The script's glyphs: loaded when the panel first opens (they are not in the board's chunk), once;
 * a failed load is tried again at the next Enter.
 */
let fontLoad: Promise<HersheyFont> | null = null;
function loadFont(): Promise<HersheyFont> {
  fontLoad ??= import('./script-font.ts').then(
    (m) => m.SCRIPT_FONT,
    (error: unknown) => {
      fontLoad = null;
      throw error;
    },
  );
  return fontLoad;
}

/** The board's controls a typed name should not go under, as they are on screen now. */
const CONTROLS = '.board-overview-map, .board-overview .board-button, .board-tools .board-button';

function coveredByControls(): Rect[] {
  const covered: Rect[] = [];
  for (const el of document.querySelectorAll(CONTROLS)) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) {
      covered.push({ x: r.x, y: r.y, width: r.width, height: r.height });
    }
  }
  return covered;
}

/** Longer names do not fit a signature's 64 strokes anyway. */
const MAX_NAME_LENGTH = 60;

export interface TypeNamePanelProps {
  machine: BoardMachine;
  signatures: readonly Signature[];
  /** False while a name cannot become a signature (the wall loading, a drawing under way). */
  canType: boolean;
  /** Closes the panel; `returnFocus` gives the focus back to the tool's button. */
  onClose: (returnFocus: boolean) => void;
}

export function TypeNamePanel({ machine, signatures, canType, onClose }: TypeNamePanelProps) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<MessageId | null>(null);
  const words = useWords();
  const fieldId = useId();
  const hintId = useId();
  const problemId = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    loadFont().catch(() => undefined);
  }, []);

  const draw = async () => {
    if (!canType) return;
    const font = await loadFont().catch(() => null);
    if (!font) {
      setProblem('typeName.fontFailed');
      return;
    }
    const text = textStrokes(font, name);
    if (!text) {
      setProblem('typeName.nothingToDraw');
      return;
    }
    const outcome = placeTypedName(
      text,
      { ...machine.camera.current(), covered: coveredByControls() },
      signatures.map((s) => s.outline),
      createOutlineIndex(signatures),
    );
    if (!outcome.ok) {
      if (outcome.reason === 'no-room') machine.dispatch({ type: 'notified', kind: 'noFreeSpot' });
      else setProblem('typeName.tooLong');
      return;
    }
    machine.dispatch({ type: 'nameTyped', strokes: outcome.strokes, camera: outcome.camera });
    // The caption box takes the focus (and the place) from here.
    if (machine.getState().phase.name === 'captioning') onClose(false);
  };

  return (
    <ToolPanel
      title={words('tools.typeName')}
      closeLabel={words('typeName.close')}
      onClose={() => onClose(true)}
      className="type-name-panel"
    >
      <form
        className="type-name-form"
        onSubmit={(e) => {
          e.preventDefault();
          void draw();
        }}
      >
        <label className="tool-panel-label" htmlFor={fieldId}>
          {words('typeName.field')}
        </label>
        <input
          ref={field}
          id={fieldId}
          className="board-field"
          type="text"
          autoComplete="name"
          enterKeyHint="go"
          spellCheck={false}
          maxLength={MAX_NAME_LENGTH}
          value={name}
          aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
          aria-invalid={problem !== null}
          onChange={(e) => {
            setName(e.target.value);
            setProblem(null);
          }}
        />
        {problem && (
          <p id={problemId} className="tool-panel-problem" role="alert">
            {words(problem)}
          </p>
        )}
        <p id={hintId} className="tool-panel-note">
          {words('typeName.hint')}
        </p>
        <button type="submit" className="tool-panel-primary" disabled={!canType}>
          {words('typeName.draw')}
        </button>
      </form>
    </ToolPanel>
  );
}
