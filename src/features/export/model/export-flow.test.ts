import { describe, expect, it } from 'vitest';
import {
  exportReducer,
  initialExportState,
  redirectsHome,
  type ExportEvent,
} from './export-flow.ts';

const run = (...events: ExportEvent[]) => events.reduce(exportReducer, initialExportState);

describe('export steps', () => {
  it('starts loading with the preparing toast', () => {
    expect(initialExportState.phase).toBe('loading');
    expect(initialExportState.toast?.kind).toBe('preparingExport');
  });

  it('goes loading → generating → complete with the spec toasts in order', () => {
    const generating = run({ type: 'loaded' });
    expect(generating.phase).toBe('generating');
    expect(generating.toast?.kind).toBe('generatingPng');
    const complete = exportReducer(generating, { type: 'rendered' });
    expect(complete.phase).toBe('complete');
    expect(complete.toast?.kind).toBe('exportComplete');
    expect(redirectsHome(complete.phase)).toBe(true);
  });

  it('enters generating once, however often loading is reported', () => {
    const once = run({ type: 'loaded' });
    expect(exportReducer(once, { type: 'loaded' })).toBe(once);
    const done = run({ type: 'loaded' }, { type: 'rendered' });
    expect(exportReducer(done, { type: 'loaded' })).toBe(done);
    expect(exportReducer(done, { type: 'rendered' })).toBe(done);
  });

  it('reports a failed load and never renders or leaves afterwards', () => {
    const failed = run({ type: 'loadFailed' });
    expect(failed.phase).toBe('loadFailed');
    expect(failed.toast?.kind).toBe('loadError');
    expect(exportReducer(failed, { type: 'loaded' })).toBe(failed);
    expect(redirectsHome(failed.phase)).toBe(false);
  });

  it('ignores a load failure once the export is under way', () => {
    const generating = run({ type: 'loaded' });
    expect(exportReducer(generating, { type: 'loadFailed' })).toBe(generating);
  });

  it('stops on a render failure without claiming completion', () => {
    const failed = run({ type: 'loaded' }, { type: 'renderFailed' });
    expect(failed.phase).toBe('renderFailed');
    expect(failed.toast?.kind).toBe('generatingPng');
    expect(exportReducer(failed, { type: 'rendered' })).toBe(failed);
    expect(redirectsHome(failed.phase)).toBe(false);
  });

  it('expires only the toast that is shown', () => {
    const generating = run({ type: 'loaded' });
    const stale = exportReducer(generating, {
      type: 'toastExpired',
      seq: initialExportState.toast!.seq,
    });
    expect(stale.toast?.kind).toBe('generatingPng');
    const expired = exportReducer(generating, { type: 'toastExpired', seq: generating.toast!.seq });
    expect(expired.toast).toBeNull();
    expect(expired.phase).toBe('generating');
  });
});
