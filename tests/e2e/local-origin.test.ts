import { describe, expect, it } from 'vitest';
import { startMessagesApi, type MessagesApi, type RecordedRequest } from '../support/stand-in/messages-api';
import { answerText, ask } from '../support/popup-page';
import { answerReply } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';
import { chooseServer } from '../support/server-options';
import { opensAtNine } from '../support/facts';

/**
 * Ollama as it ships refuses any request whose Origin is an extension's. In Chrome the user who
 * chooses a server on this computer is asked for one more optional permission (Chrome shows no
 * warning for it) and the extension's own requests to that server then carry the server's own
 * Origin, by a session `declarativeNetRequest` rule (lib/shared/access/local-origin-rule.ts): asking
 * works with no change to Ollama. Headless Chromium cannot answer the permission prompt, so the
 * grant is one the browser keeps across an update (see launchWithAllSites), after which
 * `permissions.request` answers yes without a prompt, as after the user's yes.
 */

const h = useExtension({ granted: ['declarativeNetRequestWithHostAccess'] });

describe('a server on this computer that refuses extensions, reached with its own Origin', () => {
  let api: MessagesApi | null = null;

  it('Ollama as shipped answers, its request carrying its own Origin and no extension’s', async () => {
    api = await startMessagesApi({ local: { kind: 'ollama', models: ['llama3.2:3b'] } });
    try {
      const options = await chooseServer(h, 'Ollama, on this computer', api, 'llama3.2:3b');
      await options.close();
      const rules = await h.worker.evaluate(() => chrome.declarativeNetRequest.getSessionRules());
      // One rule, for the server the user chose and only the extension's own requests.
      expect(rules).toHaveLength(1);
      expect(rules[0]!.condition.urlFilter).toBe(`|${new URL(api.url).origin}/`);
      expect(rules[0]!.condition.initiatorDomains).toEqual([await h.worker.evaluate(() => chrome.runtime.id)]);
      const page = await h.open('museum-hours.html');
      api.enqueue((req: RecordedRequest) => answerReply([opensAtNine(req)]));
      const popup = await h.popup(page);
      await ask(popup, 'When does the museum open?');
      expect(await answerText(popup)).toContain('It opens at 9 a.m.');
      const call = api.requests.find((r) => r.method === 'POST' && r.path === '/v1/messages')!;
      expect(call.headers['origin']).toBe(new URL(api.url).origin);
    } finally {
      await api.close();
    }
  });

  it('the Origin rule goes when another server is chosen, and when a question goes to another server', async () => {
    api = await startMessagesApi({ local: { kind: 'ollama', models: ['llama3.2:3b'] } });
    const rules = () => h.worker.evaluate(() => chrome.declarativeNetRequest.getSessionRules());
    try {
      const options = await chooseServer(h, 'Ollama, on this computer', api, 'llama3.2:3b');
      expect(await rules()).toHaveLength(1);
      // The user goes back to Anthropic's API: no request keeps the local server's Origin.
      const select = await options.waitForSelector('::-p-aria(Server[role="combobox"])');
      await select!.focus();
      for (let i = 0; i < 5 && (await options.$eval('#server', (s) => (s as HTMLSelectElement).value)) !== 'anthropic'; i++)
        await options.keyboard.press('ArrowUp');
      await expect.poll(rules, { timeout: 5000 }).toEqual([]);
      await options.close();
      // Chosen again, then the settings changed elsewhere (another profile's sync, an older
      // options page): the next question to the API takes the rule away before it goes.
      (await chooseServer(h, 'Ollama, on this computer', api, 'llama3.2:3b')).close();
      expect(await rules()).toHaveLength(1);
      await h.standIn();
      const page = await h.open('museum-hours.html');
      h.api.enqueue((req: RecordedRequest) => answerReply([opensAtNine(req)]));
      const popup = await h.popup(page);
      await ask(popup, 'When does the museum open?');
      expect(await answerText(popup)).toContain('It opens at 9 a.m.');
      expect(await rules()).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
