import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// See https://wxt.dev/api/config.html
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  manifest: {
    name: 'Cited Tabs',
    description:
      'Ask about your open tabs. Every claim comes with a verified quote; click it to see the words highlighted in the page.',
    // activeTab+scripting inject our script only when the user asks; <all_urls> is what lets
    // "All tabs in this window" read the other tabs and lets the worker reach any Messages API
    // base URL without a CORS preflight.
    // Incognito: only if the user allows the extension there, with one worker for both kinds of
    // window ("spanning", the only mode Firefox has). Text read from incognito tabs is kept in
    // memory only (storage.session), never in the logs on disk; see the README.
    incognito: 'spanning',
    permissions: ['storage', 'scripting', 'tabs', 'activeTab'],
    host_permissions: ['<all_urls>'],
    action: { default_title: 'Ask about your tabs' },
  },
});
