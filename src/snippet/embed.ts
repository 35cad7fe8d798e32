/**
 * embed.js: the wall on your page, from one line (built on its own into dist/embed.js by
 * scripts/build-embed-snippet.ts: no dependencies, a few KB).
 *
 *   <script src="https://WALL/embed.js" data-height="480" async></script>
 *
 * places, where the script stands, a frame of https://WALL/embed: 100% of its container's width,
 * `data-height` px high (480 by default), loaded lazily; `data-mode` (`sign` or `view`),
 * `data-x`, `data-y` and `data-zoom` (a number or `fit`) pass through, and `data-lang` (`de`,
 * `ar`…) names the frame's language (else the visitor's browser chooses, as on the wall's own
 * page). A script without any `data-*` attribute places nothing: it only defines the element
 *
 *   <sign-wall src="https://WALL" mode="view" height="480" x="1600" y="1600" zoom="fit" lang="de">
 *   </sign-wall>
 *
 * whose attributes may change later: the view and the mode follow by postMessage (setConfig), no
 * reload; `height` resizes, `src` loads another wall, `lang` reloads the frame in that language.
 * The frame's own title stays English here (this file carries no words of the app's catalogs);
 * the page inside it speaks the language.
 *
 * Either frame fires `signwall:saved` (detail `{ id }`, bubbling) after a visitor saves. Pages that
 * talk to the frame themselves check `event.origin === 'https://WALL'` on every message and send
 * `frame.contentWindow.postMessage({ signwall: { setConfig: { x, y, zoom, mode } } }, 'https://WALL')`.
 */
import type { FrameMessage } from '../domain/embed.ts';

type Settings = Partial<Record<'mode' | 'x' | 'y' | 'zoom', string>>;

const VIEW_KEYS = ['mode', 'x', 'y', 'zoom'] as const;
const DEFAULT_HEIGHT = 480;

/** The wall's origin from a URL, or null. */
function originOf(url: string | null | undefined): string | null {
  try {
    return url ? new URL(url, location.href).origin : null;
  } catch {
    return null;
  }
}

function heightOf(value: string | null | undefined): string {
  const n = Number(value);
  return `${Number.isFinite(n) && n > 0 ? Math.round(n) : DEFAULT_HEIGHT}px`;
}

/**
 * The frame of `wall`'s /embed with `settings`, in `lang` if given, telling the wall whose page it
 * is on.
 */
function createFrame(
  wall: string,
  settings: Settings,
  height: string | null,
  lang: string | null | undefined,
): HTMLIFrameElement {
  const params = new URLSearchParams();
  for (const key of VIEW_KEYS) {
    const value = settings[key];
    if (value) params.set(key, value);
  }
  if (lang) params.set('lang', lang);
  if (location.origin !== 'null') params.set('origin', location.origin);
  const frame = document.createElement('iframe');
  frame.src = `${wall}/embed?${params}`;
  frame.title = 'signwall: sign the wall';
  frame.loading = 'lazy';
  frame.allow = 'clipboard-write; web-share';
  frame.style.cssText = `display:block;width:100%;border:0;height:${heightOf(height)}`;
  // The frame's messages, from the wall's origin and this frame only, as DOM events.
  addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== wall || event.source !== frame.contentWindow) return;
    const said = (event.data as Partial<FrameMessage> | null)?.signwall;
    if (said?.event === 'saved') {
      frame.dispatchEvent(
        new CustomEvent('signwall:saved', {
          detail: { id: said.id },
          bubbles: true,
          composed: true,
        }),
      );
    } else if (said?.event === 'ready') {
      frame.dispatchEvent(new Event('signwall:ready'));
    }
  });
  return frame;
}

/** `<sign-wall src mode height x y zoom>`: the same frame, from markup. */
class SignWall extends HTMLElement {
  static observedAttributes = ['src', 'height', 'lang', ...VIEW_KEYS];
  #frame: HTMLIFrameElement | null = null;
  #wall: string | null = null;
  #ready = false;
  /** What changed before the frame listened: sent once it says it is ready. */
  #pending: Settings = {};

  connectedCallback() {
    if (!this.#frame) this.#build();
  }

  attributeChangedCallback(name: string, before: string | null, after: string | null) {
    if (!this.#frame || before === after) return;
    if (name === 'src' || name === 'lang') {
      this.#frame.remove();
      this.#build();
    } else if (name === 'height') {
      this.#frame.style.height = heightOf(after);
    } else {
      this.#pending[name as keyof Settings] = after ?? '';
      this.#flush();
    }
  }

  #build() {
    this.#wall = originOf(this.getAttribute('src') ?? scriptWall);
    if (!this.#wall) return;
    const settings: Settings = {};
    for (const key of VIEW_KEYS) settings[key] = this.getAttribute(key) ?? undefined;
    this.#ready = false;
    this.#pending = {};
    const frame = createFrame(
      this.#wall,
      settings,
      this.getAttribute('height'),
      this.getAttribute('lang'),
    );
    frame.addEventListener('signwall:ready', () => {
      this.#ready = true;
      this.#flush();
    });
    this.#frame = frame;
    this.append(frame);
  }

  #flush() {
    const target = this.#frame?.contentWindow;
    if (!this.#ready || !target || !this.#wall || Object.keys(this.#pending).length === 0) return;
    const setConfig: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(this.#pending)) {
      setConfig[key] = key === 'mode' || value === 'fit' ? value : Number(value);
    }
    this.#pending = {};
    target.postMessage({ signwall: { setConfig } }, this.#wall);
  }
}

const script = document.currentScript as HTMLScriptElement | null;
/** The wall this script came from: the default `src` of <sign-wall>. */
const scriptWall = script?.src ?? null;

if (!customElements.get('sign-wall')) customElements.define('sign-wall', SignWall);

const wall = originOf(scriptWall);
if (script && wall && Object.keys(script.dataset).length > 0) {
  const { mode, x, y, zoom, height, lang } = script.dataset;
  script.after(createFrame(wall, { mode, x, y, zoom }, height ?? null, lang));
}
