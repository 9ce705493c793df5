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

/** tides.pdf, page 2: the question a user asks of it and the words that answer it. */
export const PDF_QUESTION = 'When is high water at the old harbour on the first of April?';
export const PDF_QUOTE = 'high water at the old harbour is at 11:42 in the morning';
/** The stand-in's answer about high water, citing the PDF's page as sent. */
export const highWaterAnswer: Scripted = (req) =>
  answerReply([{ text: 'High water is at 11:42.', citations: [{ index: indexOf(req, '11:42'), literal: PDF_QUOTE }] }]);
