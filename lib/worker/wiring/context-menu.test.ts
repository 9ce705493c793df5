import { describe, expect, it, vi } from 'vitest';
import type { PanelIntent } from '@/lib/shared/store/storage';
import { MENU_ENTRIES, MENU_PAGE, MENU_SELECTION, onMenuClick } from './context-menu';

function deps() {
  const calls: string[] = [];
  return {
    calls,
    openPanel: vi.fn((windowId: number) => {
      calls.push(`open ${windowId}`);
      return Promise.resolve();
    }),
    setIntent: vi.fn((intent: PanelIntent) => {
      calls.push(`intent ${intent.tabId}`);
      return Promise.resolve();
    }),
    now: () => 42,
  };
}

describe('context menu', () => {
  it('has an entry for a selection and one for the page, named as the user reads them', () => {
    expect(MENU_ENTRIES.map((e) => [e.title, e.contexts[0]])).toEqual([
      ['Ask Cited Tabs about the selection', 'selection'],
      ['Ask Cited Tabs about this page', 'page'],
    ]);
  });

  it('opens the panel first, within the click, then leaves the selection for it', async () => {
    const d = deps();
    const done = onMenuClick(
      { menuItemId: MENU_SELECTION, selectionText: '  Adult tickets cost 12 euros. ' },
      { id: 7, windowId: 3 },
      d,
    );
    // Synchronously, before anything was awaited: the browser honours the gesture only then.
    expect(d.calls[0]).toBe('open 3');
    await done;
    expect(d.setIntent).toHaveBeenCalledWith({ windowId: 3, tabId: 7, at: 42, selection: 'Adult tickets cost 12 euros.' });
  });

  it('about this page: the panel opens for the tab, without a selection', async () => {
    const d = deps();
    await onMenuClick({ menuItemId: MENU_PAGE }, { id: 7, windowId: 3 }, d);
    expect(d.setIntent).toHaveBeenCalledWith({ windowId: 3, tabId: 7, at: 42 });
  });

  it('ignores other entries and clicks without a tab', async () => {
    const d = deps();
    await onMenuClick({ menuItemId: 'other' }, { id: 7, windowId: 3 }, d);
    await onMenuClick({ menuItemId: MENU_PAGE }, undefined, d);
    expect(d.calls).toEqual([]);
  });

  it('still records the intent when the browser refuses to open the panel', async () => {
    const d = deps();
    d.openPanel.mockImplementationOnce(() => Promise.reject(new Error('no gesture')));
    await onMenuClick({ menuItemId: MENU_PAGE }, { id: 7, windowId: 3 }, d);
    expect(d.setIntent).toHaveBeenCalled();
  });
});
