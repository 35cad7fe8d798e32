import { describe, expect, it } from 'vitest';
import { configFromMessage, embedSettingsOf, viewAfterConfig } from './embed.ts';

describe('the embed', () => {
  it("reads its settings from the frame's address, anything odd ignored", () => {
    expect(embedSettingsOf('?mode=view&x=10&y=20&zoom=2&origin=https://blog.example/post')).toEqual(
      {
        mode: 'view',
        view: { x: 10, y: 20, zoom: 2 },
        hostOrigin: 'https://blog.example',
      },
    );
    expect(embedSettingsOf('?mode=draw&zoom=fit&origin=javascript:alert(1)')).toEqual({
      mode: 'sign',
      view: 'fit',
      hostOrigin: null,
    });
    expect(embedSettingsOf('')).toEqual({ mode: 'sign', view: null, hostOrigin: null });
  });

  it('takes a setConfig message apart, as data', () => {
    expect(
      configFromMessage({ signwall: { setConfig: { mode: 'view', x: '5', y: 6, zoom: 'fit' } } }),
    ).toEqual({
      mode: 'view',
      x: 5,
      y: 6,
      zoom: 'fit',
    });
    expect(
      configFromMessage({ signwall: { setConfig: { mode: 'draw', x: 'NaN', zoom: Infinity } } }),
    ).toEqual({});
    for (const junk of [
      null,
      'x',
      1,
      { signwall: null },
      { signwall: { setConfig: 3 } },
      { other: {} },
    ]) {
      expect(configFromMessage(junk)).toBeNull();
    }
  });

  it('moves the view by what a setConfig names, clamped as a link is', () => {
    const now = { x: 100, y: 200, zoom: 1 };
    expect(viewAfterConfig(now, { x: 5000 })).toEqual({ x: 3200, y: 200, zoom: 1 });
    expect(viewAfterConfig(now, { zoom: 2 })).toEqual({ x: 100, y: 200, zoom: 2 });
    expect(viewAfterConfig(now, { zoom: 'fit' })).toBe('fit');
    expect(viewAfterConfig(now, { mode: 'view' })).toBeNull();
  });
});
