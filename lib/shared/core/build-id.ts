/**
 * Which build each context runs, so that the screens and the worker know each other's: after an
 * update across a browser restart, Chrome was seen running the previous release's worker with
 * this release's screens (every read then failed, naming a page script the new build no longer
 * has). The id is put in by the build (wxt.config.ts, vite `define`), one per `npm run build`;
 * code run outside a build (unit tests) has 'dev'. What to do on a mismatch is decided here,
 * pure: restart the extension once (`runtime.reload()`, which starts the worker from this build's
 * files), and if that did not mend it, say what to do instead of restarting again and again.
 */

declare const __CITED_TABS_BUILD__: string | undefined;

export const BUILD_ID: string = typeof __CITED_TABS_BUILD__ === 'string' ? __CITED_TABS_BUILD__ : 'dev';

/** The worker's answer to "which build are you", as a screen reads it: its id, or none (a build before this question). */
export function workerBuildOf(reply: unknown): string | null {
  if (!reply || typeof reply !== 'object') return null;
  const build = (reply as { build?: unknown }).build;
  return typeof build === 'string' && build !== '' ? build : null;
}

/** The last restart a screen made for a mismatch: the build it was made by, and when. */
export interface BuildRestart {
  build: string;
  at: number;
}

/** A restart for the same build this recent did not mend it: it is not done again. */
export const RESTART_AGAIN_AFTER_MS = 10 * 60_000;

/**
 * What a screen of build `mine` does with the worker's build `theirs` (null: a worker that does
 * not answer the question, older than it): nothing when they match; restart the extension when
 * no restart was made for this build lately; else say what to do (the browser keeps an old worker).
 */
export function onWorkerBuild(
  mine: string,
  theirs: string | null,
  lastRestart: BuildRestart | null,
  now: number,
): 'same' | 'restart' | 'say' {
  if (theirs === mine) return 'same';
  const recent = lastRestart !== null && lastRestart.build === mine && now - lastRestart.at < RESTART_AGAIN_AFTER_MS;
  return recent ? 'say' : 'restart';
}
