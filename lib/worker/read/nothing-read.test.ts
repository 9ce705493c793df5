import { describe, expect, it } from 'vitest';
import { nothingRead } from './nothing-read';

describe('nothingRead', () => {
  it('gives the reason each tab was not read, and never says "not found"', () => {
    const scan = { tabId: 1, title: 'Scanned letter', url: 'https://example.com/scan.pdf', reason: 'The PDF has no text layer.' };
    const one = nothingRead([scan]);
    expect(one.kind).toBe('unreadable');
    expect(one.message).toBe('The tab could not be read, so Claude was not asked. Scanned letter: The PDF has no text layer.');
    const two = nothingRead([scan, { tabId: 2, title: '', url: 'chrome://settings', reason: 'Browser pages cannot be read.' }]);
    expect(two.message).toContain('None of the 2 tabs could be read');
    expect(two.message).toContain('chrome://settings: Browser pages cannot be read.');
    expect(two.message).not.toMatch(/not found/i);
  });
});
