import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AskContext } from './use-asking';
import type { WindowTab } from './use-window-tabs';

// The storage module reads the extension API when it loads: the fake one is put in place first.
vi.stubGlobal('chrome', fakeBrowser);
vi.stubGlobal('browser', fakeBrowser);
const { readAheadOf } = await import('./use-read-ahead');

const tab = (id: number, url: string, active = false): WindowTab => ({ id, url, title: `Tab ${id}`, active });
const tabs = [
  tab(1, 'https://museum.example/hours', true),
  tab(2, 'https://tickets.example/buy'),
  tab(3, 'https://news.example/'),
];
const ctx = (over: Partial<AskContext> = {}): AskContext => ({
  surface: 'popup',
  question: 'When does',
  scope: 'tab',
  chosenTabs: [3, 2],
  windowTabs: tabs,
  windowId: 7,
  grants: [],
  intent: null,
  ...over,
});

describe('reading ahead while the question is typed', () => {
  it('reads the scope’s tabs once the box holds words, and nothing while it is empty', () => {
    expect(readAheadOf(ctx(), [])).toEqual({ type: 'read-ahead', scope: 'tab', windowId: 7 });
    expect(readAheadOf(ctx({ question: '   ' }), [])).toBeNull();
    expect(readAheadOf(ctx({ windowId: null }), [])).toBeNull();
  });

  it('reads nothing a question could not read without asking for access first', () => {
    // All tabs without all sites: the popup's own tab is given, the others are not.
    expect(readAheadOf(ctx({ scope: 'window' }), [])).toBeNull();
    expect(readAheadOf(ctx({ scope: 'window' }), ['<all_urls>'])).toEqual({ type: 'read-ahead', scope: 'window', windowId: 7 });
    // The side panel with a tab the browser did not give it.
    expect(readAheadOf(ctx({ surface: 'panel' }), [])).toBeNull();
  });

  it('names the chosen tabs, in one order whatever the order they were ticked in', () => {
    expect(readAheadOf(ctx({ scope: 'tabs' }), ['<all_urls>'])).toEqual({
      type: 'read-ahead',
      scope: 'tabs',
      windowId: 7,
      tabIds: [2, 3],
    });
    expect(readAheadOf(ctx({ scope: 'tabs', chosenTabs: [] }), ['<all_urls>'])).toBeNull();
  });
});
