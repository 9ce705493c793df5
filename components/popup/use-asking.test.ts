import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AskContext } from './use-asking';
import type { WindowTab } from './use-window-tabs';

// The storage module reads the extension API when it loads: the fake one is put in place first.
vi.stubGlobal('chrome', fakeBrowser);
vi.stubGlobal('browser', fakeBrowser);
const { accessFor, askMessageOf, tabsInScope } = await import('./use-asking');
const { readAheadOf } = await import('./use-read-ahead');

const tab = (id: number, url: string, active = false): WindowTab => ({ id, url, title: `Tab ${id}`, active });
const tabs = [
  tab(1, 'https://museum.example/hours', true),
  tab(2, 'https://tickets.example/buy'),
  tab(3, 'https://news.example/'),
];
const ctx = (over: Partial<AskContext> = {}): AskContext => ({
  surface: 'panel',
  question: '  When does it open?  ',
  scope: 'tab',
  chosenTabs: [2, 3],
  windowTabs: tabs,
  windowId: 7,
  grants: [],
  intent: null,
  ...over,
});

describe('asking from the popup and the side panel', () => {
  it('reads the active tab, the ticked tabs or the whole window, by the scope', () => {
    expect(tabsInScope('tab', tabs, [2]).map((t) => t.id)).toEqual([1]);
    expect(tabsInScope('tabs', tabs, [2, 3]).map((t) => t.id)).toEqual([2, 3]);
    expect(tabsInScope('window', tabs, []).map((t) => t.id)).toEqual([1, 2, 3]);
  });

  it('the popup may read its own tab; the side panel only a tab the browser gave it', () => {
    expect(accessFor('tab', ctx({ surface: 'popup' }), [])).toBeNull();
    expect(accessFor('tab', ctx(), [])).toEqual({ origins: ['https://museum.example/*'], reason: 'panel', count: 1 });
    // Opened by the context menu for that tab, or given it by the browser earlier.
    expect(accessFor('tab', ctx({ intent: { windowId: 7, tabId: 1, at: 0 } }), [])).toBeNull();
    expect(accessFor('tab', ctx({ grants: [{ tabId: 1, url: 'https://museum.example/hours' }] }), [])).toBeNull();
    // A grant for the tab when it showed another page does not count.
    expect(accessFor('tab', ctx({ grants: [{ tabId: 1, url: 'https://other.example/' }] }), [])).not.toBeNull();
  });

  it('the chosen tabs and the whole window need their sites allowed, whatever the surface', () => {
    expect(accessFor('tabs', ctx({ surface: 'popup' }), ['https://news.example/*'])).toEqual({
      origins: ['https://tickets.example/*'],
      reason: 'chosen',
      count: 2,
    });
    // A chosen tab the browser gave us (the popup's own, or one recorded on the same page) needs nothing.
    expect(
      accessFor(
        'tabs',
        ctx({ surface: 'popup', chosenTabs: [1, 2], grants: [{ tabId: 2, url: 'https://tickets.example/buy' }] }),
        [],
      ),
    ).toBeNull();
    expect(accessFor('window', ctx({ surface: 'popup' }), [])).toMatchObject({ reason: 'window', count: 3 });
    expect(accessFor('window', ctx(), ['<all_urls>'])).toBeNull();
  });

  it('sends the question trimmed, the chosen tabs only when choosing, the selection it was opened for', () => {
    expect(askMessageOf('tab', 7, ctx())).toEqual({ type: 'ask', question: 'When does it open?', scope: 'tab', windowId: 7 });
    expect(askMessageOf('tabs', 7, ctx())).toMatchObject({ scope: 'tabs', tabIds: [2, 3] });
    expect(askMessageOf('tab', 7, ctx({ intent: { windowId: 7, tabId: 1, selection: 'opens at 9', at: 0 } }))).toMatchObject({
      selection: { tabId: 1, text: 'opens at 9' },
    });
  });
});

describe('reading ahead while the question is typed', () => {
  const popup = (over: Partial<AskContext> = {}) => ctx({ surface: 'popup', ...over });

  it('reads the scope’s tabs once the box holds words, and nothing while it is empty', () => {
    expect(readAheadOf(popup(), [])).toEqual({ type: 'read-ahead', scope: 'tab', windowId: 7 });
    expect(readAheadOf(popup({ question: '   ' }), [])).toBeNull();
    expect(readAheadOf(popup({ windowId: null }), [])).toBeNull();
  });

  it('reads nothing a question could not read without asking for access first', () => {
    // All tabs without all sites: the popup's own tab is given, the others are not.
    expect(readAheadOf(popup({ scope: 'window' }), [])).toBeNull();
    expect(readAheadOf(popup({ scope: 'window' }), ['<all_urls>'])).toEqual({ type: 'read-ahead', scope: 'window', windowId: 7 });
    // The side panel with a tab the browser did not give it.
    expect(readAheadOf(ctx(), [])).toBeNull();
  });

  it('names the chosen tabs, in one order whatever the order they were ticked in', () => {
    expect(readAheadOf(popup({ scope: 'tabs', chosenTabs: [3, 2] }), ['<all_urls>'])).toEqual({
      type: 'read-ahead',
      scope: 'tabs',
      windowId: 7,
      tabIds: [2, 3],
    });
    expect(readAheadOf(popup({ scope: 'tabs', chosenTabs: [] }), ['<all_urls>'])).toBeNull();
  });
});
