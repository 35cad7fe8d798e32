/**
 * The board's way-finding buttons, under the zoom buttons (in a row at the bottom left on a
 * phone): "Share this view", "Find a free spot" and "Download PNG" (the export route).
 */
import './navigation.css';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { TOAST } from '../../domain/constants.ts';
import { centreOf, findFreeSpot } from '../../domain/free-spot.ts';
import type { Signature } from '../../domain/signature.ts';
import { cameraCentredOn, viewCentre } from '../../domain/view-link.ts';
import { DownloadIcon, FreeSpotIcon, ShareIcon } from './icons.tsx';
import { shareLink } from './share-link.ts';
import type { Camera } from './input/camera.ts';

export interface ViewToolsProps {
  camera: Camera | null;
  signatures: readonly Signature[];
  /** The link to the current view (or to the signature just saved). */
  linkHref: () => string;
  notify: (text: string) => void;
  /** A stroke or caption is in progress: leaving for the export would lose it. */
  locked: boolean;
}

export function ViewTools({ camera, signatures, linkHref, notify, locked }: ViewToolsProps) {
  const share = useCallback(() => {
    void shareLink(linkHref(), document.title).then((outcome) => {
      if (outcome === 'copied') notify(TOAST.linkCopied);
      else if (outcome === 'failed') notify(TOAST.linkNotCopied);
    });
  }, [linkHref, notify]);

  const findSpot = useCallback(() => {
    const now = camera?.current();
    if (!camera || !now) return;
    const spot = findFreeSpot(
      signatures.map((s) => s.outline),
      viewCentre(now.camera, now.viewport),
    );
    if (!spot) {
      notify(TOAST.noFreeSpot);
      return;
    }
    camera.moveTo(cameraCentredOn(centreOf(spot), now.camera.scale, now.viewport));
  }, [camera, signatures, notify]);

  return (
    <div className="board-tools">
      <button
        type="button"
        className="board-button board-tool"
        aria-label="Share this view"
        title="Share this view"
        onClick={share}
      >
        <ShareIcon />
      </button>
      <button
        type="button"
        className="board-button board-tool"
        aria-label="Find a free spot"
        title="Find a free spot"
        onClick={findSpot}
      >
        <FreeSpotIcon />
      </button>
      <Link
        to="/export"
        className="board-button board-tool"
        aria-label="Download PNG"
        title={locked ? 'Save or cancel your signature first' : 'Download PNG'}
        aria-disabled={locked || undefined}
        onClick={(e) => {
          if (locked) e.preventDefault();
        }}
      >
        <DownloadIcon />
      </Link>
    </div>
  );
}
