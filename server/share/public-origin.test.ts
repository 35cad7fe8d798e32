import { describe, expect, it } from 'vitest';
import { isPlainHost, originOfPublicUrl } from './public-origin.ts';
import { oembedAnswer } from './oembed.ts';
import { viewOfUrl, withPageMeta } from './page-meta.ts';

describe("the wall's public origin", () => {
  it('takes a Host only when it is a plain name or address, with a port', () => {
    for (const host of [
      'wall.example',
      'wall.example:8080',
      '127.0.0.1:3000',
      '[::1]:3000',
      'localhost',
    ]) {
      expect(isPlainHost(host), host).toBe(true);
    }
    for (const host of [
      '',
      'a b',
      'evil"><x',
      'wall.example:99999',
      'a..b',
      '-a.b',
      'x'.repeat(256),
      'a/b',
      'a@b',
    ]) {
      expect(isPlainHost(host), host).toBe(false);
    }
  });

  it('reads PUBLIC_URL as an http(s) origin', () => {
    expect(originOfPublicUrl('https://wall.example/some/path')).toBe('https://wall.example');
    expect(originOfPublicUrl('javascript:alert(1)')).toBeUndefined();
    expect(originOfPublicUrl('')).toBeUndefined();
  });
});

describe("a page's preview tags", () => {
  const html =
    '<head><meta property="og:image" content="/og-image.png" />' +
    '<meta name="twitter:image" content="/og-image.png" /></head>';

  it('point at the picture of the view the query names, the hash unread', () => {
    const view = viewOfUrl('/?x=10&y=20&zoom=2#x=99&y=99');
    expect(view).toEqual({ x: 10, y: 20, zoom: 2 });
    const page = withPageMeta(html, { origin: 'https://w.example', view });
    expect(page).toContain(
      '<meta property="og:image" content="https://w.example/preview.png?x=10&amp;y=20&amp;zoom=2" />',
    );
    expect(page).toContain(
      '<meta property="og:url" content="https://w.example/?x=10&amp;y=20&amp;zoom=2" />',
    );
    expect(page).toContain(
      'href="https://w.example/oembed?url=https%3A%2F%2Fw.example%2F%3Fx%3D10%26y%3D20%26zoom%3D2&amp;format=json"',
    );
  });

  it('keep relative URLs without a trusted origin, and the whole wall without a view', () => {
    const page = withPageMeta(html, { origin: null, view: viewOfUrl('/embed?mode=view') });
    expect(page).toContain('<meta name="twitter:image" content="/preview.png" />');
  });
});

describe('oEmbed', () => {
  it('refuses every URL when the wall has no trusted host', () => {
    expect(oembedAnswer({ url: 'http://a.test/' }, null)).toMatchObject({ status: 404 });
  });

  it('keeps zoom=fit', () => {
    const answer = oembedAnswer({ url: 'http://a.test/?zoom=fit' }, 'a.test');
    expect(answer.status).toBe(200);
    if (answer.status === 200) expect(answer.body.html).toContain('/embed?zoom=fit"');
  });
});

describe('oEmbed sizes', () => {
  it('never exceed maxwidth and maxheight', () => {
    const answer = oembedAnswer(
      { url: 'http://a.test/', maxwidth: '120', maxheight: '90' },
      'a.test',
    );
    expect(answer).toMatchObject({ status: 200, body: { width: 120, height: 90 } });
    const junk = oembedAnswer(
      { url: 'http://a.test/', maxwidth: '-5', maxheight: '1e9' },
      'a.test',
    );
    expect(junk).toMatchObject({ status: 200, body: { width: 640, height: 480 } });
  });
});
