/**
 * The replay's controls, along the bottom of the board while a replay is on: play or
 * pause, a scrubber over the wall's signatures in signing order, how far it is, "Download
 * timelapse" where the browser can record a canvas, and a way out.
 */
import { useCallback, useState } from 'react';
import type { Signature } from '../../../domain/signature.ts';
import { downloadBlob } from '../../../ui/download-blob.ts';
import { canRecordTimelapse, recordTimelapse } from './timelapse.ts';
import type { Replay } from './use-replay.ts';
import { useLocale, useWords } from '../../../ui/i18n/words.ts';
import type { Locale } from '../../../domain/locales.ts';
import './replay.css';
import type { ToastKind } from '../../../domain/toast.ts';

export interface ReplayBarProps {
  replay: Replay;
  /** The whole wall, in signing order (what the timelapse records). */
  signatures: readonly Signature[];
  notify: (kind: ToastKind) => void;
}

/** The day the last signature shown was signed, in the page's language. */
function signedOn(signature: Signature | undefined, locale: Locale): string {
  if (!signature) return '';
  const date = new Date(signature.createdAt);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString(locale, { dateStyle: 'medium' });
}

export function ReplayBar({ replay, signatures, notify }: ReplayBarProps) {
  const [recording, setRecording] = useState(false);
  const [recordable] = useState(canRecordTimelapse);
  const t = useWords();
  const locale = useLocale();
  const count = new Intl.NumberFormat(locale);
  const record = useCallback(() => {
    setRecording(true);
    notify('recordingTimelapse');
    recordTimelapse(signatures)
      .then(({ blob, fileName }) => {
        downloadBlob(blob, fileName);
        notify('timelapseSaved');
      })
      .catch((error: unknown) => {
        console.error(error);
        notify('timelapseFailed');
      })
      .finally(() => setRecording(false));
  }, [signatures, notify]);

  return (
    <div className="replay-bar" role="group" aria-label={t('replay.bar')}>
      <button
        type="button"
        className="board-button replay-play"
        aria-label={replay.playing ? t('replay.pause') : t('replay.play')}
        onClick={replay.toggle}
      >
        {replay.playing ? '❚❚' : '▶'}
      </button>
      <input
        className="replay-scrubber"
        type="range"
        aria-label={t('replay.position')}
        aria-valuetext={t('replay.positionText', { count: replay.count, total: replay.total })}
        min={0}
        max={replay.total}
        step={1}
        value={replay.count}
        onChange={(e) => replay.seek(Number(e.currentTarget.value))}
      />
      <span className="replay-count">
        {count.format(replay.count)} / {count.format(replay.total)}
        <span className="replay-date">{signedOn(replay.shown[replay.count - 1], locale)}</span>
      </span>
      {recordable && (
        <button type="button" className="replay-text-button" disabled={recording} onClick={record}>
          {t('replay.download')}
        </button>
      )}
      <button
        type="button"
        className="board-button replay-close"
        aria-label={t('replay.close')}
        onClick={replay.close}
      >
        ✕
      </button>
    </div>
  );
}
