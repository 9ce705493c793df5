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
 * server's own fix (lib/worker/model/errors.ts).
 */
import { browser, type Browser } from 'wxt/browser';
import { originPattern } from '@/lib/shared/servers/servers';
import { ALL_SITES } from './site-access';

const DNR_PERMISSION = 'declarativeNetRequestWithHostAccess';
export const ORIGIN_RULE_ID = 1;

/** What to ask the browser for, to reach the server at `baseURL` as a page on that server would. */
export function localAccessRequest(baseURL: string, granted: readonly string[] = []): Browser.permissions.Permissions | null {
  const pattern = originPattern(baseURL);
  if (!pattern || !canRewriteOrigin()) return null;
  // A host already held (access to all sites) is not asked again: Chrome would prompt for it anyway.
  const held = granted.includes(pattern) || granted.includes(ALL_SITES);
  return {
    permissions: [DNR_PERMISSION] as Browser.permissions.Permissions['permissions'],
    ...(held ? {} : { origins: [pattern] }),
  };
}

/** Whether this browser's build can take the permission at all (Chrome's manifest lists it). */
export function canRewriteOrigin(): boolean {
  const optional = (browser.runtime.getManifest() as { optional_permissions?: string[] }).optional_permissions ?? [];
  return optional.includes(DNR_PERMISSION);
}

/**
 * Asks for the permissions, inside the user's gesture (a preset chosen, Test connection): call it
 * before anything else is awaited. `granted`: the host permissions held now
 * (`permissions.getAll().origins`, read beforehand). True when they are held.
 */
export function requestLocalAccess(baseURL: string, granted: readonly string[]): Promise<boolean> {
  const request = localAccessRequest(baseURL, granted);
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
  const update = dnr.updateSessionRules({
    removeRuleIds: [ORIGIN_RULE_ID],
    ...(held ? { addRules: [rule as Browser.declarativeNetRequest.Rule] } : {}),
  });
  // Seen in Chromium 156: after a grant at run time the update may never settle (it does when
  // the permission was held at start). The request then goes without the rule, and a 403 is
  // explained with the server's own fix.
  const settled = await Promise.race([
    update.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), RULE_UPDATE_TIMEOUT_MS)),
  ]);
  return held && settled;
}

const RULE_UPDATE_TIMEOUT_MS = 2000;

/**
 * Takes the rule away: the server is no longer a local one (another server chosen, or saved), so
 * no request of the extension is given another Origin, whatever listens at the old address.
 */
export async function removeOriginRule(): Promise<void> {
  const dnr = (browser as unknown as { declarativeNetRequest?: typeof Browser.declarativeNetRequest }).declarativeNetRequest;
  if (!dnr) return;
  await Promise.race([
    dnr.updateSessionRules({ removeRuleIds: [ORIGIN_RULE_ID] }),
    new Promise<void>((resolve) => setTimeout(resolve, RULE_UPDATE_TIMEOUT_MS)),
  ]);
}
