import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage } from '../../eval/lib/browser';
import { launchChromium } from '../support/chromium';
import type { SeenResult } from '@/lib/shared/protocol/types';

/**
 * Nothing a page names can replace a member the page script reads (issue #44, item 3), in real
 * Chromium: elements named after the document's members (`<img name="elementsFromPoint">`,
 * `<form name="defaultView">`) or a form's controls named after an element's
 * (`<input form="f" name="parentNode">`, which reaches its form from anywhere in the page) shadow
 * those members wherever they are read through the page's document or form. With every such name
 * planted, the words a reader sees are still read, sent and proven drawn, and the words no reader
 * sees still are not: neither given up for want of a hit test, nor let through by a form lifted
 * out of the faded box around it.
 */

let browser: Browser;
let bundle: string;

beforeAll(async () => {
  bundle = await bundleForPage('tests/e2e/page-checks-entry.ts', 'PageChecks');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const SHOWN = 'The harbour ferry leaves the north pier at seven every morning.';
const IN_FORM = 'Tickets for the ferry are sold at the kiosk beside the north pier.';
const FADED = 'The ferry was cancelled for the whole of next week.';
const UNDER = 'Refunds are no longer given for any ticket.';
const VEILED = 'The south pier is closed to foot passengers.';

/** The document's members the page script reads. */
const DOCUMENT_MEMBERS = [
  'defaultView',
  'documentElement',
  'scrollingElement',
  'body',
  'activeElement',
  'styleSheets',
  'adoptedStyleSheets',
  'elementFromPoint',
  'elementsFromPoint',
  'createRange',
  'createTreeWalker',
  'querySelectorAll',
  'getElementById',
];

/** An element's (and node's) members the page script reads of the boxes around words. */
const ELEMENT_MEMBERS = [
  'parentNode',
  'parentElement',
  'assignedSlot',
  'nodeType',
  'ownerDocument',
  'firstChild',
  'nextSibling',
  'localName',
  'shadowRoot',
  'contains',
  'getRootNode',
  'compareDocumentPosition',
  'getBoundingClientRect',
  'getClientRects',
  'checkVisibility',
  'getAttribute',
  'hasAttribute',
  'matches',
  'closest',
  'querySelector',
  'querySelectorAll',
  'computedStyleMap',
  'clientWidth',
  'clientHeight',
  'clientLeft',
  'clientTop',
  'scrollWidth',
  'scrollHeight',
];

/** Controls of the forms `ids`, named after `members`, placed outside them (`form=`). */
const controls = (ids: string[], members: string[]) =>
  ids.flatMap((id) => members.map((m) => `<output form="${id}" name="${m}"></output>`)).join('');

function page(documentNames: string[], elementNames: string[]): string {
  return `<!doctype html><html lang="en"><head><title>Ferry</title></head><body style="font: 16px sans-serif">
${documentNames.map((n) => `<img name="${n}" alt=""><form name="${n}"></form>`).join('')}
<p>${SHOWN}</p>
<form id="seen"><p>${IN_FORM}</p></form>
<div style="filter: opacity(0)"><form id="faded"><p>${FADED}</p></form></div>
<div style="position:relative"><p>${UNDER}</p>
<form id="lid" style="position:absolute; inset:0; margin:0; background:#fff"></form></div>
<style>.veil::after { content: ''; position: absolute; inset: 0; background: #fff }</style>
<div style="position:relative"><p>${VEILED}</p><span class="veil"></span></div>
${controls(['seen', 'faded', 'lid'], elementNames)}
</body></html>`;
}

async function withPage<T>(html: string, run: (page: Page) => Promise<T>): Promise<T> {
  const tab = await browser.newPage();
  try {
    await tab.setViewport({ width: 1000, height: 800 });
    await tab.setContent(html, { waitUntil: 'load' });
    await tab.addScriptTag({ content: bundle });
    return await run(tab);
  } finally {
    await tab.close();
  }
}

async function expectHeld(html: string, what: string): Promise<void> {
  const { read, sent } = await withPage(
    html,
    (tab) => tab.evaluate('PageChecks.read()') as Promise<{ read: string; sent: string }>,
  );
  expect(read, what).toContain(FADED);
  expect(sent, what).toContain(SHOWN);
  expect(sent, what).toContain(IN_FORM);
  expect(sent, what).not.toContain(FADED);
  expect(sent, what).not.toContain(UNDER);
  expect(sent, what).not.toContain(VEILED);
  const quotes = [SHOWN, IN_FORM, FADED, UNDER, VEILED].map((text) => ({ literal: text.slice(0, 30), passageText: text }));
  const said = await withPage(
    html,
    (tab) => tab.evaluate(`PageChecks.prove(${JSON.stringify(quotes)})`) as Promise<SeenResult[]>,
  );
  expect(said, what).toEqual([
    { drawn: true },
    { drawn: true },
    { drawn: false, reason: 'faint' },
    { drawn: false, reason: 'covered' },
    { drawn: false, reason: 'covered' },
  ]);
}

describe('names a page gives its elements', () => {
  it('shadow the members they name, as the browser defines it (the premise of these tests)', async () => {
    const shadowed = await withPage(page(['elementsFromPoint', 'defaultView'], ['parentNode']), (tab) =>
      tab.evaluate(() => [
        typeof document.elementsFromPoint,
        document.defaultView === window,
        document.getElementById('faded')!.parentNode === document.querySelector('output[name="parentNode"][form="faded"]'),
      ]),
    );
    expect(shadowed).toEqual(['object', false, true]);
  });

  it.each(DOCUMENT_MEMBERS)('document.%s, named by an <img> and a <form>, replaces nothing the check asks', async (name) => {
    await expectHeld(page([name], []), name);
  });

  it.each(ELEMENT_MEMBERS)('a form control named %s replaces nothing of the form around the words', async (name) => {
    await expectHeld(page([], [name]), name);
  });

  it('every name at once replaces nothing', async () => {
    await expectHeld(page(DOCUMENT_MEMBERS, ELEMENT_MEMBERS), 'all');
  });
});
