/** The Origin rule: only the extension's own requests, only to the chosen server's exact origin. */
import { describe, expect, it } from 'vitest';
import { originRule } from './local-origin-rule';

describe('originRule', () => {
  it('sets the server’s own origin on requests the extension starts to that origin only', () => {
    const rule = originRule('http://localhost:11434/', 'abcdefghijklmnopabcdefghijklmnop');
    expect(rule.action).toEqual({
      type: 'modifyHeaders',
      requestHeaders: [{ header: 'origin', operation: 'set', value: 'http://localhost:11434' }],
    });
    expect(rule.condition.initiatorDomains).toEqual(['abcdefghijklmnopabcdefghijklmnop']);
    // The port is part of the filter: another server on this computer is not touched.
    expect(rule.condition.urlFilter).toBe('|http://localhost:11434/');
  });
});
