/**
 * Ollama as shipped refuses requests whose `Origin` is an extension's (403 unless the user
 * restarts it with `OLLAMA_ORIGINS`). In Chrome, a session `declarativeNetRequest` rule gives the
 * extension's own requests to the one local server the user chose the server's own origin as
 * `Origin`, which every local server accepts (Page Assist does the same). The rule matches only
 * requests the extension itself starts (`initiatorDomains`: its id) to that exact origin, and needs
 * two optional permissions asked at the moment a local preset is chosen:
 * `declarativeNetRequestWithHostAccess` (no warning of its own) and the local host, which falls
 * under the optional access to all sites. Firefox's MV2 build has no such optional permission
 * (its DNR permissions cannot be optional: bugzilla 1827855): there a 403 is explained with the
 * server's own fix (lib/worker/errors.ts).
 */
import { browser, type Browser } from 'wxt/browser';
import { originPattern } from './servers';

const DNR_PERMISSION = 'declarativeNetRequestWithHostAccess';
export const ORIGIN_RULE_ID = 1;

/** What to ask the browser for, to reach the server at `baseURL` as a page on that server would. */
export function localAccessRequest(baseURL: string): Browser.permissions.Permissions | null {
  const pattern = originPattern(baseURL);
  if (!pattern || !canRewriteOrigin()) return null;
  return { permissions: [DNR_PERMISSION] as Browser.permissions.Permissions['permissions'], origins: [pattern] };
}

/** Whether this browser's build can take the permission at all (Chrome's manifest lists it). */
export function canRewriteOrigin(): boolean {
  const optional = (browser.runtime.getManifest() as { optional_permissions?: string[] }).optional_permissions ?? [];
  return optional.includes(DNR_PERMISSION);
}

/**
 * Asks for the permissions, inside the user's gesture (a preset chosen, Save, Test connection):
 * call it before anything else is awaited. True when they are held.
 */
export function requestLocalAccess(baseURL: string): Promise<boolean> {
  const request = localAccessRequest(baseURL);
  if (!request) return Promise.resolve(false);
  return browser.permissions.request(request).catch(() => false);
}

/** The session rule for `baseURL`'s origin (pure, for the tests): Origin set to the server's own. */
export function originRule(baseURL: string, extensionId: string) {
  const origin = new URL(baseURL).origin;
  return {
    id: ORIGIN_RULE_ID,
    priority: 1,
    action: {
      type: 'modifyHeaders' as const,
      requestHeaders: [{ header: 'origin', operation: 'set' as const, value: origin }],
    },
    condition: {
      urlFilter: `|${origin}/`,
      initiatorDomains: [extensionId],
      resourceTypes: ['xmlhttprequest' as const, 'other' as const],
    },
  };
}

/**
 * Puts the rule in place for `baseURL` when the permissions are held (the rule replaces any
 * earlier one: one local server at a time); removes it otherwise. True when it is in place.
 */
export async function applyOriginRule(baseURL: string): Promise<boolean> {
  const request = localAccessRequest(baseURL);
  const dnr = (browser as unknown as { declarativeNetRequest?: typeof Browser.declarativeNetRequest }).declarativeNetRequest;
  const held = request ? await browser.permissions.contains(request).catch(() => false) : false;
  if (!dnr) return false;
  const rule = originRule(baseURL, browser.runtime.id);
  await dnr.updateSessionRules({
    removeRuleIds: [ORIGIN_RULE_ID],
    ...(held ? { addRules: [rule as Browser.declarativeNetRequest.Rule] } : {}),
  });
  return held;
}
