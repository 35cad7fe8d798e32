/**
 * A visitor's words (a report's note) made inert before they reach the owner's chat app, which
 * renders what it is sent: Slack's mrkdwn (`<url|text>` links, `<!channel>` and `<@U…>` mentions,
 * `*bold*`, automatic links of URLs and domains), Discord's Markdown (`[text](url)` masked links,
 * `@everyone`, `<@id>`, automatic links of http(s) URLs) and ntfy (plain text, but its apps make
 * URLs clickable). The note arrives as the database stored it (normalised: no bidirectional
 * controls); what is done here does not rely on that.
 *
 * - `inertText`: one line of plain text. Control and invisible format characters (bidirectional
 *   overrides and isolates among them) are removed, whitespace is one space, links are defanged
 *   (`hxxps[:]//phish[.]example/login`: no app links it, a person still reads it), a masked link's
 *   `](` is split, and every `@` and `<` is followed by a zero-width space, so `@everyone`, `<@id>`
 *   and `<!channel>` ping nobody anywhere.
 * - `slackCode` / `discordCode`: that text as an inline code span, where neither app renders
 *   Markdown, links or mentions; backticks inside are replaced by a look-alike so the span cannot
 *   be closed early, and for Slack its three control characters are escaped as its docs ask.
 */

/** Controls, format characters (bidi controls, zero-width ones, tags), line and paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** Kept among the format characters: the joiner inside emoji sequences (a family, a flag). */
const ZERO_WIDTH_JOINER = '\u200d';
const WHITESPACE = /[\p{Zs}\s]+/gu;
/** A scheme's separator (`https://`, `ftp://`) and http(s) itself. */
const SCHEME = /\b(h)tt(ps?)(?=:)|:\/\//gi;
/** A dot between two letters or digits (domains, e-mail addresses), with IDNA's other full stops. */
const DOMAIN_DOT = /(?<=[\p{L}\p{N}])[.\u3002\uff0e\uff61](?=[\p{L}\p{N}])/gu;
/** What starts a mention, a channel, a timestamp or an emoji (`<@id>`, `<!channel>`, `<t:…>`). */
const MENTION_START = /[@\uff20<]/g;
/** Markdown's masked link, `[text](url)`. */
const MASKED_LINK = /\]\(/g;
const BACKTICK = /`/g;

export function inertText(text: string): string {
  return text
    .replace(INVISIBLE, (c) => (c === ZERO_WIDTH_JOINER ? c : /\s/.test(c) ? ' ' : ''))
    .replace(WHITESPACE, ' ')
    .trim()
    .replace(SCHEME, (_match: string, h?: string, ps?: string) =>
      h === undefined ? '[:]//' : `${h}xx${ps}`,
    )
    .replace(DOMAIN_DOT, '[.]')
    .replace(MASKED_LINK, ']\u200b(')
    .replace(MENTION_START, (c) => `${c}\u200b`);
}

/** `text` as a Slack inline code span (text: inertText's output). */
export function slackCode(text: string): string {
  const escaped = text
    .replace(BACKTICK, 'ˋ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  return `\`${escaped}\``;
}

/** `text` as a Discord inline code span (text: inertText's output). */
export function discordCode(text: string): string {
  return `\`${text.replace(BACKTICK, 'ˋ')}\``;
}

/** What Discord is told to ping: nobody, whatever the text says. Slack and ntfy ignore it. */
export const NO_MENTIONS = { parse: [] as string[] };
