/**
 * Shows cited quotes in their page, the entry the quote finder (entrypoints/quote-finder.ts) and
 * the PDF viewer's text layer (lib/page/pdf/pdf-layer.ts) import: the quote found as ranges in its
 * page (highlight-locate.ts), painted as `cited-quote` and `cited-quote-other`, or held unpainted
 * and painted after (highlight-paint.ts), revealed, scrolled to the middle of the view and focused
 * (highlight-scroll.ts), and proven drawn for a reader before the outcome says it is shown
 * (highlight-prove.ts). Kept apart, as the Hypothesis client keeps its anchoring apart from its
 * highlighter; one name here, so that no importer needs to know which part holds what. Pure DOM code.
 */
export { highlightQuote, highlightQuoteInSteps, MAX_OTHER_QUOTES, type OthersLater } from './highlight-locate';
export { clearHighlight, heldRanges, holdHighlight, holdOthers, scrollHeld, showHeld, showHighlight } from './highlight-paint';
