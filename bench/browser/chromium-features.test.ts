import { describe, expect, it } from 'vitest';
import {
  BENCH_DISABLED_FEATURES,
  disabledFeaturesOf,
  mergedDisableFeatures,
} from './chromium-features.ts';

describe("the bench browser's disabled features", () => {
  it("keeps the launcher's own and adds the bench's, once each", () => {
    const launcher = ['--no-sandbox', '--disable-features=Translate,MediaRouter', '--mute-audio'];
    const merged = mergedDisableFeatures(launcher, ['WebUIOmniboxPopup', 'Translate']);
    expect(merged).toBe('--disable-features=Translate,MediaRouter,WebUIOmniboxPopup');
  });

  it('reads the last switch, as Chromium does, and starts a list where there is none', () => {
    expect(disabledFeaturesOf(['--disable-features=A', '--disable-features=B,C'])).toEqual([
      'B',
      'C',
    ]);
    expect(mergedDisableFeatures(['--headless=new'])).toBe(
      `--disable-features=${BENCH_DISABLED_FEATURES.join(',')}`,
    );
  });
});
