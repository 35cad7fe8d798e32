/** Hands a Blob to the browser as a file download, without a data URL. */

/**
 * How long the object URL outlives the click. Chromium and WebKit resolve the URL when the link is
 * followed, but some browsers start reading it later (FileSaver.js waits 40 s for that reason);
 * the PNG's few megabytes can stay a little while, the URL is still always revoked.
 */
const REVOKE_AFTER_MS = 10_000;

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  // Some browsers (older Firefox) only follow links that are in the document.
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
