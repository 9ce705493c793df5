import { describe, expect, it } from 'vitest';
import { startMessagesApi, type MessagesApi, type RecordedRequest } from '../support/stand-in/messages-api';
import { answerReply, answerText, ask, indexOf, openFixture, openPopup, useHarness, type Harness } from '../support/harness';
import { chooseServer } from '../support/server-options';

/**
 * Ollama as it ships refuses any request whose Origin is an extension's. In Chrome the user who
 * chooses a server on this computer is asked for one more optional permission (Chrome shows no
 * warning for it) and the extension's own requests to that server then carry the server's own
 * Origin, by a session `declarativeNetRequest` rule (lib/shared/local-origin-rule.ts): asking
 * works with no change to Ollama. Headless Chromium cannot answer the permission prompt, so the
 * grant is one the browser keeps across an update (see launchWithAllSites), after which
 * `permissions.request` answers yes without a prompt, as after the user's yes.
 */

let h: Harness;
useHarness((x) => (h = x), { granted: ['declarativeNetRequestWithHostAccess'] });

const QUOTE = 'The City Museum opens at 9 a.m. and closes at 6 p.m.';

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
      const page = await openFixture(h, 'museum-hours.html');
      api.enqueue((req: RecordedRequest) =>
        answerReply([{ text: 'It opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: QUOTE }] }]),
      );
      const popup = await openPopup(h, page);
      await ask(popup, 'When does the museum open?');
      expect(await answerText(popup)).toContain('It opens at 9 a.m.');
      const call = api.requests.find((r) => r.method === 'POST' && r.path === '/v1/messages')!;
      expect(call.headers['origin']).toBe(new URL(api.url).origin);
    } finally {
      await api.close();
    }
  });
});
