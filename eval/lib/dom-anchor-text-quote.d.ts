/** The part of dom-anchor-text-quote (which ships no types) that eval/anchor.ts compares against. */
declare module 'dom-anchor-text-quote' {
  export interface TextQuoteSelector {
    exact: string;
    prefix?: string;
    suffix?: string;
  }
  export function toRange(root: Node, selector: TextQuoteSelector, options?: { hint?: number }): Range | null;
}
