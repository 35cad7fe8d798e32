/**
 * On the pre-rendered `/`, the app's scripts are fetched at low priority, because
 * nothing on the first paint waits for them.
 *
 * The welcome card and its styles are in the HTML (scripts/prerender-welcome.ts), and a module
 * script never blocks rendering. Chrome still fetches the entry and its modulepreloads at High
 * priority, and Lighthouse's simulation counts every High-priority script that happened to finish
 * before the first paint of its unthrottled trace as render-blocking. Which side of the paint they
 * land on varies by milliseconds, so FCP swung between 0.66 s (the HTML alone) and 1.7 s (the HTML
 * and 100 KB of script) from run to run.
 *
 * `fetchpriority="low"` says what is true there: the page paints without these. It does not delay
 * them: the first paint needs no other request (its CSS is inlined), so nothing competes with them,
 * and they are requested as soon as the parser sees them. The shell page of /export and /moderate
 * keeps the default: there the first paint is React's.
 */
const APP_SCRIPT =
  /<(script type="module"|link rel="modulepreload")( crossorigin)?( (?:src|href)="\/assets\/)/g;

export function lowerAppScriptPriority(html: string): string {
  return html.replace(
    APP_SCRIPT,
    (_tag, opening: string, crossorigin: string | undefined, rest: string) =>
      `<${opening}${crossorigin ?? ''} fetchpriority="low"${rest}`,
  );
}
