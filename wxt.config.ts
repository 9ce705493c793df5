import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { ALL_SITES } from './lib/shared/access/site-access';
import { englishCatalogue, pseudoCatalogue } from './scripts/pseudo-locale';

const API_ORIGIN = 'https://api.anthropic.com/*';
const BUILD_ID = process.env.CITED_TABS_BUILD ?? `${Date.now().toString(36)}-${process.pid.toString(36)}`;

/**
 * Firefox's add-on settings (the MV2 build, `npm run build:firefox`).
 * - `id`: fixed, so that an update, the storage and a signed listing stay the add-on's own.
 * - `strict_min_version` 144: the Custom Highlight API (`CSS.highlights`, `::highlight()`) and the
 *   install-time data-collection consent below arrived in Firefox 140, text fragments
 *   (`#:~:text=`) in 131, `storage.session` for MV2 in 115, `scripting` in 102; pdf.js, which reads
 *   PDF tabs and draws our PDF viewer, calls `Map.prototype.getOrInsertComputed` (Firefox 144).
 * - `data_collection_permissions`: what leaves the browser when the user asks. The passages of the
 *   pages read (website content) go to the Messages API at the base URL the user set, each with
 *   its page's title and site (browsing activity). Required: asking is what the add-on is for;
 *   without consent it sends nothing, and only searches the pages on this computer.
 */
/**
 * Chrome's `key`: the public half of an RSA key pair (the private half was thrown away: nothing is
 * signed with it), from which Chrome derives the extension's id, olcaefobinajoaddokikepcmkahklicg,
 * wherever the unpacked build is loaded from. Every build then has one id, as every Chrome Web
 * Store install of one listing has: a build loaded over an older one in the same profile is an
 * update, storage and IndexedDB kept (tests/e2e/update-from-release.test.ts, from a real
 * previous build). In every Chrome build, since it is harmless (it names no secret, and a
 * store install gets the store's id whatever it says); the store archive (`npm run zip`) leaves
 * it out, because the Chrome Web Store refuses a manifest that has one.
 */
export const CHROME_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA3TwvluROp92BHLTpdAZNKBBZP+R//LR8J3+HnEr6QqctdetPflJ9Wt3JOVqLPLHDkeCBB6XXoqybzblkJit2k98BU0Rc8hgkGg8xttYMPM+MetRtdpQgYAMo0dx5G+04H9QCsc80TryChZIwIM7dj/z6k/us9Fn4myGazAPnST/mExhi7tEjLvmRic+oOMuFdie0qRiuAefM2doobKqiHRLT+3BOmaMHNdQWGEI+3ta2z9Zhwi26Uh0VEH/C3URH450/xweW3qJIDhJcnDPI9xKyu6iyGOFGpf0wo+4VqPpra5FCiWrlopIa/KnSEYeUytGankH/22qFVhiB4rcYmQIDAQAB';

const FIREFOX_GECKO = {
  id: 'cited-tabs@cited-tabs',
  strict_min_version: '144.0',
  data_collection_permissions: { required: ['websiteContent', 'browsingActivity'] },
};

// See https://wxt.dev/api/config.html
export default defineConfig({
  hooks: {
    // The pseudo-locale build (`wxt build --mode pseudo`, written to .output/chrome-mv3-pseudo):
    // its English catalogue is the pseudo one (scripts/pseudo-locale.ts), for the layout test of
    // longer words (tests/e2e/pseudo-layout.test.ts). public/ is left as it is.
    'build:publicAssets': (wxt, files) => {
      if (wxt.config.mode !== 'pseudo') return;
      const en = files.findIndex((f) => f.relativeDest.replaceAll('\\', '/') === '_locales/en/messages.json');
      if (en < 0) throw new Error('no English catalogue among the public files');
      files[en] = {
        relativeDest: files[en]!.relativeDest,
        contents: JSON.stringify(pseudoCatalogue(englishCatalogue(import.meta.dirname)), null, 2),
      };
    },
    // The store archive is zipped from the build just made: its manifest loses the `key` (above).
    'zip:start': async (wxt) => {
      if (wxt.config.browser === 'firefox') return;
      const path = join(wxt.config.outDir, 'manifest.json');
      const { key: _key, ...manifest } = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
      await writeFile(path, JSON.stringify(manifest));
    },
    // Access to all sites is optional here, asked when a scope needs it: no grant of it at
    // install. WXT turns a content script's `matches` into such a grant; the page script is an
    // unlisted script now (entrypoints/page-reader.ts) and declares none, and this keeps any that
    // a content script added later would bring out of the manifest.
    'build:manifestGenerated': (_wxt, manifest) => {
      const m = manifest as { host_permissions?: string[]; permissions?: string[] };
      if (m.host_permissions) m.host_permissions = m.host_permissions.filter((p) => p !== ALL_SITES);
      if (m.permissions) m.permissions = m.permissions.filter((p) => p !== ALL_SITES);
    },
  },
  modules: ['@wxt-dev/webextension-polyfill'],
  // One id per build, known to every context (lib/shared/core/build-id.ts): the screens and the worker
  // check they are of the same build. `CITED_TABS_BUILD` sets it (a test builds two that differ).
  // No modulepreload polyfill: every browser the extension runs in (Chrome, Firefox 144) has
  // modulepreload, and the polyfill would be in the popup's first load (tests/bench/popup.ts).
  vite: () => ({
    plugins: [preact()],
    define: { __CITED_TABS_BUILD__: JSON.stringify(BUILD_ID) },
    build: { modulePreload: { polyfill: false } },
  }),
  manifest: ({ browser }) => ({
    // The names and descriptions come from the catalogues (public/_locales), English by default.
    default_locale: 'en',
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    // Permissions, each asked only where a scope needs it (README "Permissions"):
    // - activeTab + scripting: "This tab" reads and highlights the tab the user acted on (the
    //   toolbar button, the keyboard command, the context menu), nothing else, with no host access
    //   at install. The side panel, which stays as the user moves between tabs, asks for a tab's
    //   own site when it was not opened for that tab.
    // - optional <all_urls>: "All tabs in this window" and "Choose tabs" read other tabs; asked
    //   the first time the user asks about several tabs, with the reason (lib/shared/access/site-access.ts).
    //   A custom API base URL is reached by CORS, as any page would reach it.
    // - https://api.anthropic.com/*: the worker calls the Messages API; with host access its
    //   fetch skips the CORS preflight and reads every response header (retry-after, request-id).
    // - tabs: the titles and addresses of the window's tabs, before any host access: "Choose
    //   tabs" lists them by title, the popup asks for exactly the chosen tabs' sites, and a
    //   citation's tab is found again by its address.
    // contextMenus: "Ask Cited Tabs about the selection" and "… about this page".
    // offscreen (Chrome): a page where pdf.js reads PDF tabs, which the service worker cannot host.
    // Incognito: only if the user allows the extension there, with one worker for both kinds of
    // window ("spanning", the only mode Firefox has). Text read from incognito tabs is kept in
    // memory only (storage.session), never in the logs on disk; see the README.
    incognito: 'spanning',
    permissions: [
      'storage',
      'scripting',
      'tabs',
      'activeTab',
      'contextMenus',
      ...(browser === 'firefox' ? [API_ORIGIN] : ['offscreen']),
    ],
    // Firefox's MV2 build: WXT drops optional_host_permissions there, so the same grant is an
    // optional permission, and the API's host a permission.
    ...(browser === 'firefox'
      ? { optional_permissions: [ALL_SITES] }
      : {
          host_permissions: [API_ORIGIN],
          optional_host_permissions: [ALL_SITES],
          // A local server (Ollama as shipped refuses an extension's Origin): a session rule gives
          // the extension's own requests to it the server's own Origin (lib/shared/access/local-origin-rule.ts).
          // No warning of its own; asked, with the server's host, when a local preset is chosen.
          optional_permissions: ['declarativeNetRequestWithHostAccess'],
        }),
    action: { default_title: '__MSG_actionTitle__' },
    ...(browser === 'firefox' ? { browser_specific_settings: { gecko: FIREFOX_GECKO } } : { key: CHROME_PUBLIC_KEY }),
    // Alt+Shift+Q and Alt+Shift+Y: neither Chrome (nor ChromeOS) nor Firefox binds them, nor do
    // the common password managers and translators (Chromium refuses Alt+Shift+P for an
    // extension: it is taken). On macOS, Option+Shift types characters, so Control+Shift.
    // Both can be changed at the browser's shortcuts page.
    commands: {
      // Firefox's MV2 build has a browser action, opened by its own command name.
      [browser === 'firefox' ? '_execute_browser_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+Q', mac: 'MacCtrl+Shift+Q' },
        description: '__MSG_commandAsk__',
      },
      // Firefox opens its sidebar with its own command; Chrome's panel is opened by the background.
      [browser === 'firefox' ? '_execute_sidebar_action' : 'open-side-panel']: {
        suggested_key: { default: 'Alt+Shift+Y', mac: 'MacCtrl+Shift+Y' },
        description: '__MSG_commandPanel__',
      },
    },
  }),
});
