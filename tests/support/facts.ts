/**
 * What the fixture pages say that several browser tests quote (Chromium's and Firefox's alike):
 * one copy of each quote, question and scripted answer, so a test and its fixture cannot drift
 * apart in one file and not another.
 */
import type { RecordedRequest, Scripted } from './stand-in/messages-api';
import { answerReply, indexOf } from './stand-in/replies';

/** museum-hours.html: its opening hours, whole. */
export const HOURS_QUOTE = 'The City Museum opens at 9 a.m. and closes at 6 p.m.';
/** museum-tickets.html: an adult's price. */
export const TICKET_QUOTE = 'Adult tickets cost 12 euros.';

/** The claim that the museum opens at 9 a.m., citing the hours as sent. */
export const opensAtNine = (req: RecordedRequest) => ({
  text: 'It opens at 9 a.m.',
  citations: [{ index: indexOf(req, 'opens at'), literal: HOURS_QUOTE }],
});
/** The stand-in's answer about the museum's hours: one claim, one quote. */
export const hoursAnswer: Scripted = (req) => answerReply([opensAtNine(req)]);

/** The stand-in's answer about both museum tabs: when it opens (the hours) and what an adult pays (the tickets). */
export const museumAnswer: Scripted = (req) =>
  answerReply([
    { text: 'The museum opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: HOURS_QUOTE }] },
    { text: 'An adult ticket costs 12 euros.', citations: [{ index: indexOf(req, 'Adult tickets'), literal: TICKET_QUOTE }] },
  ]);

/** tides.pdf, page 2: the question a user asks of it and the words that answer it. */
export const PDF_QUESTION = 'When is high water at the old harbour on the first of April?';
export const PDF_QUOTE = 'high water at the old harbour is at 11:42 in the morning';
/** The stand-in's answer about high water, citing the PDF's page as sent. */
export const highWaterAnswer: Scripted = (req) =>
  answerReply([{ text: 'High water is at 11:42.', citations: [{ index: indexOf(req, '11:42'), literal: PDF_QUOTE }] }]);
