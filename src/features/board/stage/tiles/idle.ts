/** Work for when the page has nothing else to do. */

/**
 * Calls back when the page is idle, with how long it may work (at least a millisecond, so a busy
 * page still makes progress). Safari has no requestIdleCallback: a short timeout stands in.
 */
export function requestIdle(callback: (idleMs: number) => void, fallbackMs: number): number {
  return typeof requestIdleCallback === 'function'
    ? requestIdleCallback((deadline) => callback(Math.max(1, deadline.timeRemaining())))
    : window.setTimeout(() => callback(fallbackMs), 50);
}

export function cancelIdle(handle: number): void {
  if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle);
  else clearTimeout(handle);
}
