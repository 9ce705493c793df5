import { describe, expect, it } from 'vitest';
import { canReadTab } from './tab-access';

describe('whether the browser lets us read a tab', () => {
  it('is yes when the one-line probe runs in the tab', async () => {
    expect(await canReadTab(async () => [{ result: true }])).toBe(true);
  });

  it('is no when the browser refuses the injection (no access to the site)', async () => {
    expect(await canReadTab(() => Promise.reject(new Error('Missing host permission for the tab')))).toBe(false);
  });

  it('is no when the page is too busy to run it in time: the panel asks, as it would without the probe', async () => {
    expect(await canReadTab(() => new Promise(() => {}), 20)).toBe(false);
  });
});
