/**
 * The user's settings and their bounds, in one place: the options page shows and checks them,
 * the worker reads them. Pure values, so a screen can import them without the worker's code.
 */
import { PRESETS, type ServerApi, type ServerKind } from '@/lib/shared/servers/servers';

export const DEFAULT_MIN_LITERAL_LENGTH = 15;
/** The bounds of the quotes' least length, a setting (the stored settings are checked against them). */
export const MIN_QUOTE_LENGTH = 5;
export const MAX_QUOTE_LENGTH = 200;

/** The fragments' budget when the user has not chosen one: a few dozen passages, a few cents. */
export const DEFAULT_FRAGMENT_BUDGET = 8000;

export const MIN_FRAGMENT_BUDGET = 1000;

/**
 * The most the setting allows. Far below the context window on purpose: text that tokenizes
 * badly (long numbers, code, rare scripts) can cost twice the estimate, and even then the
 * request fits.
 */
export const MAX_FRAGMENT_BUDGET = 60_000;

/** Seconds a local server may take for one reply, its model's loading included (a setting). */
export const DEFAULT_LOCAL_TIMEOUT_S = 300;
export const MIN_LOCAL_TIMEOUT_S = 30;
export const MAX_LOCAL_TIMEOUT_S = 1800;

/** The budget setting made safe: a number, within bounds. */
export function clampBudget(setting: number | undefined): number {
  if (setting === undefined || !Number.isFinite(setting)) return DEFAULT_FRAGMENT_BUDGET;
  return Math.round(Math.min(MAX_FRAGMENT_BUDGET, Math.max(MIN_FRAGMENT_BUDGET, setting)));
}

export interface Settings {
  apiKey: string;
  model: string;
  baseURL: string;
  /** Which server the base URL is (lib/shared/servers/servers.ts): what it is known to do, and its fixes. */
  server: ServerKind;
  /**
   * The API the server is asked through (lib/shared/servers/servers.ts `apiFor`): a provider's own, or,
   * for a server on this computer, the one chosen. Settings of older versions have none: Messages.
   */
  api: ServerApi;
  /** For a server on this computer: how long one reply may take, in seconds. */
  localTimeoutS: number;
  minQuoteLength: number;
  /** Quotes asked for in structured output (default), or the API's own document citations. */
  citationMode: 'structured' | 'native';
  /**
   * Whether a second, cheap call checks that quotes support their claims, and what it does then;
   * `auto`: mark with "All tabs in this window", off with "This tab" (lib/shared/store/settings.ts `judgeFor`).
   */
  judge: 'auto' | 'off' | 'mark' | 'drop';
  judgeModel: string;
  /** Tokens the passages sent with a question may take (lib/worker/rank/budget.ts). */
  fragmentBudget: number;
  /** Show the fragments and their sources before anything is sent, with Send and Cancel. */
  reviewBeforeSending: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  apiKey: '',
  model: PRESETS.anthropic.defaultModel!,
  baseURL: 'https://api.anthropic.com',
  server: 'anthropic',
  api: 'messages',
  localTimeoutS: DEFAULT_LOCAL_TIMEOUT_S,
  minQuoteLength: DEFAULT_MIN_LITERAL_LENGTH,
  citationMode: 'structured',
  // Mark for "All tabs" (any tab of the window may try to dress its words as the answer), off for one tab.
  judge: 'auto',
  judgeModel: PRESETS.anthropic.judgeModel!,
  fragmentBudget: DEFAULT_FRAGMENT_BUDGET,
  reviewBeforeSending: false,
};

/** The support check for a question of `scope`: the setting, with `auto` resolved. */
export function judgeFor(setting: Settings['judge'], scope: 'tab' | 'window' | 'tabs'): 'off' | 'mark' | 'drop' {
  if (setting !== 'auto') return setting;
  // Several tabs (all, or the ones the user ticked): any of them may be a page that talks to Claude.
  return scope === 'tab' ? 'off' : 'mark';
}
