import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// See https://wxt.dev/api/config.html
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ browser }) => ({
    name: 'Cited Tabs',
    description:
      'Ask about your open tabs. Every claim comes with a verified quote; click it to see the words highlighted in the page.',
    // activeTab+scripting inject our script only when the user asks; <all_urls> is what lets
    // "All tabs in this window" read the other tabs and lets the worker reach any Messages API
    // base URL without a CORS preflight.
    // offscreen (Chrome): a page where pdf.js reads PDF tabs, which the service worker cannot host.
    permissions: ['storage', 'scripting', 'tabs', 'activeTab', ...(browser === 'firefox' ? [] : ['offscreen'])],
    host_permissions: ['<all_urls>'],
    action: { default_title: 'Ask about your tabs' },
  }),
});
