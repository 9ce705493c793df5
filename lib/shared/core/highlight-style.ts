/**
 * The highlight's names and styles, shared by the page script (lib/page/find/highlight-paint.ts), which puts them
 * first in the page and in each shadow root holding a quote, and by the background, which also
 * injects them as an extension style sheet (one the page can neither see nor remove).
 *
 * Every rule is `!important` inside a cascade layer declared before any of the page's: for
 * important declarations the earliest layer wins, over the page's layers and its unlayered rules
 * alike, whatever their specificity. (A user-origin sheet would be stronger still, but Chromium
 * does not apply user-origin rules to `::highlight()`.)
 */
export const HIGHLIGHT_NAME = 'cited-quote';
export const OTHER_HIGHLIGHT_NAME = 'cited-quote-other';
export const HIGHLIGHT_STYLE_ID = 'cited-quote-style';
export const MARK_ATTRIBUTE = 'data-cited-quote';
export const FOCUS_ATTRIBUTE = 'data-cited-quote-focus';

/** The active quote: strong yellow; dark text, so it reads on dark pages too. */
export const ACTIVE_BACKGROUND = '#ffd43b';
/** The other quotes of the page: a pale yellow that the active one stands out from. */
export const OTHER_BACKGROUND = '#fff3bf';

const ACTIVE_COLORS = `background-color: ${ACTIVE_BACKGROUND} !important; color: #111 !important;`;
const OTHER_COLORS = `background-color: ${OTHER_BACKGROUND} !important; color: #111 !important;`;

export const HIGHLIGHT_CSS =
  `@layer cited-tabs {\n` +
  `::highlight(${HIGHLIGHT_NAME}) { ${ACTIVE_COLORS} }\n` +
  `::highlight(${OTHER_HIGHLIGHT_NAME}) { ${OTHER_COLORS} }\n` +
  `mark[${MARK_ATTRIBUTE}] { ${OTHER_COLORS} display: inline !important; visibility: visible !important; }\n` +
  `mark[${MARK_ATTRIBUTE}="active"] { ${ACTIVE_COLORS} }\n` +
  `[${FOCUS_ATTRIBUTE}]:focus { outline: 3px solid #1c7ed6 !important; outline-offset: 2px !important; }\n` +
  `}\n`;
