import { describe, expect, it } from 'vitest';
import { sameDocument, unreadableReason } from './tabs';

describe('unreadableReason', () => {
  it('lets ordinary pages and local files through', () => {
    expect(unreadableReason('https://example.org/a')).toBeNull();
    expect(unreadableReason('http://127.0.0.1:8080/x.html')).toBeNull();
    expect(unreadableReason('file:///home/me/notes.html')).toBeNull();
  });

  it('explains browser, extension and store pages', () => {
    expect(unreadableReason('chrome://settings')).toMatch(/Browser and extension pages/);
    expect(unreadableReason('chrome-extension://abc/popup.html')).toMatch(/Browser and extension pages/);
    expect(unreadableReason('about:blank')).toMatch(/Browser and extension pages/);
    expect(unreadableReason('https://chromewebstore.google.com/detail/x')).toMatch(/store/);
    expect(unreadableReason('https://chrome.google.com/webstore/category')).toMatch(/store/);
    expect(unreadableReason('https://addons.mozilla.org/en-US/firefox/')).toMatch(/store/);
    expect(unreadableReason(undefined)).toMatch(/hidden/);
  });

  it('does not mistake an ordinary Google page for the store', () => {
    expect(unreadableReason('https://chrome.google.com/intl/en/chrome/')).toBeNull();
  });
});

describe('sameDocument', () => {
  it('ignores the fragment only', () => {
    expect(sameDocument('https://a.org/p#one', 'https://a.org/p#two')).toBe(true);
    expect(sameDocument('https://a.org/p', 'https://a.org/q')).toBe(false);
  });
});
