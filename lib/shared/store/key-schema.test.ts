/**
 * The keys' move from the one record of version 1 to a key per origin, on samples of what today's
 * build stores (the IndexedDB record and the settings beside it): nothing lost, nothing confirmed
 * that was not.
 */
import { describe, expect, it } from 'vitest';
import { MAX_KEY_LENGTH, checkedKeys, keysFromV1 } from './key-schema';
import { readKeyStore } from './api-key';
import { readBackup } from './backup';
import { parseStoredSettings } from './settings-schema';
import { DEFAULT_SETTINGS } from './settings';
import { keyFor, keyVerdict } from './key-destination';
import { bringUpToDate } from './store-versions';
import sample from './samples/keys-v1.json';

/** Version 1 as the start-up reads it: the record, and the base URL saved beside it. */
const v1 = (s: (typeof sample)['confirmed']) => ({ record: s.idb.apiKey, baseURL: s.storageLocal.settings.baseURL });

describe('keys of version 1 brought to version 2', () => {
  it('a confirmed key lands under the origin it was confirmed for, confirmed, and still goes there', () => {
    const moved = bringUpToDate('keys', v1(sample.confirmed), 1);
    expect(moved).toEqual({
      kind: 'current',
      from: 1,
      value: { 'https://api.anthropic.com': { key: 'sk-ant-api03-sample-confirmed', confirmed: true } },
    });
    const keys = moved.kind === 'current' ? checkedKeys(moved.value) : {};
    expect(keyFor({ server: 'anthropic', baseURL: 'https://api.anthropic.com' }, keys)).toBe('sk-ant-api03-sample-confirmed');
  });

  it('an unconfirmed key is kept under the base URL’s origin, still unconfirmed: nothing is sent', () => {
    const moved = bringUpToDate('keys', v1(sample.unconfirmed), 1);
    expect(moved.kind === 'current' && moved.value).toEqual({
      'https://api.openai.com': { key: 'sk-proj-sample-unconfirmed', confirmed: false },
    });
    const keys = moved.kind === 'current' ? checkedKeys(moved.value) : {};
    expect(keyVerdict({ server: 'openai', baseURL: 'https://api.openai.com/v1' }, keys)).toBe('unconfirmed');
  });

  it('a key confirmed for the API while a local server was chosen stays with the API, not the local server', () => {
    const moved = bringUpToDate('keys', v1(sample.confirmedElsewhere), 1);
    expect(moved.kind === 'current' && moved.value).toEqual({
      'https://api.anthropic.com': { key: 'sk-ant-api03-sample-elsewhere', confirmed: true },
    });
  });

  it('no record or an empty key: no keys; a record that does not read stops the step, changing nothing', () => {
    expect(keysFromV1({ record: undefined, baseURL: 'https://api.anthropic.com' })).toEqual({});
    expect(keysFromV1({ record: { key: '', origin: '' }, baseURL: 'https://api.anthropic.com' })).toEqual({});
    expect(bringUpToDate('keys', { record: { key: 42 }, baseURL: '' }, 1)).toMatchObject({ kind: 'failed', version: 1 });
    // An "origin" that is not one (written by hand) is no confirmation.
    expect(keysFromV1({ record: { key: 'k', origin: 'https://x.example/path' }, baseURL: 'https://x.example' })).toEqual({
      'https://x.example': { key: 'k', confirmed: false },
    });
  });

  it('a version newer than this build is kept as it is', () => {
    expect(bringUpToDate('keys', {}, 3)).toEqual({ kind: 'newer', version: 3 });
  });
});

describe('keys of any length a server takes (issue #44, item 7)', () => {
  // A gateway's token: a JWT of a few kB.
  const token = `eyJ${'a'.repeat(4000)}.${'b'.repeat(4000)}.${'c'.repeat(500)}`;
  const store = (byOrigin: unknown, version: unknown = 2) => ({ version, byOrigin });

  it('a key of 8 kB, and one of 16 kB, read with the others beside them', () => {
    const keys = {
      'https://gateway.example': { key: token, confirmed: true },
      'https://api.anthropic.com': { key: 'sk-ant-short', confirmed: true },
      'https://big.example': { key: 'k'.repeat(MAX_KEY_LENGTH), confirmed: false },
    };
    expect(readKeyStore(store(keys))).toEqual({ keys, unreadable: null });
    expect(keyFor({ server: 'other', baseURL: 'https://gateway.example/v1' }, readKeyStore(store(keys)).keys)).toBe(token);
  });

  it('a store that does not read gives no key, and says why (never an empty store as if there were none)', () => {
    const tooLong = store({ 'https://api.anthropic.com': { key: 'k'.repeat(MAX_KEY_LENGTH + 1), confirmed: true } });
    expect(readKeyStore(tooLong).keys).toEqual({});
    expect(readKeyStore(tooLong).unreadable).toContain('does not read as version 2: https://api.anthropic.com.key');
    expect(readKeyStore(store({}, 3))).toEqual({ keys: {}, unreadable: 'version 3' });
    expect(readKeyStore('garbage').unreadable).not.toBeNull();
    expect(readKeyStore(undefined)).toEqual({ keys: {}, unreadable: null });
  });

  it('a long key moves from version 1, from the settings of the builds before, and from a backup file', () => {
    expect(keysFromV1({ record: { key: token, origin: 'https://gateway.example' }, baseURL: '' })).toEqual({
      'https://gateway.example': { key: token, confirmed: true },
    });
    const budget = { min: 1000, max: 60_000 };
    expect(parseStoredSettings({ apiKey: token }, DEFAULT_SETTINGS, budget).legacyKey).toBe(token);
    const file = { format: 'cited-tabs-backup', version: 1, exportedAt: 1, history: { version: 2, entries: [] }, settings: {} };
    const read = readBackup(JSON.stringify({ ...file, key: { key: token, origin: 'https://gateway.example' } }));
    expect(read.ok && read.backup.keys).toEqual({ 'https://gateway.example': { key: token, confirmed: true } });
    expect(checkedKeys({ 'https://gateway.example': { key: token, confirmed: true } })).toBeTruthy();
  });
});
