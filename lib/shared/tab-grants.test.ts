import { describe, expect, it } from 'vitest';
import { addGrant, dropGrant, hasGrant, MAX_TAB_GRANTS } from './tab-grants';

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
