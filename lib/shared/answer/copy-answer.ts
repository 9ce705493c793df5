/**
 * "Copy as Markdown" and "Copy as text": an answer with its proof, for a reader who has none of
 * our tabs. Each claim is followed by its quotes in the page's own words and a link to each
 * source whose `#:~:text=` fragment makes the browser find and mark the quote, so every claim can
 * be checked in one click. Page and model text are escaped: a title cannot forge a link. And
 * only the source links are links: an address in Claude's words, a quote, a title or the question
 * is made inert (lib/shared/text/inert-links.ts), so a page that steered the answer plants no live link
 * in the copy. Pure functions.
 */
import type { Outcome, ShownCitation } from '@/lib/shared/answer/run';
import { quoteAsOnPage, urlWithTextFragment } from '@/lib/shared/text/text-fragment';
import { formatMoment, t } from '@/lib/shared/core/i18n';
import { inertLinks } from '@/lib/shared/text/inert-links';
import { momentUrl } from '@/lib/shared/video/video-moment';

export interface CopiedAnswer {
  question: string;
  outcome: Outcome;
}

// In the interface's language, as the answer was shown.
const notFound = () => t('notFound');
const footer = () => t('copyFooter');

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
/** Words of the page, the model or the user, on one line, with no live address in them. */
const words = (s: string) => inertLinks(oneLine(s));

/**
 * Text kept as text in Markdown: a backslash before the characters that are syntax anywhere
 * (emphasis, links, code, HTML, tables), before an entity's `&`, and before what would start a
 * heading, quote, list or rule at the start of the line. Readable raw: `9 a.m.` stays as it is.
 */
export function escapeMarkdown(s: string): string {
  return oneLine(s)
    .replace(/[\\`*_[\]<>|~]/g, '\\$&')
    .replace(/&(?=#?\w+;)/g, '\\&')
    .replace(/^([#>+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/** Only web and file addresses become links; anything else (say `javascript:`) is left out. */
function linkable(url: string): boolean {
  return /^(https?|file):/i.test(url);
}

/**
 * Where the quote is: the source's URL with the quote's text fragment; for a quote of a video's
 * captions, the video's address at the moment it is said (`&t=151s` on YouTube, `#t=151` elsewhere).
 */
function sourceUrl(c: Pick<ShownCitation, 'url' | 'literal' | 'passageText' | 'video'>): string {
  return c.video ? momentUrl(c.url, c.video.startMs) : urlWithTextFragment(c.url, c.literal, c.passageText);
}

/** The source's URL with the quote's text fragment (or moment), safe inside a Markdown link's parentheses. */
export function proofUrl(c: Pick<ShownCitation, 'url' | 'literal' | 'passageText' | 'video'>): string {
  return sourceUrl(c).replace(/[()\s<>]/g, (ch) => (ch === '(' ? '%28' : ch === ')' ? '%29' : encodeURIComponent(ch)));
}

function quoteOf(c: ShownCitation): string {
  return words(quoteAsOnPage(c.literal, c.passageText));
}

/** ", 2:31" after a video's title: the moment the quote is said. */
const momentOf = (c: ShownCitation) => (c.video ? t('citationMoment', formatMoment(c.video.startMs)) : '');

function sourceMarkdown(c: ShownCitation): string {
  const title = escapeMarkdown((c.title ? words(c.title) : c.site) + momentOf(c));
  const site = escapeMarkdown(c.site);
  return linkable(c.url) ? `[${title}](${proofUrl(c)}) (${site})` : `${title} (${site})`;
}

export function answerAsMarkdown({ question, outcome }: CopiedAnswer): string {
  const out: string[] = [`**${escapeMarkdown(words(question))}**`, ''];
  if (outcome.kind === 'abstain') {
    out.push(notFound(), '');
  } else {
    for (const claim of outcome.claims) {
      out.push(escapeMarkdown(words(claim.text)), '');
      for (const c of claim.citations) {
        out.push(`> ${escapeMarkdown(quoteOf(c))}`, '>', `> — ${sourceMarkdown(c)}`, '');
      }
    }
  }
  out.push(`*${footer()}*`);
  return out.join('\n') + '\n';
}

export function answerAsText({ question, outcome }: CopiedAnswer): string {
  const out: string[] = [words(question), ''];
  if (outcome.kind === 'abstain') {
    out.push(notFound(), '');
  } else {
    outcome.claims.forEach((claim, i) => {
      out.push(`${i + 1}. ${words(claim.text)}`);
      for (const c of claim.citations) {
        out.push(`   “${quoteOf(c)}”`);
        out.push(`   — ${c.title ? words(c.title) : c.site}${momentOf(c)}${linkable(c.url) ? `, ${sourceUrl(c)}` : ''}`);
      }
      out.push('');
    });
  }
  out.push(footer());
  return out.join('\n') + '\n';
}
