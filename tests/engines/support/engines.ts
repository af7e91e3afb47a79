// The two engines besides Chromium, each through its own WebDriver front end, behind one small
// interface the journeys use: WebKit (WebKitGTK's WebKitWebDriver driving its MiniBrowser, over
// classic WebDriver with selenium-webdriver, on an Xvfb display) and Firefox ESR (WebDriver BiDi with
// puppeteer-core). Both are the Debian builds: nothing is downloaded.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import puppeteer from 'puppeteer-core';
import { Builder, By, Capabilities, type WebDriver } from 'selenium-webdriver';

export type EngineName = 'webkit' | 'firefox';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PageFn<T> = (...args: any[]) => T | Promise<T>;

export interface Engine {
  name: EngineName;
  /** "WebKitGTK 2.50.6", "Firefox 153.8.0esr". */
  version: string;
  /** A full page load. */
  open(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn` in the page (it must not use anything from outside its own body) and returns its result. */
  evaluate<T>(fn: PageFn<T>, ...args: unknown[]): Promise<T>;
  /** A real click (trusted, with user activation) on the first element matching `css`. */
  click(css: string): Promise<void>;
  /** Focuses the element and types `text` key by key. */
  type(css: string, text: string): Promise<void>;
  /** A PNG of the element as the engine paints it. */
  screenshot(css: string): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Listens in the page, from before the app's own scripts where the front end allows it, for CSP
 * violations, uncaught errors and unhandled rejections; kept in sessionStorage so a reload keeps them.
 */
export const PROBLEM_PROBE = `(() => {
  if (window.__engineProbe) return;
  window.__engineProbe = true;
  const push = (kind, text) => {
    try {
      const list = JSON.parse(sessionStorage.getItem('engine-problems') || '[]');
      list.push(kind + ': ' + text);
      sessionStorage.setItem('engine-problems', JSON.stringify(list));
    } catch (e) { /* storage blocked: nothing to keep it in */ }
  };
  document.addEventListener('securitypolicyviolation', (e) =>
    push('csp', e.violatedDirective + ' blocked ' + (e.blockedURI || '(inline)') + ' at ' + (e.sourceFile || '?') + ':' + e.lineNumber));
  addEventListener('error', (e) => push('error', e.message));
  addEventListener('unhandledrejection', (e) => push('rejection', String((e.reason && e.reason.message) || e.reason)));
})();`;

const VIEWPORT = { width: 412, height: 900 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitForHttp(url: string, child: ChildProcess, what: string): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${what} did not answer on ${url}`);
}

/** An Xvfb display for the MiniBrowser (its WebDriver mode needs a window), unless one is set. */
async function display(): Promise<{ env: string; stop: () => void }> {
  if (process.env.DISPLAY) return { env: process.env.DISPLAY, stop: () => {} };
  if (!existsSync('/usr/bin/Xvfb')) throw new Error('Xvfb is missing: apt-get install xvfb');
  const n = 90 + Math.floor(Math.random() * 400);
  const xvfb = spawn('/usr/bin/Xvfb', [`:${n}`, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 500));
  if (xvfb.exitCode !== null) throw new Error(`Xvfb :${n} did not start`);
  return { env: `:${n}`, stop: () => xvfb.kill() };
}

/** Debian puts it in /usr/lib/<arch>/webkit2gtk-4.1/ (4.0 on older releases). */
function findMiniBrowser(): string | undefined {
  for (const arch of readdirSync('/usr/lib')) {
    for (const api of ['webkit2gtk-4.1', 'webkit2gtk-4.0']) {
      const p = `/usr/lib/${arch}/${api}/MiniBrowser`;
      if (existsSync(p)) return p;
    }
  }
  return undefined;
}

export async function launchWebKit(): Promise<Engine> {
  const miniBrowser = findMiniBrowser();
  if (!existsSync('/usr/bin/WebKitWebDriver') || !miniBrowser) throw new Error('WebKit is missing: apt-get install webkit2gtk-driver');
  const x = await display();
  const port = await freePort();
  // Without compositing: under Xvfb (no GPU) the composited layers come out black in screenshots.
  const env = { ...process.env, DISPLAY: x.env, WEBKIT_DISABLE_COMPOSITING_MODE: '1' };
  const driverProc = spawn('/usr/bin/WebKitWebDriver', [`--port=${port}`], { env, stdio: 'ignore' });
  let driver: WebDriver;
  try {
    await waitForHttp(`http://127.0.0.1:${port}/status`, driverProc, 'WebKitWebDriver');
    const caps = new Capabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } });
    driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(caps).build();
  } catch (e) {
    driverProc.kill();
    x.stop();
    throw e;
  }
  await driver.manage().window().setRect(VIEWPORT);
  await driver.manage().setTimeouts({ script: 30_000, pageLoad: 60_000 });
  const caps = await driver.getCapabilities();
  const probe = () => driver.executeScript(PROBLEM_PROBE);
  return {
    name: 'webkit',
    version: `WebKitGTK ${caps.get('browserVersion') ?? '?'}`,
    // Classic WebDriver has no script that runs before the page's own: the probe goes in at once after
    // each load (the journeys then move by hash, within the same document, so it stays).
    async open(url) {
      await driver.get(url);
      await probe();
    },
    async reload() {
      await driver.navigate().refresh();
      await probe();
    },
    evaluate: (fn, ...args) => driver.executeScript(`return (${fn.toString()}).apply(null, arguments)`, ...args),
    click: async (css) => driver.findElement(By.css(css)).click(),
    type: async (css, text) => driver.findElement(By.css(css)).sendKeys(text),
    screenshot: async (css) => Buffer.from(await driver.findElement(By.css(css)).takeScreenshot(), 'base64'),
    async close() {
      await driver.quit().catch(() => {});
      driverProc.kill();
      x.stop();
    },
  };
}

function firefoxPath(): string {
  for (const p of ['/usr/bin/firefox-esr', '/usr/bin/firefox']) if (existsSync(p)) return p;
  throw new Error('Firefox is missing: apt-get install firefox-esr');
}

export async function launchFirefox(): Promise<Engine> {
  const executablePath = firefoxPath();
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true, defaultViewport: VIEWPORT });
  const page = await browser.newPage();
  // A preload script: runs in every document before the app's own scripts.
  await page.evaluateOnNewDocument(PROBLEM_PROBE);
  const version = execFileSync(executablePath, ['--version'], { encoding: 'utf8' }).trim().replace(/^Mozilla /, '');
  return {
    name: 'firefox',
    version,
    async open(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async reload() {
      await page.reload({ waitUntil: 'load' });
    },
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as never[])) as never,
    click: (css) => page.click(css),
    type: (css, text) => page.type(css, text),
    async screenshot(css) {
      const el = await page.$(css);
      if (!el) throw new Error(`no element ${css}`);
      return Buffer.from(await el.screenshot());
    },
    close: () => browser.close(),
  };
}

export const LAUNCH: Record<EngineName, () => Promise<Engine>> = { webkit: launchWebKit, firefox: launchFirefox };
