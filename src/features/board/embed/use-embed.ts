/**
 * The board inside someone else's page (`/embed`): its mode (`sign`, or `view`: pan and zoom only),
 * the host page's messages (setConfig moves the view and switches the mode, no reload) and the
 * `saved` message it posts after each save (src/domain/embed.ts has the shapes).
 *
 * Who may talk to the frame: only its parent window, and, when the frame knows the host page's
 * origin, only from that origin; the frame's own messages go to that origin alone. It knows it from
 * the browser where the browser says (location.ancestorOrigins), else from the `origin` the snippet
 * put in the frame's address, else from the referrer the frame was opened with. Which sites may
 * frame the wall at all is the server's to say (EMBED_ORIGINS → frame-ancestors).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  configFromMessage,
  originOf,
  READY_MESSAGE,
  savedMessage,
  viewAfterConfig,
  type EmbedMode,
  type EmbedSettings,
} from '../../../domain/embed.ts';
import { initialCamera, viewOfCamera } from '../../../domain/view-link.ts';
import type { BoardMachine } from '../input/board-machine.ts';

export interface EmbedControls {
  readonly mode: EmbedMode;
  /** Tells the host page a signature was saved. */
  readonly saved: (id: number) => void;
}

/** The host page's origin, as surely as the browser lets the frame know it. */
function hostOriginOf(settings: EmbedSettings): string | null {
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList })
    .ancestorOrigins;
  if (ancestors && ancestors.length > 0) return originOf(ancestors[0]);
  return settings.hostOrigin ?? originOf(document.referrer);
}

export function useEmbed(
  settings: EmbedSettings | null,
  machine: BoardMachine,
): EmbedControls | null {
  const [mode, setMode] = useState<EmbedMode>(settings?.mode ?? 'sign');
  const hostOrigin = useMemo(() => (settings ? hostOriginOf(settings) : null), [settings]);
  const framed = settings !== null && window.parent !== window;

  useEffect(() => {
    if (!framed) return undefined;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      if (hostOrigin !== null && event.origin !== hostOrigin) return;
      const config = configFromMessage(event.data);
      if (!config) return;
      if (config.mode) setMode(config.mode);
      const { camera, viewport } = machine.camera.current();
      const view = viewAfterConfig(viewOfCamera(camera, viewport), config);
      if (view) machine.camera.moveTo(initialCamera(viewport, view));
    };
    window.addEventListener('message', onMessage);
    // The host page may now send its setConfig (the snippet waits for this).
    window.parent.postMessage(READY_MESSAGE, hostOrigin ?? '*');
    return () => window.removeEventListener('message', onMessage);
  }, [framed, hostOrigin, machine]);

  // View mode never draws: a board left in drawing mode goes back to panning (which cancels
  // whatever was being drawn, as the toggle does).
  useEffect(() => {
    if (mode !== 'view') return undefined;
    const back = () => {
      if (machine.getState().mode === 'draw') machine.dispatch({ type: 'modeToggled' });
    };
    back();
    return machine.subscribe(back);
  }, [mode, machine]);

  const saved = useCallback(
    (id: number) => {
      if (!framed) return;
      // To the host page's origin only; where it is unknown, the id of a public signature is
      // all the message tells, so any parent may hear it.
      window.parent.postMessage(savedMessage(id), hostOrigin ?? '*');
    },
    [framed, hostOrigin],
  );

  return useMemo(() => (settings ? { mode, saved } : null), [settings, mode, saved]);
}
