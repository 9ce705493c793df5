import { describe, expect, it } from 'vitest';
import { addGrant, dropGrant, hasGrant, MAX_TAB_GRANTS, tabsNotGiven } from './tab-grants';
import { accessNeeded } from '@/lib/shared/access/site-access';

describe('the tabs the browser gave us', () => {
  it('a tab given while it showed a page counts for that page, its fragments included, and not for another', () => {
    const grants = addGrant([], 7, 'https://news.example/a#top');
    expect(hasGrant(grants, 7, 'https://news.example/a')).toBe(true);
    expect(hasGrant(grants, 7, 'https://news.example/a#section-2')).toBe(true);
    expect(hasGrant(grants, 7, 'https://news.example/b')).toBe(false);
    expect(hasGrant(grants, 8, 'https://news.example/a')).toBe(false);
  });

  it('a tab given again counts for its new page only; a tab that loaded a page or closed no longer counts', () => {
    let grants = addGrant(addGrant([], 7, 'https://a.example/'), 7, 'https://b.example/');
    expect(grants).toHaveLength(1);
    expect(hasGrant(grants, 7, 'https://a.example/')).toBe(false);
    expect(hasGrant(grants, 7, 'https://b.example/')).toBe(true);
    grants = dropGrant(grants, 7);
    expect(hasGrant(grants, 7, 'https://b.example/')).toBe(false);
  });

  it('keeps the latest grants only', () => {
    let grants = addGrant([], 0, 'https://a.example/');
    for (let id = 1; id <= MAX_TAB_GRANTS; id++) grants = addGrant(grants, id, 'https://a.example/');
    expect(grants).toHaveLength(MAX_TAB_GRANTS);
    expect(hasGrant(grants, 0, 'https://a.example/')).toBe(false);
    expect(hasGrant(grants, MAX_TAB_GRANTS, 'https://a.example/')).toBe(true);
  });
});

describe('"Choose tabs" asks only for the tabs it cannot read', () => {
  const tabs = [
    { id: 1, url: 'https://news.example/a', active: true },
    { id: 2, url: 'https://shop.example/b', active: false },
    { id: 3, url: 'https://docs.example/c', active: false },
  ];
  const need = (activeGiven: boolean, grants = addGrant([], 3, 'https://docs.example/c')) =>
    accessNeeded({
      scope: 'tabs',
      urls: tabsNotGiven(tabs, grants, activeGiven).map((t) => t.url),
      granted: [],
      activeTabGranted: activeGiven,
    });

  it('in the popup: not its own tab, nor a tab given since on the same page; the others’ sites are asked for', () => {
    expect(need(true)).toMatchObject({ origins: ['https://shop.example/*'], reason: 'chosen', count: 1 });
  });

  it('in the side panel the active tab counts only if it was given; a given tab that loaded another page is asked for', () => {
    expect(need(false)?.origins).toEqual(['https://news.example/*', 'https://shop.example/*']);
    expect(need(false, addGrant([], 3, 'https://docs.example/old'))?.origins).toEqual([
      'https://news.example/*',
      'https://shop.example/*',
      'https://docs.example/*',
    ]);
  });

  it('asks nothing when every chosen tab was given', () => {
    expect(need(true, addGrant(addGrant([], 2, 'https://shop.example/b'), 3, 'https://docs.example/c'))).toBeNull();
  });
});
