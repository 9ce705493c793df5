/**
 * The transport a question's server speaks: the Messages API (./claude.ts) or Chat Completions
 * (./chat-completions.ts), chosen by the settings' `api` (lib/shared/servers/servers.ts `apiFor`). Both
 * give the pipeline the same `ModelCall`; what differs stays inside each.
 */
import { modelIdFor, PRESETS, type ServerApi, type ServerKind } from '@/lib/shared/servers/servers';
import type { CallOptions, ModelCall, ModelRequest } from './call';
import { chatCall } from './chat-completions';
import { claudeCall, type ClaudeSettings } from './claude';

export interface TransportSettings extends ClaudeSettings {
  /** Absent: the Messages API, as before there was another. */
  api?: ServerApi;
  server?: ServerKind;
}

export function modelCall(settings: TransportSettings, request: ModelRequest, options: CallOptions = {}): ModelCall {
  if (settings.api !== 'chat') return claudeCall(settings, request, options);
  const tokenLimit = settings.server ? PRESETS[settings.server].tokenLimit : undefined;
  // The id as the chat route takes it: a model picked or typed as Gemini's list names it is asked bare.
  const model = modelIdFor(settings.server ?? 'chat-other', settings.baseURL, settings.model);
  return chatCall({ ...settings, model, ...(tokenLimit ? { tokenLimit } : {}) }, request, options);
}
