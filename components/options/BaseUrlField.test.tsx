// @vitest-environment happy-dom
/** The base URL's hint names the API the chosen server is asked through. */
import { describe, expect, it, vi } from 'vitest';
import type { ServerApi, ServerKind } from '@/lib/shared/servers/servers';
import { mount } from '../../tests/support/mount';
import { BaseUrlField } from './BaseUrlField';
import type { SettingsDraft } from './use-settings-draft';

const hintFor = (server: ServerKind, api?: ServerApi) => {
  const form = { draft: { server, api, baseURL: '' }, set: vi.fn() } as unknown as SettingsDraft;
  return mount(<BaseUrlField form={form} />).querySelector('#base-url-hint')!.textContent;
};

describe('BaseUrlField', () => {
  it('says Chat Completions for an OpenAI-compatible endpoint, the Messages API for the others', () => {
    expect(hintFor('chat-other')).toContain('OpenAI Chat Completions API');
    expect(hintFor('other')).toContain('Anthropic Messages API');
    // A local server asked through the API chosen for it.
    expect(hintFor('ollama', 'chat')).toContain('OpenAI Chat Completions API');
    expect(hintFor('ollama', 'messages')).toContain('Anthropic Messages API');
  });
});
