/**
 * What a visitor's note becomes on its way to the owner's chat app: no link any app would follow,
 * no mention any app would ping, no Markdown, no bidirectional trick, and still readable.
 */
import { describe, expect, it } from 'vitest';
import { discordCode, inertText, slackCode } from './chat-safe.ts';

const PHISHING = '[Your wall was hacked, log in here](https://phish.example/login)';

/** What Slack, Discord or ntfy would turn into a link or a ping, found in a text. */
function liveParts(text: string): string[] {
  const found: string[] = [];
  for (const pattern of [
    /https?:\/\//gi, // Discord, Slack and ntfy link these
    /\bwww\./gi,
    /[\p{L}\p{N}]\.[\p{L}]/gu, // Slack links bare domains (phish.example)
    /\]\(/g, // Markdown's masked link
    /<[@#!]/g, // Slack's and Discord's mentions, `<!channel>`
    /@(everyone|here|channel)/gi,
    /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g,
  ]) {
    found.push(...(text.match(pattern) ?? []));
  }
  return found;
}

describe('inertText', () => {
  it('defangs a masked phishing link, and a person can still read where it pointed', () => {
    const text = inertText(PHISHING);
    expect(text).toBe('[Your wall was hacked, log in here]\u200b(hxxps[:]//phish[.]example/login)');
    expect(liveParts(slackCode(text))).toEqual([]);
    expect(liveParts(discordCode(text))).toEqual([]);
  });

  it('drops bidirectional overrides, isolates and marks, and other invisible characters', () => {
    const text = inertText('\u202Egnp.exe\u202C and \u2066x\u2069 \u200Fy\u200E z\u200B\u00AD!');
    expect(text).toBe('gnp[.]exe and x y z!');
    expect(liveParts(text)).toEqual([]);
  });

  it('keeps the joiner inside emoji and every script', () => {
    expect(inertText('👩‍👩‍👧 مرحبا 你好 Ünïcödé')).toBe('👩‍👩‍👧 مرحبا 你好 Ünïcödé');
  });

  it('breaks every mention: @everyone, @here, <@id>, <!channel>, <#channel>, full-width @', () => {
    const text = inertText('@everyone @here <@123456> <!channel> <!subteam^S1> <#C1> ＠everyone');
    for (const code of [slackCode(text), discordCode(text)]) {
      expect(liveParts(code)).toEqual([]);
    }
    expect(text).toContain('@\u200beveryone');
    expect(slackCode(text)).toContain('&lt;\u200b@\u200b123456&gt;');
  });

  it('defangs bare domains, www, e-mail addresses, other schemes and IDNA full stops', () => {
    const text = inertText(
      'see phish.example, www.evil.test, me@mail.example, ftp://files.example and phish。example',
    );
    expect(text).toBe(
      'see phish[.]example, www[.]evil[.]test, me@\u200bmail[.]example, ftp[:]//files[.]example and phish[.]example',
    );
    expect(liveParts(text)).toEqual([]);
  });

  it('makes one line of any whitespace, and leaves a plain note as it was', () => {
    expect(inertText('  a\n\n\tb\r\nc\u2028d  ')).toBe('a b c d');
    expect(inertText('My phone number is in it, please remove')).toBe(
      'My phone number is in it, please remove',
    );
  });
});

describe('code spans', () => {
  it('cannot be closed early by a backtick, and escape what Slack reads as control characters', () => {
    const text = inertText('`*bold*` & <b> ``x``');
    expect(slackCode(text)).toBe('`ˋ*bold*ˋ &amp; &lt;\u200bb&gt; ˋˋxˋˋ`');
    expect(discordCode(text)).toBe('`ˋ*bold*ˋ & <\u200bb> ˋˋxˋˋ`');
    for (const code of [slackCode(text), discordCode(text)]) {
      // One span: a backtick at each end and none inside.
      expect(code.slice(1, -1)).not.toContain('`');
    }
  });
});
