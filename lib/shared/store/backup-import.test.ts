/** A backup's settings and keys: what they may change, and what waits for the user (issue #44, item 4). */
import { describe, expect, it } from 'vitest';
import { keysConfirmedFor, planSettingsImport } from './backup-import';
import { keyVerdict } from './key-destination';
import type { SavedKeys } from './key-schema';

const ANTHROPIC = 'https://api.anthropic.com';
const mine: SavedKeys = { [ANTHROPIC]: { key: 'sk-ant-mine', confirmed: true } };
const here = { target: { server: 'anthropic' as const, baseURL: ANTHROPIC }, keys: mine };
const evil = { server: 'other' as const, baseURL: 'https://evil.example/v1' };

describe('importing a backup’s settings and keys', () => {
  it('a file that moves the server asks first, showing the address, even when it brings no key', () => {
    const plan = planSettingsImport(here, { target: evil });
    expect(plan.question).toEqual({ origin: 'https://evil.example', withKey: false, keptAt: '' });
    expect(plan.keys).toEqual(mine);
  });

  it('a key the file says is confirmed is not: it waits for the question, and only then may go', () => {
    const file = { target: evil, keys: { 'https://evil.example': { key: 'sk-evil', confirmed: true } } };
    const plan = planSettingsImport(here, file);
    expect(plan.question).toEqual({ origin: 'https://evil.example', withKey: true, keptAt: '' });
    expect(plan.keys['https://evil.example']).toEqual({ key: 'sk-evil', confirmed: false });
    expect(keyVerdict(evil, plan.keys)).toBe('unconfirmed');
    expect(keyVerdict(evil, keysConfirmedFor(evil, plan.keys))).toBe('send');
  });

  it('the question names where the same key already goes (Save’s words)', () => {
    const file = { target: evil, keys: { 'https://evil.example': { key: 'sk-ant-mine', confirmed: true } } };
    expect(planSettingsImport(here, file).question?.keptAt).toBe(ANTHROPIC);
  });

  it('a key for an origin that has another key here never replaces it unless the user ticks it', () => {
    const file = { target: here.target, keys: { [ANTHROPIC]: { key: 'sk-ant-file', confirmed: true } } };
    const kept = planSettingsImport(here, file);
    expect(kept.differing).toEqual([ANTHROPIC]);
    expect(kept.keys[ANTHROPIC]).toEqual({ key: 'sk-ant-mine', confirmed: true });
    expect(kept.question).toBeNull();
    const replaced = planSettingsImport(here, file, [ANTHROPIC]);
    expect(replaced.keys[ANTHROPIC]).toEqual({ key: 'sk-ant-file', confirmed: true });
  });

  it('keys for other servers join unconfirmed; the same settings and the same key change nothing and ask nothing', () => {
    const file = {
      target: here.target,
      keys: { ...mine, 'https://api.openai.com': { key: 'sk-proj', confirmed: true } },
    };
    const plan = planSettingsImport(here, file);
    expect(plan.question).toBeNull();
    expect(plan.differing).toEqual([]);
    expect(plan.keys).toEqual({ ...mine, 'https://api.openai.com': { key: 'sk-proj', confirmed: false } });
  });

  it('a key from the file for the address in use, none here, waits for the question too', () => {
    const openai = { server: 'openai' as const, baseURL: 'https://api.openai.com/v1' };
    const plan = planSettingsImport(
      { target: openai, keys: {} },
      { target: openai, keys: { 'https://api.openai.com': { key: 'k', confirmed: true } } },
    );
    expect(plan.question).toEqual({ origin: 'https://api.openai.com', withKey: true, keptAt: '' });
  });

  it('a server on this computer is asked about too (questions go there), and its key is never confirmed', () => {
    const local = { server: 'ollama' as const, baseURL: 'http://localhost:11434' };
    const plan = planSettingsImport(here, { target: local, keys: { 'http://localhost:11434': { key: 'x', confirmed: true } } });
    expect(plan.question).toEqual({ origin: 'http://localhost:11434', withKey: false, keptAt: '' });
    expect(keysConfirmedFor(local, plan.keys)['http://localhost:11434']?.confirmed).toBe(false);
  });

  it('a key under a name that is no server’s origin is left out (never a prototype, never a path)', () => {
    const raw = JSON.parse(
      '{"__proto__": {"key": "sk-proto", "confirmed": true}, "https://evil.example/v1": {"key": "sk-path", "confirmed": true}, "javascript:x": {"key": "sk-js", "confirmed": true}}',
    ) as SavedKeys;
    const plan = planSettingsImport(here, { target: here.target, keys: raw });
    expect(plan.keys).toEqual(mine);
    expect(Object.getPrototypeOf(plan.keys)).toBe(Object.prototype);
    expect(plan.question).toBeNull();
  });
});
