/**
 * A small W3C WebDriver (classic) client over fetch: the dozen endpoints the WebKit smoke uses
 * (https://www.w3.org/TR/webdriver2/). Playwright cannot drive WebKitGTK's own browser, and its
 * bundled WebKit cannot be downloaded here; WebKitWebDriver speaks this protocol.
 */

/** The key under which WebDriver returns an element reference. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

export interface ElementRef {
  [ELEMENT_KEY]: string;
}

/** One step of a pointer input source (`perform actions`). */
export type PointerAction =
  | { type: 'pointerMove'; x: number; y: number; duration?: number; origin?: 'viewport' }
  | { type: 'pointerDown' | 'pointerUp'; button: number }
  | { type: 'pause'; duration: number };

export class WebDriverError extends Error {
  constructor(
    readonly command: string,
    readonly error: string,
    message: string,
  ) {
    super(`${command}: ${error}: ${message}`);
    this.name = 'WebDriverError';
  }
}

async function command<T>(
  driverUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: object,
): Promise<T> {
  const res = await fetch(`${driverUrl}${path}`, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await res.json()) as { value: unknown };
  if (!res.ok) {
    const { error = String(res.status), message = '' } = (answer.value ?? {}) as {
      error?: string;
      message?: string;
    };
    throw new WebDriverError(`${method} ${path}`, error, message);
  }
  return answer.value as T;
}

export class WebDriverSession {
  private constructor(
    private readonly driverUrl: string,
    readonly id: string,
  ) {}

  static async start(driverUrl: string, capabilities: object = {}): Promise<WebDriverSession> {
    const { sessionId } = await command<{ sessionId: string }>(driverUrl, 'POST', '/session', {
      capabilities: { alwaysMatch: capabilities },
    });
    return new WebDriverSession(driverUrl, sessionId);
  }

  private send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object): Promise<T> {
    return command<T>(this.driverUrl, method, `/session/${this.id}${path}`, body);
  }

  /** Loads `url` and waits for its load event (the default page load strategy). */
  async navigate(url: string): Promise<void> {
    await this.send('POST', '/url', { url });
  }

  /** The first element matching a CSS selector; WebDriver's "no such element" when there is none. */
  findElement(css: string): Promise<ElementRef> {
    return this.send('POST', '/element', { using: 'css selector', value: css });
  }

  /** Scrolls the element into view and clicks its centre, as a user would. */
  async click(element: ElementRef): Promise<void> {
    await this.send('POST', `/element/${element[ELEMENT_KEY]}/click`, {});
  }

  /** Focuses the element and types `text` key by key. */
  async type(element: ElementRef, text: string): Promise<void> {
    await this.send('POST', `/element/${element[ELEMENT_KEY]}/value`, { text });
  }

  /** Runs one mouse's pointer actions, then releases whatever they left pressed. */
  async pointer(actions: readonly PointerAction[]): Promise<void> {
    await this.send('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
    });
    await this.send('DELETE', '/actions');
  }

  /**
   * Runs `fn` in the page with `args` and answers its (JSON) result; an async function's promise
   * is awaited. The function is sent as source, so it may use only its arguments and the page.
   */
  execute<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    return this.send('POST', '/execute/sync', {
      script: `return (${fn.toString()}).apply(null, arguments);`,
      args,
    });
  }

  /** The viewport as a PNG. */
  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.send<string>('GET', '/screenshot'), 'base64');
  }

  /** Ends the session; the driver closes its browser. */
  async delete(): Promise<void> {
    await this.send('DELETE', '');
  }
}

/**
 * Calls `read` (the page's state, say) every 100 ms until `done` holds for its answer, and answers
 * it; after `timeoutMs` throws with the last answer. A wait on a condition, not a sleep.
 */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { what, timeoutMs = 10_000 }: { what: string; timeoutMs?: number },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
