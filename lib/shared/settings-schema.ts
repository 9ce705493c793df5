/**
 * Stored settings checked on load. Whatever is in `storage.local` may come from an older
 * version, a bug, or anything else that can write there: each field is checked on its own and a
 * bad one falls back to its default without losing the others. The base URL must be one the key
 * may go to (lib/shared/api-key.ts). Fields this schema does not know are kept as they are.
 */
import * as z from 'zod';
import { baseUrlProblem } from './api-key';
import { MAX_LOCAL_TIMEOUT_S, MIN_LOCAL_TIMEOUT_S, type Settings } from './settings';
import { kindOfBaseURL, SERVER_KINDS } from './servers';

/** Every setting but the key, which has its own store (lib/shared/api-key.ts). */
export type SettingsDefaults = Omit<Settings, 'apiKey'>;

export const MAX_MODEL_NAME = 200;
export const MAX_BASE_URL = 2000;

export function storedSettingsSchema(d: SettingsDefaults, budget: { min: number; max: number }) {
  const modelName = z.string().trim().min(1).max(MAX_MODEL_NAME);
  return z.looseObject({
    model: modelName.catch(d.model),
    baseURL: z
      .string()
      .trim()
      .max(MAX_BASE_URL)
      .refine((u) => baseUrlProblem(u) === null)
      .transform((u) => u.replace(/\/+$/, ''))
      .catch(d.baseURL),
    /** Absent in older versions' settings: then the kind the base URL stands for. */
    server: z.enum(SERVER_KINDS).optional().catch(undefined),
    localTimeoutS: z.number().int().min(MIN_LOCAL_TIMEOUT_S).max(MAX_LOCAL_TIMEOUT_S).catch(d.localTimeoutS),
    minQuoteLength: z.number().int().min(5).max(200).catch(d.minQuoteLength),
    citationMode: z.enum(['structured', 'native']).catch(d.citationMode),
    judge: z.enum(['auto', 'off', 'mark', 'drop']).catch(d.judge),
    judgeModel: modelName.catch(d.judgeModel),
    fragmentBudget: z.number().min(budget.min).max(budget.max).catch(d.fragmentBudget),
    reviewBeforeSending: z.boolean().catch(d.reviewBeforeSending),
    /** Where versions before this one kept the key: moved out on first load. */
    apiKey: z.string().max(1000).optional().catch(undefined),
  });
}

/** Stored settings, checked; `legacyKey` is a key an older version left in them. */
export function parseStoredSettings(
  raw: unknown,
  d: SettingsDefaults,
  budget: { min: number; max: number },
): { settings: SettingsDefaults & Record<string, unknown>; legacyKey: string | null; legacyBaseURL: string | null } {
  const input = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const { apiKey, server, ...checked } = storedSettingsSchema(d, budget).parse(input);
  const settings = { ...checked, server: server ?? kindOfBaseURL(checked.baseURL) };
  const legacyKey = apiKey?.trim() ? apiKey.trim() : null;
  const legacyBaseURL = typeof input.baseURL === 'string' ? input.baseURL.trim().replace(/\/+$/, '') : null;
  return { settings, legacyKey, legacyBaseURL };
}
