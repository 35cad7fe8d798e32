/** A browser call that may never return (a wedged renderer, a page closed as it leaves), bounded. */

/** `work`, or `gaveUp()`'s error once `ms` have passed; the timer goes either way. */
export function withDeadline<T>(work: Promise<T>, ms: number, gaveUp: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(gaveUp()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
