/** Resolves in a later task, after the browser had a chance to handle input and paint. */
export function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
