/**
 * Stored settings checked on load. Whatever is in `storage.local` may come from an older
 * version, a bug, or anything else that can write there: each field is checked on its own and a
 * bad one falls back to its default without losing the others. The base URL must be one the key
 * may go to (lib/shared/store/api-key.ts). Fields this schema does not know are kept as they are.
 */
import * as z from 'zod/mini';
import { baseUrlProblem } from '@/lib/shared/servers/base-url';
import { MAX_KEY_LENGTH } from './key-schema';
import { MAX_LOCAL_TIMEOUT_S, MAX_QUOTE_LENGTH, MIN_LOCAL_TIMEOUT_S, MIN_QUOTE_LENGTH, type Settings } from './settings';
import { apiFor, kindOfBaseURL, SERVER_KINDS } from '@/lib/shared/servers/servers';

/** Every setting but the key, which has its own store (lib/shared/store/api-key.ts). */
export type SettingsDefaults = Omit<Settings, 'apiKey'>;

export const MAX_MODEL_NAME = 200;
export const MAX_BASE_URL = 2000;

// zod/mini: the screens load settings too, and its functions leave out what they do not use.
export function storedSettingsSchema(d: SettingsDefaults, budget: { min: number; max: number }) {
  const modelName = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_MODEL_NAME));
  return z.looseObject({
    model: z.catch(modelName, d.model),
    baseURL: z.catch(
      z.pipe(
        z.string().check(
          z.trim(),
          z.maxLength(MAX_BASE_URL),
          z.refine((u) => baseUrlProblem(u) === null),
        ),
        z.transform((u) => u.replace(/\/+$/, '')),
      ),
      d.baseURL,
    ),
    /** Absent in older versions' settings: then the kind the base URL stands for. */
    server: z.catch(z.optional(z.enum(SERVER_KINDS)), undefined),
    /** Absent in older versions' settings: then the server's own API (Messages, for every server they knew). */
    api: z.catch(z.optional(z.enum(['messages', 'chat'])), undefined),
    localTimeoutS: z.catch(z.int().check(z.gte(MIN_LOCAL_TIMEOUT_S), z.lte(MAX_LOCAL_TIMEOUT_S)), d.localTimeoutS),
    minQuoteLength: z.catch(z.int().check(z.gte(MIN_QUOTE_LENGTH), z.lte(MAX_QUOTE_LENGTH)), d.minQuoteLength),
    citationMode: z.catch(z.enum(['structured', 'native']), d.citationMode),
    judge: z.catch(z.enum(['auto', 'off', 'mark', 'drop']), d.judge),
    judgeModel: z.catch(modelName, d.judgeModel),
    fragmentBudget: z.catch(z.number().check(z.gte(budget.min), z.lte(budget.max)), d.fragmentBudget),
    reviewBeforeSending: z.catch(z.boolean(), d.reviewBeforeSending),
    /** Where versions before this one kept the key: moved out on first load. */
    apiKey: z.catch(z.optional(z.string().check(z.maxLength(MAX_KEY_LENGTH))), undefined),
  });
}

/** Stored settings, checked; `legacyKey` is a key an older version left in them. */
export function parseStoredSettings(
  raw: unknown,
  d: SettingsDefaults,
  budget: { min: number; max: number },
): { settings: SettingsDefaults & Record<string, unknown>; legacyKey: string | null; legacyBaseURL: string | null } {
  const input = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const { apiKey, server, api, ...checked } = storedSettingsSchema(d, budget).parse(input);
  const kind = server ?? kindOfBaseURL(checked.baseURL);
  const settings = { ...checked, server: kind, api: apiFor(kind, api) };
  const legacyKey = apiKey?.trim() ? apiKey.trim() : null;
  const legacyBaseURL = typeof input.baseURL === 'string' ? input.baseURL.trim().replace(/\/+$/, '') : null;
  return { settings, legacyKey, legacyBaseURL };
}
