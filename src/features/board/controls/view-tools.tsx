/**
 * The board's own column of buttons under the mode toggle: zoom in and out, then "Share this
 * view", "Find a free spot", "Replay" (the wall's history) and "Download PNG" (the
 * export route). On a compact screen (a phone)
 * the three tools fold behind one "More tools" button, so that the controls cover little of the
 * wall when the board opens. The column steps to the left edge while the wall's
 * top-right corner lies under it (use-side-clear-of-corners.ts).
 */
import './navigation.css';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link } from 'wouter';
import { centreOf, findFreeSpot } from '../model/free-spot.ts';
import type { Signature } from '../../../domain/signature.ts';
import { cameraCentredOn, viewCentre } from '../../../domain/view-link.ts';
import { DownloadIcon, FreeSpotIcon, MoreToolsIcon, ReplayIcon, ShareIcon } from './icons.tsx';
import { shareLink } from './share-link.ts';
import type { Camera } from '../input/camera.ts';
import { useSideClearOfCorners } from './use-side-clear-of-corners.ts';
import { useWords } from '../../../ui/i18n/words.ts';
import { ToolButton } from './tool-button.tsx';
import type { ToastKind } from '../../../domain/toast.ts';

export interface ViewToolsProps {
  camera: Camera | null;
  signatures: readonly Signature[];
  /** The link to the current view (or to the signature just saved). */
  linkHref: () => string;
  notify: (kind: ToastKind) => void;
  /** A stroke or caption is in progress: leaving for the export would lose it. */
  locked: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  /** Starts the replay; null while it cannot start (the wall loading, a drawing under way). */
  onReplay: (() => void) | null;
  /** In an embed the export opens in a tab of its own, leaving the host page's frame alone. */
  exportInNewTab?: boolean;
  /** More tools after these (board-tools.tsx), given the way to fold the menu when one is chosen. */
  moreTools?: (closeMenu: () => void) => ReactNode;
}

/** Open until a tool is chosen, the button is pressed again, Escape, or a press elsewhere. */
function useFoldedMenu(columnRef: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (e: PointerEvent) => {
      if (!columnRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const closeOnEscape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, columnRef]);
  return [open, setOpen] as const;
}

export function ViewTools({
  camera,
  signatures,
  linkHref,
  notify,
  locked,
  onZoomIn,
  onZoomOut,
  onReplay,
  exportInNewTab = false,
  moreTools,
}: ViewToolsProps) {
  const columnRef = useRef<HTMLDivElement>(null);
  const side = useSideClearOfCorners(camera, columnRef);
  const [open, setOpen] = useFoldedMenu(columnRef);
  const menuId = useId();
  const t = useWords();

  const share = useCallback(() => {
    setOpen(false);
    void shareLink(linkHref(), document.title).then((outcome) => {
      if (outcome === 'copied') notify('linkCopied');
      else if (outcome === 'failed') notify('linkNotCopied');
    });
  }, [linkHref, notify, setOpen]);

  const findSpot = useCallback(() => {
    setOpen(false);
    const now = camera?.current();
    if (!camera || !now) return;
    const spot = findFreeSpot(
      signatures.map((s) => s.outline),
      viewCentre(now.camera, now.viewport),
    );
    if (!spot) {
      notify('noFreeSpot');
      return;
    }
    camera.moveTo(cameraCentredOn(centreOf(spot), now.camera.scale, now.viewport));
  }, [camera, signatures, notify, setOpen]);

  const downloadProps = {
    className: 'board-button board-tool',
    'aria-label': t('board.download'),
    title: locked ? t('board.download.locked') : t('board.download'),
    'aria-disabled': locked || undefined,
    onClick: (e: { preventDefault: () => void }) => {
      if (locked) e.preventDefault();
    },
  };

  return (
    <div ref={columnRef} className="board-tools" data-side={side}>
      {/* Zooming never changes the board's state, so it stays available while drawing. */}
      <button
        type="button"
        className="board-button board-zoom"
        aria-label={t('board.zoomIn')}
        title={t('board.zoomIn.title')}
        onClick={onZoomIn}
      >
        +
      </button>
      <button
        type="button"
        className="board-button board-zoom"
        aria-label={t('board.zoomOut')}
        title={t('board.zoomOut.title')}
        onClick={onZoomOut}
      >
        −
      </button>
      {/* Shown on compact screens only (navigation.css); elsewhere the tools are always out. */}
      <button
        type="button"
        className="board-button board-tools-more"
        aria-label={t('board.moreTools')}
        title={t('board.moreTools.title')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <MoreToolsIcon />
      </button>
      <div id={menuId} className="board-tools-menu" data-open={open}>
        <ToolButton label={t('board.share')} onClick={share}>
          <ShareIcon />
        </ToolButton>
        <ToolButton label={t('board.freeSpot')} onClick={findSpot}>
          <FreeSpotIcon />
        </ToolButton>
        <ToolButton
          label={t('board.replay')}
          title={t('board.replay.title')}
          disabled={onReplay === null}
          onClick={() => {
            setOpen(false);
            onReplay?.();
          }}
        >
          <ReplayIcon />
        </ToolButton>
        {/* The app's own navigation, or, in an embed, a tab of its own (a plain link). */}
        {exportInNewTab ? (
          <a href="/export" target="_blank" rel="noopener" {...downloadProps}>
            <DownloadIcon />
          </a>
        ) : (
          <Link href="/export" {...downloadProps}>
            <DownloadIcon />
          </Link>
        )}
        {moreTools?.(() => setOpen(false))}
      </div>
    </div>
  );
}
