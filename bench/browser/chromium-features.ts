/**
 * What the bench's full browser runs without: the omnibox popup's WebUI. Headless, every new
 * context is a new window, and each window loads that popup's page in a renderer of its own as it
 * opens: 1.2–1.5 s of CPU beside each measured /export visit on 2 cores, and 0.3 s more in the
 * browser process, which a visitor's browser spent once, when its window opened, not on every
 * page. The measured pages are the same either way; only the browser's own work beside them goes.
 *
 * Chromium keeps only the last `--disable-features` switch it is given, and Playwright and
 * chrome-launcher (Lighthouse's) each pass one already: the bench's features are merged into
 * theirs, rather than a second switch turning theirs back on.
 */
export const BENCH_DISABLED_FEATURES: readonly string[] = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

const DISABLE_FEATURES = '--disable-features=';

/** The features a list of switches turns off: its last `--disable-features`, as Chromium reads. */
export function disabledFeaturesOf(args: readonly string[]): string[] {
  const last = args.findLast((arg) => arg.startsWith(DISABLE_FEATURES));
  return last ? last.slice(DISABLE_FEATURES.length).split(',').filter(Boolean) : [];
}

/** One `--disable-features` switch: the features `defaults` disables, and `features`. */
export function mergedDisableFeatures(
  defaults: readonly string[],
  features: readonly string[] = BENCH_DISABLED_FEATURES,
): string {
  return DISABLE_FEATURES + [...new Set([...disabledFeaturesOf(defaults), ...features])].join(',');
}
