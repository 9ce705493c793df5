/** The known servers: which addresses are this computer, which kind a stored URL is, which answer path. */
import { describe, expect, it } from 'vitest';
import {
  answerPathFor,
  apiFor,
  chatURL,
  isLocalServer,
  isLoopback,
  kindOfBaseURL,
  modelFromList,
  modelIdFor,
  modelOnChoice,
  originPattern,
  PRESETS,
} from './servers';

describe('servers', () => {
  it('knows this computer by localhost, 127.0.0.1 and [::1] only', () => {
    expect(isLoopback('http://localhost:11434')).toBe(true);
    expect(isLoopback('http://127.0.0.1:1234/v1')).toBe(true);
    expect(isLoopback('http://[::1]:8080')).toBe(true);
    expect(isLoopback('http://192.168.1.5:11434')).toBe(false);
    expect(isLoopback('https://localhost.example.com')).toBe(false);
    expect(isLoopback('not a url')).toBe(false);
  });

  it('takes a local preset on this computer for a local server, and any other endpoint for the API it stands for', () => {
    expect(isLocalServer({ server: 'ollama', baseURL: 'http://localhost:11434' })).toBe(true);
    expect(isLocalServer({ server: 'lmstudio', baseURL: 'http://127.0.0.1:5555' })).toBe(true);
    // A local preset pointed at another computer needs what any remote server needs.
    expect(isLocalServer({ server: 'llamacpp', baseURL: 'http://192.168.1.5:8080' })).toBe(false);
    // Any other Messages endpoint, even on loopback, keeps the key and the API's pace.
    expect(isLocalServer({ server: 'other', baseURL: 'http://127.0.0.1:8787' })).toBe(false);
    expect(isLocalServer({ server: 'anthropic', baseURL: 'https://api.anthropic.com' })).toBe(false);
  });

  it('reads the kind of an older version’s base URL from its address', () => {
    expect(kindOfBaseURL('https://api.anthropic.com/')).toBe('anthropic');
    expect(kindOfBaseURL('http://localhost:11434')).toBe('ollama');
    expect(kindOfBaseURL('http://localhost:1234')).toBe('lmstudio');
    expect(kindOfBaseURL('http://localhost:8080')).toBe('llamacpp');
    expect(kindOfBaseURL('https://proxy.example.com')).toBe('other');
  });

  it('asks local servers for JSON in the prompt unless one was seen to honour structured output', () => {
    expect(answerPathFor('anthropic', undefined)).toBe('structured');
    expect(answerPathFor('ollama', undefined)).toBe('prompt');
    expect(answerPathFor('llamacpp', { answerPath: 'structured' })).toBe('structured');
    expect(answerPathFor('other', { answerPath: 'prompt' })).toBe('prompt');
  });

  it('a model that refused json_schema there is asked in the prompt; the server’s other models as the server', () => {
    const facts = { modelPaths: { 'llama-3.1-8b-instant': 'prompt' as const } };
    expect(answerPathFor('groq', facts, 'llama-3.1-8b-instant')).toBe('prompt');
    expect(answerPathFor('groq', facts, 'openai/gpt-oss-120b')).toBe('structured');
    expect(answerPathFor('groq', facts, 'constructor')).toBe('structured');
  });

  it('takes Gemini’s models/ off a model id, for its preset or at its address, and nobody else’s', () => {
    expect(modelIdFor('gemini', PRESETS.gemini.baseURL, 'models/gemini-2.5-flash')).toBe('gemini-2.5-flash');
    expect(modelIdFor('chat-other', `${PRESETS.gemini.baseURL}/`, 'models/gemini-2.5-pro')).toBe('gemini-2.5-pro');
    expect(modelIdFor('gemini', PRESETS.gemini.baseURL, 'gemini-2.5-flash')).toBe('gemini-2.5-flash');
    // A vLLM server whose model is named by its path keeps it.
    expect(modelIdFor('chat-other', 'https://vllm.corp.example/v1', 'models/qwen3')).toBe('models/qwen3');
  });

  it('asks for the local host without its port (match patterns ignore it)', () => {
    expect(originPattern('http://localhost:11434')).toBe('http://localhost/*');
    expect(originPattern('http://[::1]:8080/')).toBe('http://[::1]/*');
  });
});

describe('Chat Completions addresses', () => {
  it('puts a route under the base URL’s path, or under /v1 when it has none', () => {
    expect(chatURL('https://api.openai.com/v1', 'chat/completions')).toBe('https://api.openai.com/v1/chat/completions');
    expect(chatURL('https://generativelanguage.googleapis.com/v1beta/openai/', 'models')).toBe(
      'https://generativelanguage.googleapis.com/v1beta/openai/models',
    );
    expect(chatURL('http://localhost:11434', 'chat/completions')).toBe('http://localhost:11434/v1/chat/completions');
  });

  it('takes each preset’s address for its kind, and never the empty address of “any endpoint”', () => {
    expect(kindOfBaseURL('https://api.groq.com/openai/v1')).toBe('groq');
    expect(kindOfBaseURL('https://llm.example.com/v1')).toBe('other');
    expect(apiFor('openai', 'messages')).toBe('chat');
    expect(apiFor('ollama', 'chat')).toBe('chat');
    expect(apiFor('anthropic', 'chat')).toBe('messages');
  });

  it('choosing a server sets a model that server has: its own, none for Ollama until it lists, never a Claude model there', () => {
    expect(modelOnChoice('openai', 'claude-sonnet-5-5')).toBe('gpt-5-mini');
    expect(modelOnChoice('anthropic', 'gpt-5-mini')).toBe('claude-sonnet-5-5');
    expect(modelOnChoice('ollama', 'claude-sonnet-5-5')).toBe('');
    expect(modelOnChoice('lmstudio', 'gpt-5-mini')).toBe('');
    // Any other endpoint may serve the model typed; its list needs the key confirmed first.
    expect(modelOnChoice('other', 'my-proxy-model')).toBe('my-proxy-model');
  });

  it('once the server lists its models, a model it does not have is replaced: the preset’s if listed, else the first', () => {
    expect(modelFromList('ollama', '', ['llama3.2:3b', 'qwen3:8b'])).toBe('llama3.2:3b');
    expect(modelFromList('ollama', 'claude-sonnet-5-5', ['llama3.2:3b', 'qwen3:8b'])).toBe('llama3.2:3b');
    expect(modelFromList('ollama', 'qwen3:8b', ['llama3.2:3b', 'qwen3:8b'])).toBe('qwen3:8b');
    expect(modelFromList('openai', 'claude-sonnet-5-5', ['gpt-4.1', 'gpt-5-mini'])).toBe('gpt-5-mini');
    expect(modelFromList('openai', 'gpt-4.1', ['gpt-4.1', 'gpt-5-mini'])).toBe('gpt-4.1');
    // Nothing listed (the server did not answer): the field is left as it is.
    expect(modelFromList('ollama', '', [])).toBe('');
  });
});
