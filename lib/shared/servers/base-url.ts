/**
 * Whether a base URL may carry the key, on its own (the settings' schema checks it, and the options
 * page says it): apart from the keys' store (lib/shared/store/api-key.ts), which the settings' schema
 * must not import, since the stores' versions (lib/shared/store/store-versions.ts) hold both.
 */
import { t } from '@/lib/shared/core/i18n';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a base URL may not carry the key, in words for the options page; null when it may: https,
 * or http to this machine only (a local proxy, a test server). Anything else would send the key
 * in clear text over the network.
 */
export function baseUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return t('baseUrlInvalid');
  }
  if (u.username || u.password) return t('baseUrlCredentials');
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && LOOPBACK.has(u.hostname)) return null;
  return t('baseUrlInsecure');
}
