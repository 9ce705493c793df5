/**
 * The built content script, read after the build (the e2e project runs then, so this never skips):
 * it names neither the key's store nor the history's, nor the settings or the runs. A content
 * script runs with its page: whatever it can read, a compromised renderer can too. And it is
 * injected into every tab a question reads: it checks messages with zod/mini, since full zod's
 * definitions took 30–50 ms of each injection to load on this machine (zod/mini's about half).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_DB } from '@/lib/shared/store/api-key';
import { HISTORY_DB } from '@/lib/shared/store/history-db';
import { HIGHLIGHT_STYLE_ID } from '@/lib/shared/core/highlight-style';
import { EXTENSION_DIR } from '../support/extension-browser';
import { FULL_ZOD } from '../support/zod-marker';

/** The page script (entrypoints/page-reader.ts) and the video reader (entrypoints/video-reader.ts), unlisted scripts at the build's root. */
const PAGE_READER = join(EXTENSION_DIR, 'page-reader.js');
/** The quote finder (entrypoints/quote-finder.ts), injected only to find cited quotes. */
const QUOTE_FINDER = join(EXTENSION_DIR, 'quote-finder.js');
const VIDEO_READER = join(EXTENSION_DIR, 'video-reader.js');

describe('the built content script', () => {
  it('names neither the key store, the history, the settings nor the runs', () => {
    // The page script, the video reader the worker injects into frames with a video, and any
    // content script the build declares.
    const dir = join(EXTENSION_DIR, 'content-scripts');
    const bundles = [
      PAGE_READER,
      QUOTE_FINDER,
      VIDEO_READER,
      ...(existsSync(dir)
        ? readdirSync(dir)
            .filter((f) => f.endsWith('.js'))
            .map((f) => join(dir, f))
        : []),
    ];
    for (const name of bundles) {
      const code = readFileSync(name, 'utf8');
      for (const needle of [KEY_DB, HISTORY_DB, 'indexedDB', 'apiKey', 'local:settings', 'lastRun']) {
        expect(code.includes(needle), `${name} mentions ${needle}`).toBe(false);
      }
    }
  });

  it('loads zod/mini, never full zod', () => {
    for (const file of [PAGE_READER, QUOTE_FINDER, VIDEO_READER]) {
      const code = readFileSync(file, 'utf8');
      expect(FULL_ZOD.test(code), `${file} holds full zod`).toBe(false);
      console.log(`${file}: ${(code.length / 1024).toFixed(1)} kB, ${(gzipSync(code).length / 1024).toFixed(1)} kB gzip`);
    }
  });

  it('carries none of the video reading: the page script only says whether a frame has a video', () => {
    const code = readFileSync(PAGE_READER, 'utf8');
    for (const needle of ['textTracks', 'getCueAsHTML', 'data-cited-tabs-quote']) {
      expect(code.includes(needle), `page-reader.js holds ${needle}`).toBe(false);
      expect(readFileSync(VIDEO_READER, 'utf8').includes(needle), `the video reader lacks ${needle}`).toBe(true);
    }
  });

  it('carries none of the finding of quotes: a click or a proof injects the quote finder', () => {
    const code = readFileSync(PAGE_READER, 'utf8');
    // The highlight's style sheet and its scroll, the walk's anchoring of a quote.
    for (const needle of [HIGHLIGHT_STYLE_ID, 'scrollIntoView', 'passageOrder']) {
      expect(code.includes(needle), `page-reader.js holds ${needle}`).toBe(false);
      expect(readFileSync(QUOTE_FINDER, 'utf8').includes(needle), `the quote finder lacks ${needle}`).toBe(true);
    }
  });
});
