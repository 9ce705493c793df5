import { describe, expect, it } from 'vitest';
import { ALL_SITES, accessNeeded, confirmedNeed, covers, originPattern } from '@/lib/shared/access/site-access';

const API = 'https://api.anthropic.com/*';
const base = { urls: [] as string[], granted: [API], activeTabGranted: true };

describe('which host access a question needs', () => {
  it('"This tab" in the popup goes through activeTab alone: nothing is asked', () => {
    expect(accessNeeded({ ...base, scope: 'tab', urls: ['https://news.example/a'] })).toBeNull();
  });

  it('"All tabs in this window" asks for every site, with the reason, until it is granted', () => {
    const need = accessNeeded({ ...base, scope: 'window', urls: ['https://a.example/', 'https://b.example/'] });
    expect(need?.origins).toEqual([ALL_SITES]);
    expect(need?.reason).toBe('window');
    expect(accessNeeded({ ...base, scope: 'window', granted: [API, ALL_SITES] })).toBeNull();
  });

  it('the API host alone does not count as access to the window’s tabs', () => {
    expect(accessNeeded({ ...base, scope: 'window', granted: [API] })).not.toBeNull();
  });

  it('"Choose tabs" asks only for the chosen tabs’ sites it lacks, each once', () => {
    const need = accessNeeded({
      ...base,
      scope: 'tabs',
      urls: ['https://a.example/one', 'https://a.example/two', 'http://b.example:8080/x', 'https://c.example/'],
      granted: [API, 'https://c.example/*'],
    });
    expect(need?.origins).toEqual(['https://a.example/*', 'http://b.example/*']);
    expect(need).toMatchObject({ reason: 'chosen', count: 4 });
    expect(accessNeeded({ ...base, scope: 'tabs', urls: ['https://a.example/'], granted: [ALL_SITES] })).toBeNull();
  });

  it('the side panel’s "This tab" asks for that tab’s site unless the browser granted the tab', () => {
    const q = { ...base, scope: 'tab' as const, urls: ['https://d.example/page'] };
    expect(accessNeeded({ ...q, activeTabGranted: false })).toMatchObject({ origins: ['https://d.example/*'], reason: 'panel' });
    expect(accessNeeded({ ...q, activeTabGranted: true })).toBeNull();
    expect(accessNeeded({ ...q, activeTabGranted: false, granted: ['*://d.example/*'] })).toBeNull();
  });

  it('pages no permission opens are not asked for (the reading reports them)', () => {
    expect(accessNeeded({ ...base, scope: 'tabs', urls: ['chrome://settings/', 'about:blank'] })).toBeNull();
  });
});

describe('the side panel asks the browser before it asks the user', () => {
  const need = { origins: ['https://d.example/*'], reason: 'panel' as const, count: 1 };

  it('asks nothing when the browser already lets us read the tab (its grant not yet in our records)', async () => {
    const probed: number[] = [];
    const canRead = async (tabId: number) => (probed.push(tabId), true);
    expect(await confirmedNeed(need, 4, canRead)).toBeNull();
    expect(probed).toEqual([4]);
  });

  it('asks for the site when the browser refuses us the tab, or the probe fails', async () => {
    expect(await confirmedNeed(need, 4, async () => false)).toEqual(need);
    expect(await confirmedNeed(need, 4, () => Promise.reject(new Error('no worker')))).toEqual(need);
  });

  it('leaves the other needs alone: all sites for the window, the chosen tabs’ sites', async () => {
    const canRead = async () => true;
    const window = { origins: [ALL_SITES], reason: 'window' as const, count: 2 };
    expect(await confirmedNeed(window, 4, canRead)).toEqual(window);
    const chosen = { origins: ['https://a.example/*'], reason: 'chosen' as const, count: 1 };
    expect(await confirmedNeed(chosen, 4, canRead)).toEqual(chosen);
    expect(await confirmedNeed(null, 4, canRead)).toBeNull();
  });
});

describe('origin patterns', () => {
  it('drop the port, path and credentials of an http(s) address', () => {
    expect(originPattern('https://user:pw@x.example:8443/a?b#c')).toBe('https://x.example/*');
    expect(originPattern('http://127.0.0.1:5555/doc.pdf')).toBe('http://127.0.0.1/*');
    expect(originPattern('file:///tmp/a.html')).toBeNull();
    expect(originPattern('not a url')).toBeNull();
  });

  it('are covered by all sites, by a scheme wildcard or by themselves', () => {
    expect(covers([ALL_SITES], 'https://a.example/*')).toBe(true);
    expect(covers(['*://*/*'], 'http://a.example/*')).toBe(true);
    expect(covers(['*://a.example/*'], 'http://a.example/*')).toBe(true);
    expect(covers(['https://a.example/*'], 'http://a.example/*')).toBe(false);
    expect(covers([API], 'https://a.example/*')).toBe(false);
  });
});
