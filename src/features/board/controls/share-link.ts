/**
 * Sharing a link: the platform's share sheet where there is one (phones), else the clipboard.
 */

export type ShareOutcome = 'shared' | 'canceled' | 'copied' | 'failed';

export async function shareLink(url: string, title: string): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      // The visitor closed the sheet: nothing to say. Any other refusal falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return 'canceled';
    }
  }
  try {
    // Missing outside secure contexts: the TypeError lands in the catch below.
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch (error) {
    console.error('signwall: copying the link failed', error);
    return 'failed';
  }
}
