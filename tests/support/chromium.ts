/**
 * Debian's Chromium, headless, as every browser test, eval and script of the project starts it:
 * one place for where the browser is and for the flags that keep it off this machine's closed
 * network (its background services would only fail, loudly and often). No test tool downloads a
 * browser of its own.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type LaunchOptions } from 'puppeteer-core';

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p) => p && existsSync(p));
  if (!found) throw new Error('Chromium not found: install Debian’s chromium package (or set CHROMIUM_PATH).');
  return found;
}

const QUIET_OFFLINE = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ChromiumOptions extends LaunchOptions {
  /**
   * The browser's language ("es"): `--lang` and the environment's `LANGUAGE`, which headless
   * Chromium needs both of to pick an extension's catalogue in that language.
   */
  lang?: string;
}

/** Headless Chromium with the project's flags; `options` adds to them (an extension, more args, a language). */
export function launchChromium({ lang, ...options }: ChromiumOptions = {}): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    ...options,
    ...(lang ? { env: { ...process.env, ...options.env, LANGUAGE: lang } } : {}),
    args: [...QUIET_OFFLINE, ...(lang ? [`--lang=${lang}`] : []), ...(options.args ?? [])],
  });
}
