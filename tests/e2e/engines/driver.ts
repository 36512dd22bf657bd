// One small interface over two ways of driving a real browser: puppeteer-core over WebDriver BiDi
// for Firefox ESR, and the W3C WebDriver HTTP protocol, spoken with fetch, for WebKitWebDriver.
// The smoke journeys are written once against it and run in both engines.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { freePort } from '../../support/free-port';
import { enginePaths, miniBrowser, type EngineName } from './programs';

export type Key = 'Enter' | 'Tab' | 'Escape';

export interface Engine {
  readonly name: EngineName;
  /** A clean start for a test: no cookies, nothing open. */
  reset(): Promise<void>;
  /** Sizes the page's viewport as near as the engine allows; resolves to the size it got. */
  resize(width: number, height: number): Promise<{ width: number; height: number }>;
  goto(path: string): Promise<void>;
  url(): Promise<string>;
  /** A real pointer click on the middle of the first element the CSS selector matches. */
  click(selector: string): Promise<void>;
  /** Keys pressed on whatever has focus. */
  press(key: Key): Promise<void>;
  /** Typed key by key into the element, after what it holds. */
  type(selector: string, text: string): Promise<void>;
  /** Typed key by key over the element's text, all of it selected first, as a person replacing it does. */
  replace(selector: string, text: string): Promise<void>;
  select(selector: string, value: string): Promise<void>;
  /** Runs a function in the page; it must not close over anything (it is sent as source). */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

class FirefoxEngine implements Engine {
  readonly name = 'firefox';
  private context?: BrowserContext;
  private page?: Page;

  constructor(
    private readonly browser: Browser,
    private readonly baseURL: string,
  ) {}

  static async launch(baseURL: string): Promise<FirefoxEngine> {
    const { FIREFOX_PATH } = enginePaths('firefox');
    const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true });
    return new FirefoxEngine(browser, baseURL);
  }

  private get current(): Page {
    if (!this.page) throw new Error('reset() opens the page a test uses; it was not called.');
    return this.page;
  }

  async reset() {
    await this.context?.close();
    this.context = await this.browser.createBrowserContext();
    this.page = await this.context.newPage();
  }
  async resize(width: number, height: number) {
    await this.current.setViewport({ width, height });
    return this.evaluate(() => ({ width: innerWidth, height: innerHeight }));
  }
  async goto(path: string) {
    await this.current.goto(new URL(path, this.baseURL).href, { waitUntil: 'load' });
  }
  async url() {
    return this.current.url();
  }
  async click(selector: string) {
    await this.current.click(selector);
  }
  async press(key: Key) {
    await this.current.keyboard.press(key);
  }
  async type(selector: string, text: string) {
    await this.current.type(selector, text);
  }
  async replace(selector: string, text: string) {
    await this.evaluate(selectAllIn, selector);
    await this.current.keyboard.type(text);
  }
  async select(selector: string, value: string) {
    await this.current.select(selector, value);
  }
  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>> {
    return (await this.current.evaluate(fn as never, ...(args as unknown as never[]))) as Awaited<T>;
  }
  async screenshot(file: string) {
    await this.current.screenshot({ path: file as `${string}.png` });
  }
  async close() {
    await this.browser.close();
  }
}

/** Focuses the text box the selector matches and selects all it holds (runs in the page). */
function selectAllIn(selector: string) {
  const box = document.querySelector(selector) as HTMLInputElement | HTMLTextAreaElement | null;
  if (!box) throw new Error(`Nothing matches ${selector}.`);
  box.focus();
  box.select();
}

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
// The W3C WebDriver code points of the keys the journeys press.
const KEYS: Record<Key, string> = { Enter: '\uE007', Tab: '\uE004', Escape: '\uE00C' };

class WebKitEngine implements Engine {
  readonly name = 'webkit';

  private constructor(
    private readonly endpoint: string,
    private readonly baseURL: string,
    private readonly processes: ChildProcess[],
  ) {}

  static async launch(baseURL: string): Promise<WebKitEngine> {
    const { WEBKIT_WEBDRIVER_PATH, XVFB_PATH } = enginePaths('webkit');
    const processes: ChildProcess[] = [];
    try {
      // Xvfb picks a free display and writes its number to the descriptor -displayfd names.
      const xvfb = spawn(XVFB_PATH, ['-displayfd', '1', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], {
        // Its stderr only lists the displays it tried and found taken.
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      processes.push(xvfb);
      const display = await new Promise<string>((resolve, reject) => {
        xvfb.once('error', reject);
        xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code} before it had a display.`)));
        xvfb.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      });
      const port = await freePort();
      const driver = spawn(WEBKIT_WEBDRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], {
        stdio: 'ignore',
        env: { ...process.env, DISPLAY: `:${display}` },
      });
      processes.push(driver);
      const engine = new WebKitEngine(`http://127.0.0.1:${port}`, baseURL, processes);
      await engine.waitUntilReady();
      const session = await engine.command<{ sessionId: string }>('POST', '/session', {
        capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] } } },
      });
      engine.session = session.sessionId;
      return engine;
    } catch (error) {
      for (const p of processes) p.kill();
      throw error;
    }
  }

  private session = '';

  private async waitUntilReady(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      try {
        const status = await this.command<{ ready: boolean }>('GET', '/status');
        if (status.ready) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`WebKitWebDriver did not answer on ${this.endpoint} within 10 s.`);
  }

  private async command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await fetch(this.endpoint + path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const { value } = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
    return value;
  }

  private sessionCommand<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return this.command<T>(method, `/session/${this.session}${path}`, body);
  }

  private async element(selector: string): Promise<string> {
    const found = await this.sessionCommand<Record<string, string>>('POST', '/element', { using: 'css selector', value: selector });
    return found[ELEMENT]!;
  }

  async reset() {
    await this.goto('/healthz');
    await this.sessionCommand('DELETE', '/cookie');
  }
  async resize(width: number, height: number) {
    await this.sessionCommand('POST', '/window/rect', { width, height });
    return this.evaluate(() => ({ width: innerWidth, height: innerHeight }));
  }
  async goto(path: string) {
    await this.sessionCommand('POST', '/url', { url: new URL(path, this.baseURL).href });
  }
  async url() {
    return this.sessionCommand<string>('GET', '/url');
  }
  async click(selector: string) {
    const id = await this.element(selector);
    // The site scrolls smoothly, and WebKitWebDriver refuses a click while its own scroll is still
    // under way; so the element is brought to the middle of the window at once first.
    await this.sessionCommand('POST', '/execute/sync', {
      script: "arguments[0].scrollIntoView({ block: 'center', behavior: 'instant' });",
      args: [{ [ELEMENT]: id }],
    });
    await this.sessionCommand('POST', `/element/${id}/click`, {});
  }
  async press(key: Key) {
    const value = KEYS[key];
    await this.sessionCommand('POST', '/actions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value },
            { type: 'keyUp', value },
          ],
        },
      ],
    });
  }
  async type(selector: string, text: string) {
    await this.sessionCommand('POST', `/element/${await this.element(selector)}/value`, { text });
  }
  async replace(selector: string, text: string) {
    await this.evaluate(selectAllIn, selector);
    // Keys pressed on the focused box, not Element Send Keys, which may first move the caret to the end.
    const keys = [...text].flatMap((value) => [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
    ]);
    await this.sessionCommand('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions: keys }] });
  }
  async select(selector: string, value: string) {
    await this.click(`${selector} option[value="${value}"]`);
  }
  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>> {
    // WebDriver waits for a promise the script returns, so async functions work as they do in puppeteer.
    return this.sessionCommand<Awaited<T>>('POST', '/execute/sync', { script: `return (${fn.toString()}).apply(null, arguments);`, args });
  }
  async screenshot(file: string) {
    const png = await this.sessionCommand<string>('GET', '/screenshot');
    await writeFile(file, Buffer.from(png, 'base64'));
  }
  async close() {
    try {
      await this.sessionCommand('DELETE', '');
    } finally {
      for (const p of this.processes.reverse()) p.kill();
    }
  }
}

export function launchEngine(name: EngineName, baseURL: string): Promise<Engine> {
  return name === 'firefox' ? FirefoxEngine.launch(baseURL) : WebKitEngine.launch(baseURL);
}
