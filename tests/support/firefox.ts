/**
 * The Firefox build in Debian's headless Firefox ESR, driven as a user meets it: the add-on
 * installed from its folder (temporary, as about:debugging does), its options page filled in a
 * tab, its real sidebar and toolbar popup opened with their keyboard shortcuts, fixture pages on
 * localhost and the Messages API stand-in. WebDriver BiDi refuses the add-on's pages, so this
 * speaks Marionette (tests/support/marionette.ts), started with system access. The product has
 * no door for it: the chrome context is the browser's own, reached only through the
 * remote-control flags that this launcher passes, and the sidebar's and popup's pages are read
 * through the browser's frame scripts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startFixtureServer } from './harness';
import { Marionette } from './marionette';
import { startMessagesApi, type MessagesApi } from './stand-in/messages-api';

export const FIREFOX_EXTENSION_DIR = resolve(import.meta.dirname, '../../.output/firefox-mv2');

export function firefoxPath(): string {
  const candidates = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'];
  const found = candidates.find((p) => p && existsSync(p));
  if (!found) throw new Error('Firefox not found: install Debian’s firefox-esr package (or set FIREFOX_PATH).');
  return found;
}

// Off this machine's closed network, and no first-run pages or prompts. Marionette adds its own
// recommended preferences for automation when it starts.
const PREFS: Record<string, string | number | boolean> = {
  // A temporary add-on from a folder is unsigned, as in about:debugging.
  'xpinstall.signatures.required': false,
  // 0: any free port, written to the profile's MarionetteActivePort.
  'marionette.port': 0,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'app.update.disabledForTesting': true,
  'extensions.update.enabled': false,
  'browser.tabs.warnOnClose': false,
};

export interface Firefox {
  m: Marionette;
  addonId: string;
  /** The add-on's origin, `moz-extension://<uuid>`. */
  origin: string;
  api: MessagesApi;
  fixtures: string;
  close: () => Promise<void>;
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface LaunchOptions {
  extensionDir?: string;
  /** Grant access to all sites at once, as after a user's yes (default); false leaves it to be asked. */
  allSites?: boolean;
  /** Extra preferences, e.g. the interface's language. */
  prefs?: Record<string, string | number | boolean>;
}

/** Starts Firefox with the built add-on installed, the stand-in and the fixture server. */
export async function launchFirefox({
  extensionDir = FIREFOX_EXTENSION_DIR,
  allSites = true,
  prefs = {},
}: LaunchOptions = {}): Promise<Firefox> {
  const manifestPath = join(extensionDir, 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No Firefox build in ${extensionDir}: run "npm run build:firefox" first.`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { browser_specific_settings: { gecko: { id: string } } };
  const addonId = manifest.browser_specific_settings.gecko.id;

  const profile = mkdtempSync(join(tmpdir(), 'cited-tabs-firefox-'));
  writeFileSync(
    join(profile, 'user.js'),
    Object.entries({ ...PREFS, ...prefs })
      .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
      .join('\n'),
  );
  const [api, fixtures] = await Promise.all([startMessagesApi(), startFixtureServer()]);
  let stderr = '';
  const child: ChildProcess = spawn(
    firefoxPath(),
    ['--headless', '--marionette', '-remote-allow-system-access', '--no-remote', '--profile', profile, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' } },
  );
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));

  const cleanup = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all([api.close(), fixtures.close()]);
    rmSync(profile, { recursive: true, force: true });
  };

  try {
    const portFile = join(profile, 'MarionetteActivePort');
    const port = await waitFor('Marionette to listen', () => {
      if (child.exitCode !== null) throw new Error(`Firefox exited (${child.exitCode}): ${stderr}`);
      const text = existsSync(portFile) ? readFileSync(portFile, 'utf8').trim() : '';
      return text ? Number(text) : undefined;
    });
    const m = await Marionette.connect(port);
    await m.send('WebDriver:NewSession', { capabilities: { alwaysMatch: { pageLoadStrategy: 'normal' } } });
    await m.send('Addon:Install', { path: extensionDir, temporary: true });
    await m.setContext('chrome');
    const host = await m.execute<string>('return WebExtensionPolicy.getByID(arguments[0]).mozExtensionHostname;', [addonId]);
    // Access to all sites, the optional permission "All tabs in this window" asks for: granted
    // as the add-on's Permissions tab in about:addons grants it, since a headless Firefox's
    // prompt is not answered by default. The popup and sidebar then find it granted, as after a
    // user's yes. The permission tests start without it (`allSites: false`).
    if (allSites && !(await grantAllSites(m, addonId))) throw new Error('access to all sites was not granted to the add-on');
    await m.setContext('content');
    return {
      m,
      addonId,
      origin: `moz-extension://${host}`,
      api,
      fixtures: fixtures.url,
      close: async () => {
        await m.send('Marionette:Quit', { flags: ['eForceQuit'] }).catch(() => {});
        m.close();
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/**
 * Grants the add-on access to all sites as its Permissions tab in about:addons does (the toggle
 * calls ExtensionPermissions.add with the running extension, which fires permissions.onAdded),
 * and says whether the add-on may now read a page on 127.0.0.1.
 */
export async function grantAllSites(m: Marionette, addonId: string): Promise<boolean> {
  await m.setContext('chrome');
  return m.execute<boolean>(
    `const { ExtensionPermissions } = ChromeUtils.importESModule('resource://gre/modules/ExtensionPermissions.sys.mjs');
     const policy = WebExtensionPolicy.getByID(arguments[0]);
     await ExtensionPermissions.add(arguments[0], { permissions: [], origins: ['<all_urls>'] }, policy.extension);
     return policy.canAccessURI(Services.io.newURI('http://127.0.0.1/'));`,
    [addonId],
  );
}

/** Takes back the access to all sites, as the add-on's Permissions tab in about:addons does. */
export async function revokeAllSites(fx: Firefox): Promise<void> {
  await fx.m.setContext('chrome');
  await fx.m.execute(
    `const { ExtensionPermissions } = ChromeUtils.importESModule('resource://gre/modules/ExtensionPermissions.sys.mjs');
     const policy = WebExtensionPolicy.getByID(arguments[0]);
     await ExtensionPermissions.remove(arguments[0], { permissions: [], origins: ['<all_urls>'] }, policy.extension);`,
    [fx.addonId],
  );
}

/**
 * Answers the browser's own prompt for the add-on's permissions (the doorhanger under the
 * address bar) by pressing its button labelled `button` ("Allow" or "Deny"), once it is shown.
 * Returns the permissions it listed.
 */
export async function answerPermissionPrompt(fx: Firefox, button: 'Allow' | 'Deny'): Promise<string[]> {
  await fx.m.setContext('chrome');
  const shown = () =>
    fx.m.execute<string[] | null>(
      `const n = PopupNotifications.panel.querySelector('#addon-webext-permissions-notification');
       if (PopupNotifications.panel.state !== 'open' || !n) return null;
       return Array.from(n.querySelectorAll('.addon-webext-perm-list li')).map((li) => li.textContent);`,
    );
  const listed = await waitFor('the permission prompt', async () => (await shown()) ?? undefined);
  await fx.m.execute(
    `const n = PopupNotifications.panel.querySelector('#addon-webext-permissions-notification');
     const b = [n.button, n.secondaryButton].find((x) => x.label === arguments[0]);
     if (!b) throw new Error('no button ' + arguments[0] + ' in the prompt');
     b.click();`,
    [button],
  );
  return listed;
}

/** Closes the toolbar popup as a click elsewhere does. */
export async function closePopup(fx: Firefox): Promise<void> {
  await fx.m.setContext('chrome');
  await fx.m.execute(`document.querySelector('browser.webextension-popup-browser')?.closest('panel')?.hidePopup();`);
  await waitFor('the popup to close', async () =>
    (await fx.m.execute<boolean>(`return !document.querySelector('browser.webextension-popup-browser');`)) ? true : undefined,
  );
}

/** One Firefox for the test file, closed after it. */
export function useFirefox(set: (fx: Firefox) => void, options: LaunchOptions = {}): void {
  let fx: Firefox | undefined;
  beforeAll(async () => {
    fx = await launchFirefox(options);
    set(fx);
  }, 120_000);
  afterAll(async () => {
    await fx?.close();
  });
}

/**
 * One Firefox for the test file, with the test key and the stand-in's address saved through the
 * real options page, as a user would, before its first test.
 */
export function useFirefoxWithKey(set: (fx: Firefox) => void, options: LaunchOptions = {}): void {
  let fx: Firefox;
  useFirefox((x) => {
    fx = x;
    set(x);
  }, options);
  beforeAll(async () => {
    await saveSettingsAsUser(fx, { apiKey: 'sk-ant-test-key', baseURL: fx.api.url });
  }, 60_000);
}

/** Opens `url` in a new foreground tab and leaves the content context on it; returns its handle. */
export async function openTab(fx: Firefox, url: string): Promise<string> {
  await fx.m.setContext('content');
  const { handle } = await fx.m.send<{ handle: string }>('WebDriver:NewWindow', { type: 'tab', focus: true });
  await fx.m.send('WebDriver:SwitchToWindow', { handle, focus: true });
  await fx.m.send('WebDriver:Navigate', { url });
  return handle;
}

/** Runs `script` (an async function body) in the tab `handle`, in the page's own world. */
export async function inTab<T>(fx: Firefox, handle: string, script: string, args: unknown[] = []): Promise<T> {
  await fx.m.setContext('content');
  await fx.m.send('WebDriver:SwitchToWindow', { handle, focus: false });
  return fx.m.execute<T>(script, args);
}

/**
 * Opens `url` in a new foreground tab without waiting for it to finish loading (a page that never
 * does), until its body shows `words`; returns its handle.
 */
export async function openUnfinishedTab(fx: Firefox, url: string, words: string): Promise<string> {
  const handle = await openTab(fx, 'about:blank');
  await fx.m.execute('location.href = arguments[0];', [url]);
  await waitFor(`${url} to show "${words}"`, async () =>
    (await fx.m
      .execute<boolean>('return document.body?.textContent?.includes(arguments[0]) ?? false;', [words])
      .catch(() => false))
      ? true
      : undefined,
  );
  return handle;
}

/**
 * Right-clicks the element `selector` of the tab `handle` with the mouse (as a user does, so the
 * page's selection stays), and chooses the entry labelled `label` in the browser's context menu.
 */
export async function chooseFromContextMenu(fx: Firefox, handle: string, selector: string, label: string): Promise<void> {
  await fx.m.setContext('content');
  await fx.m.send('WebDriver:SwitchToWindow', { handle, focus: true });
  const found = await fx.m.send<{ value: Record<string, string> }>('WebDriver:FindElement', {
    using: 'css selector',
    value: selector,
  });
  await fx.m.send('WebDriver:PerformActions', {
    actions: [
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', origin: found.value, x: 0, y: 0 },
          { type: 'pointerDown', button: 2 },
          { type: 'pointerUp', button: 2 },
        ],
      },
    ],
  });
  await fx.m.send('WebDriver:ReleaseActions');
  await fx.m.setContext('chrome');
  const shown = await waitFor(`the context menu to offer "${label}"`, async () =>
    (await fx.m.execute<boolean>(
      `const menu = document.getElementById('contentAreaContextMenu');
       return menu.state === 'open' && Array.from(menu.querySelectorAll('menuitem')).some((i) => i.label === arguments[0] && !i.hidden);`,
      [label],
    ))
      ? true
      : undefined,
  );
  if (!shown) return;
  // The menu runs the entry's command once it has closed, not within activateItem: wait for that
  // command (the browser gives the add-on the tab then, and tells it), as a user's click is done.
  const done = `cited-tabs-test-menu-${Date.now()}`;
  await fx.m.execute(
    `const menu = document.getElementById('contentAreaContextMenu');
     const item = Array.from(menu.querySelectorAll('menuitem')).find((i) => i.label === arguments[0]);
     item.addEventListener('command', () => (window[arguments[1]] = true), { once: true });
     menu.activateItem(item);`,
    [label, done],
  );
  await waitFor(`the entry "${label}" to run`, async () =>
    (await fx.m.execute<boolean>(`return window[arguments[0]] === true;`, [done])) ? true : undefined,
  );
}

/** Closes the sidebar, as its close button does. */
export async function closeSidebar(fx: Firefox): Promise<void> {
  await fx.m.setContext('chrome');
  await fx.m.execute(`SidebarController.hide();`);
  await waitFor('the sidebar to close', async () => ((await sidebarIsOpen(fx)) ? undefined : true));
}

/**
 * Ticks or unticks "The toolbar button opens the side panel" on the add-on's options page, as a
 * user does, and waits until the toolbar button has (or has not) a popup accordingly.
 */
export async function setToolbarOpensSidebar(fx: Firefox, on: boolean): Promise<void> {
  await openTab(fx, `${fx.origin}/options.html`);
  const box = await waitFor(
    'the toolbar setting',
    () =>
      element(fx, `//label[normalize-space()=${quoted('The toolbar button opens the side panel')}]/input`).catch(() => undefined),
    20_000,
  );
  const { value: checked } = await fx.m.send<{ value: boolean }>('WebDriver:IsElementSelected', { id: box });
  if (checked !== on) await fx.m.send('WebDriver:ElementClick', { id: box });
  await fx.m.setContext('chrome');
  await waitFor('the toolbar button to follow the setting', async () => {
    const popup = await fx.m.execute<string>(
      `const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
       const action = ExtensionParent.apiManager.global.browserActionFor(WebExtensionPolicy.getByID(arguments[0]).extension);
       return action.action.getProperty(null, 'popup') ?? '';`,
      [fx.addonId],
    );
    return (popup === '') === on ? true : undefined;
  });
  await fx.m.setContext('content');
  const [left] = await fx.m.send<string[]>('WebDriver:CloseWindow');
  await fx.m.send('WebDriver:SwitchToWindow', { handle: left, focus: true });
}

/** Whether the browser window shows the sidebar. */
export async function sidebarIsOpen(fx: Firefox): Promise<boolean> {
  await fx.m.setContext('chrome');
  return fx.m.execute<boolean>(`return SidebarController.isOpen;`);
}

/** Closes every tab but `keep`, so that a question about all tabs is about these alone. */
export async function closeOtherTabs(fx: Firefox, keep: string[]): Promise<void> {
  await fx.m.setContext('content');
  for (const handle of await fx.m.send<string[]>('WebDriver:GetWindowHandles')) {
    if (keep.includes(handle)) continue;
    await fx.m.send('WebDriver:SwitchToWindow', { handle, focus: false });
    await fx.m.send('WebDriver:CloseWindow');
  }
  await fx.m.send('WebDriver:SwitchToWindow', { handle: keep.at(-1)!, focus: true });
}

/** The handle of the first tab whose address passes `test`, or undefined. */
export async function findTab(fx: Firefox, test: (url: string) => boolean): Promise<string | undefined> {
  await fx.m.setContext('content');
  for (const handle of await fx.m.send<string[]>('WebDriver:GetWindowHandles')) {
    await fx.m.send('WebDriver:SwitchToWindow', { handle, focus: false });
    const { value } = await fx.m.send<{ value: string }>('WebDriver:GetCurrentURL');
    if (test(value)) return handle;
  }
  return undefined;
}

/** The address of the window's selected tab, as the browser shows it. */
export async function selectedTabUrl(fx: Firefox): Promise<string> {
  await fx.m.setContext('chrome');
  return fx.m.execute<string>('return gBrowser.selectedBrowser.currentURI.spec;');
}

/** What the page in tab `handle` has registered under `cited-quote`, read from the page. */
export function highlightedText(fx: Firefox, handle: string): Promise<string | null> {
  return inTab(
    fx,
    handle,
    `const h = CSS.highlights.get('cited-quote');
     return h ? Array.from(h).map((r) => r.toString()).join(' ') : null;`,
  );
}

/** The add-on's web element found by an XPath, for Marionette's element commands. */
async function element(fx: Firefox, xpath: string): Promise<string> {
  const found = await fx.m.send<{ value: Record<string, string> }>('WebDriver:FindElement', { using: 'xpath', value: xpath });
  return Object.values(found.value)[0]!;
}

const quoted = (s: string) => (s.includes('"') ? `'${s}'` : `"${s}"`);

/** The options page's names in the interface's language (public/_locales). */
export interface OptionsWords {
  apiKey: string;
  baseURL: string;
  supportCheck: string;
  off: string;
  save: string;
  send: (origin: string) => string;
  saved: string;
}

export const ENGLISH_OPTIONS: OptionsWords = {
  apiKey: 'API key',
  baseURL: 'API base URL',
  supportCheck: 'Support check',
  off: 'Off',
  save: 'Save',
  send: (origin) => `Send my key to ${origin}`,
  saved: 'Saved.',
};

/**
 * Sets the key and the API base URL on the add-on's options page, as a user does: typed into
 * the fields named "API key" and "API base URL", "Support check" set to "Off", Save, then the
 * confirmation that the key may go to that server.
 */
export async function saveSettingsAsUser(
  fx: Firefox,
  { apiKey, baseURL }: { apiKey: string; baseURL: string },
  words: OptionsWords = ENGLISH_OPTIONS,
): Promise<void> {
  const handle = await openTab(fx, `${fx.origin}/options.html`);
  const field = (label: string) => element(fx, `//*[@id=//label[normalize-space()=${quoted(label)}]/@for]`);
  for (const [label, value] of [
    [words.apiKey, apiKey],
    [words.baseURL, baseURL],
  ] as const) {
    const id = await waitFor(label, () => field(label).catch(() => undefined), 20_000);
    await fx.m.send('WebDriver:ElementClear', { id });
    await fx.m.send('WebDriver:ElementSendKeys', { id, text: value });
  }
  // The support check off, as the Chromium tests have it: one scripted reply per question. It is
  // an expert setting, behind the "Advanced" disclosure, opened first as a user opens it.
  const closed = await element(fx, `//details[contains(@class,'advanced') and not(@open)]/summary`).catch(() => undefined);
  if (closed) await fx.m.send('WebDriver:ElementClick', { id: closed });
  await fx.m.send('WebDriver:ElementClick', {
    id: await element(
      fx,
      `//select[@id=//label[normalize-space()=${quoted(words.supportCheck)}]/@for]/option[normalize-space()=${quoted(words.off)}]`,
    ),
  });
  await fx.m.send('WebDriver:ElementClick', { id: await element(fx, `//button[normalize-space()=${quoted(words.save)}]`) });
  const origin = new URL(baseURL).origin;
  const confirm = await waitFor(
    'the confirmation',
    () => element(fx, `//button[normalize-space()=${quoted(words.send(origin))}]`).catch(() => undefined),
    20_000,
  );
  await fx.m.send('WebDriver:ElementClick', { id: confirm });
  await waitFor(
    words.saved,
    async () =>
      (await inTab<string>(fx, handle, `return document.querySelector('[role=status]')?.textContent ?? ''`)) === words.saved
        ? true
        : undefined,
    20_000,
  );
  // Closing the tab leaves Marionette on a discarded context: back to a tab that is still open.
  const [left] = await fx.m.send<string[]>('WebDriver:CloseWindow');
  await fx.m.send('WebDriver:SwitchToWindow', { handle: left, focus: true });
}

/**
 * Finds an element of the add-on's page by its accessible name, as the page's own script sees
 * it: `aria-label`, `aria-labelledby`, a `<label for>` or a wrapping `<label>`, else a button's
 * text. Defined in the page's frame script (see `Sidebar.run`) as `named(name, selector)`.
 */
const NAMED = `
  const text = (el) => (el?.textContent ?? '').replace(/\\s+/g, ' ').trim();
  const nameOf = (el) => {
    if (el.hasAttribute('aria-label')) return el.getAttribute('aria-label').trim();
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(/\\s+/).map((id) => text(doc.getElementById(id))).join(' ').trim();
    if (el.id) {
      const label = doc.querySelector('label[for="' + el.id + '"]');
      if (label) return text(label);
    }
    const wrap = el.closest('label');
    if (wrap) return text(wrap);
    return text(el);
  };
  // A citation marker's name begins with the number it shows ("1: ", "1·2: "); tests name a
  // citation by its page (site — title), so that is what they match.
  const pageName = (el) => nameOf(el).replace(/^\\d+(·\\d+)?: /, '');
  const named = (name, selector) =>
    Array.from(doc.querySelectorAll(selector)).find((el) => nameOf(el) === name || pageName(el) === name) ?? null;
`;

/**
 * One of the add-on's pages as the browser shows it outside a tab (the sidebar, the toolbar
 * popup). Such a page runs in the extension's process, inside a `<browser>` of the browser's own
 * window; the test reads and drives it with a frame script per call, whose `content` is that
 * page (the browser's way for its own code to reach a remote page). `locate` is chrome code that
 * evaluates to that `<browser>`.
 */
class AddonView {
  constructor(
    protected fx: Firefox,
    private locate: string,
  ) {}

  /** Waits until the view shows the app (its question box, or what `selector` selects). */
  protected async ready(what: string, selector = '#question'): Promise<void> {
    // A frame script sent while the page is still loading may be lost with its first document:
    // each probe gives up after a second and the next one asks again.
    const probe = () => this.run<boolean>(`return !!doc.querySelector(args[0])`, [selector], 1000).catch(() => false);
    await waitFor(what, async () => ((await probe()) ? true : undefined));
  }

  /**
   * Runs `body` (an async function body; `doc` and `win` are the view's document and window,
   * `args` the arguments, `named(name, selector)` finds by accessible name) in the view's
   * page, and resolves with what it returns (plain data).
   */
  async run<T>(body: string, args: unknown[] = [], timeout = 15_000): Promise<T> {
    await this.fx.m.setContext('chrome');
    return this.fx.m.execute<T>(
      `const [body, args, timeout] = arguments;
       const inner = ${this.locate};
       if (!inner?.currentURI?.spec.startsWith('moz-extension:')) throw new Error('no add-on page is showing there');
       const mm = inner.messageManager;
       const topic = 'cited-tabs-test:' + Services.uuid.generateUUID().toString();
       return await new Promise((resolve, reject) => {
         const listener = (msg) => {
           clearTimeout(timer);
           mm.removeMessageListener(topic, listener);
           if (msg.data.ok) resolve(msg.data.value);
           else reject(new Error(msg.data.error));
         };
         const timer = setTimeout(() => {
           mm.removeMessageListener(topic, listener);
           reject(new Error('the add-on page did not answer'));
         }, timeout);
         mm.addMessageListener(topic, listener);
         const code = '(async () => { const win = content; const doc = content.document; const args = ' + JSON.stringify(args) + ';' +
           ${JSON.stringify(NAMED)} +
           'try { const value = await (async () => {' + body + '})();' +
           ' sendAsyncMessage(' + JSON.stringify(topic) + ', { ok: true, value: value === undefined ? null : value }); }' +
           ' catch (e) { sendAsyncMessage(' + JSON.stringify(topic) + ', { ok: false, error: String(e) }); } })();';
         mm.loadFrameScript('data:text/javascript;charset=utf-8,' + encodeURIComponent(code), false);
       });`,
      [body, args, timeout],
    );
  }

  /** Types into the field named `label`, as keystrokes would leave it (an input event). */
  type(label: string, value: string): Promise<void> {
    return this.run(
      `const el = named(args[0], 'input, textarea');
       if (!el) throw new Error('no field named ' + args[0]);
       el.focus();
       el.value = args[1];
       el.dispatchEvent(new win.Event('input', { bubbles: true }));`,
      [label, value],
    );
  }

  /**
   * Clicks the button, radio or checkbox named `name` once it is there and available (10 s at
   * most): enabled, and not said to be unavailable (Ask while a question is under way).
   */
  click(name: string): Promise<void> {
    return this.run(
      `const deadline = Date.now() + 10000;
       let el = null;
       while (!(el = named(args[0], 'button, input[type=radio], input[type=checkbox], [role=button]')) || el.disabled || el.getAttribute('aria-disabled') === 'true') {
         if (Date.now() > deadline) {
           const box = doc.getElementById('question');
           throw new Error(el ? args[0] + ' stays ' + (el.disabled ? 'disabled' : 'unavailable') + ' (question box: ' + JSON.stringify(box ? box.value : null) + ')' : 'nothing to click named ' + args[0]);
         }
         await new Promise((r) => win.setTimeout(r, 50));
       }
       el.click();`,
      [name],
    );
  }

  /** The text of the region named `name` (e.g. "Answer"), or null while there is none. */
  regionText(name: string): Promise<string | null> {
    return this.run(`const el = named(args[0], 'section, [role=region]'); return el ? el.innerText : null;`, [name]);
  }

  /** Types `question`, picks the scope and presses Ask, as a user does. */
  async ask(question: string, scope = 'This tab', askButton = 'Ask'): Promise<void> {
    await this.type(this.questionLabel, question);
    await this.click(scope);
    await this.click(askButton);
  }

  /** The name of the question box: "Question", or the catalogue's word for it. */
  questionLabel = 'Question';

  /** The view's whole visible text. */
  text(): Promise<string> {
    return this.run(`return doc.body.innerText;`);
  }

  /** The text of the element `selector` selects, or null while there is none. */
  textOf(selector: string): Promise<string | null> {
    return this.run(`const el = doc.querySelector(args[0]); return el ? el.innerText : null;`, [selector]);
  }

  /** The text of the first alert shown, or null while there is none. */
  alertText(): Promise<string | null> {
    return this.textOf('[role=alert]');
  }

  /** What the question box holds. */
  question(): Promise<string> {
    return this.run(`return doc.getElementById('question').value;`);
  }

  /** Whether a control named `name` is there, and whether it is enabled. */
  control(name: string): Promise<'enabled' | 'disabled' | null> {
    return this.run(
      `const el = named(args[0], 'button, input, [role=button]');
       return el ? (el.disabled ? 'disabled' : 'enabled') : null;`,
      [name],
    );
  }

  /** Opens each folded earlier turn of the thread, so that its claims and citations are shown. */
  openEarlierTurns(): Promise<void> {
    return this.run(`doc.querySelectorAll('.turn details:not([open]) > summary').forEach((s) => s.click());`);
  }

  /** The accessible names of the buttons inside the region `region` (a citation's without its number). */
  buttonsIn(region: string): Promise<string[]> {
    return this.run(
      `const el = named(args[0], 'section, [role=region]');
       return el ? Array.from(el.querySelectorAll('button')).map(pageName) : [];`,
      [region],
    );
  }
}

/** Presses Alt+Shift+`key` in the browser window, where the add-on's commands are bound. */
export async function pressAltShift(fx: Firefox, key: string): Promise<void> {
  await fx.m.setContext('chrome');
  const [alt, shift] = ['\uE00A', '\uE008'];
  await fx.m.send('WebDriver:PerformActions', {
    actions: [
      {
        type: 'key',
        id: 'keyboard',
        actions: [alt, shift, key]
          .map((value) => ({ type: 'keyDown', value }))
          .concat([key, shift, alt].map((value) => ({ type: 'keyUp', value }))),
      },
    ],
  });
  await fx.m.send('WebDriver:ReleaseActions');
}

/** The add-on's real sidebar in the browser window, beside the selected tab. */
export class Sidebar extends AddonView {
  constructor(fx: Firefox) {
    super(fx, `SidebarController.browser?.contentDocument?.getElementById('webext-panels-browser')`);
  }

  /** Opens the sidebar with its keyboard shortcut, Alt+Shift+Y (it toggles: only when closed), and waits for the app. */
  async open(): Promise<void> {
    await this.fx.m.setContext('chrome');
    const shown = await this.fx.m.execute<boolean>(`return SidebarController.isOpen;`);
    if (!shown) await pressAltShift(this.fx, 'Y');
    await this.ready('the sidebar app');
  }
}

/** The add-on's real toolbar popup, over the selected tab. */
export class Popup extends AddonView {
  constructor(fx: Firefox) {
    super(fx, `document.querySelector('browser.webextension-popup-browser')`);
  }

  /**
   * Opens the popup with its keyboard shortcut, Alt+Shift+Q, as a user can (it toggles: only when
   * closed), and waits for the app: its question box, or what `selector` selects (the last thread
   * from the history, shown first in a new session).
   */
  async open(selector = '#question'): Promise<void> {
    await this.fx.m.setContext('chrome');
    const shown = await this.fx.m.execute<boolean>(`return !!document.querySelector('browser.webextension-popup-browser');`);
    if (!shown) await pressAltShift(this.fx, 'Q');
    await this.ready('the popup app', selector);
  }
}
