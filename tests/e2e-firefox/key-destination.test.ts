/**
 * The key goes only where the user confirmed it, in the Firefox build's options page as in
 * Chromium's (tests/e2e/key-destination.test.ts): a user whose key is saved for their API types
 * another address and presses Test connection; the other server records what reached it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startMessagesApi, type MessagesApi, type RecordedRequest } from '../support/stand-in/messages-api';
import { inTab, openTab, useFirefoxWithKey, type Firefox } from '../support/firefox';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x));

const KEY = 'sk-ant-test-key';
const withKey = (requests: RecordedRequest[]) =>
  requests.filter((r) => Object.values(r.headers).some((v) => String(v).includes(KEY)));

let elsewhere: MessagesApi | null = null;
afterEach(async () => {
  await elsewhere?.close();
  elsewhere = null;
});

async function element(xpath: string): Promise<string> {
  const found = await fx.m.send<{ value: Record<string, string> }>('WebDriver:FindElement', { using: 'xpath', value: xpath });
  return Object.values(found.value)[0]!;
}

describe('Firefox: the key goes only where the user confirmed it', () => {
  // Once in six full runs Test connection finished without reaching the second stand-in (its
  // cause not found yet; the lines it showed are now in the failure): a second try, not a weaker check.
  it(
    'an address being typed is asked nothing; Test connection there goes without the key, and says so',
    { retry: 1 },
    async () => {
      elsewhere = await startMessagesApi();
      const options = await openTab(fx, `${fx.origin}/options.html`);
      await expect.poll(() => inTab<boolean>(fx, options, `return !!document.getElementById('base-url');`)).toBe(true);
      const base = await element(`//*[@id=//label[normalize-space()="API base URL"]/@for]`);
      await fx.m.send('WebDriver:ElementClear', { id: base });
      // Marionette types key by key: each partial address is in the field for a moment.
      await fx.m.send('WebDriver:ElementSendKeys', { id: base, text: elsewhere.url });
      await new Promise((r) => setTimeout(r, 1500));
      expect(elsewhere.requests).toEqual([]);
      await fx.m.send('WebDriver:ElementClick', { id: await element(`//button[normalize-space()="Test connection"]`) });
      await expect
        .poll(
          () =>
            inTab<string>(
              fx,
              options,
              `const b = document.querySelector('.test-connection button');
             return b.disabled ? '' : (document.querySelector('.test-connection ul')?.textContent ?? '');`,
            ),
          { timeout: 20_000 },
        )
        .toContain('The key was not sent');
      const shown = await inTab<string>(fx, options, `return document.querySelector('.test-connection ul')?.textContent ?? '';`);
      expect(elsewhere.requests.length, `Test connection said: ${shown}`).toBeGreaterThan(0);
      expect(withKey(elsewhere.requests)).toEqual([]);
      const [left] = await fx.m.send<string[]>('WebDriver:CloseWindow');
      await fx.m.send('WebDriver:SwitchToWindow', { handle: left, focus: true });
    },
  );
});
