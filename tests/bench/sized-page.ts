/**
 * Pages of a given size for `bench:ask --sizes` (tests/bench/ask.ts): headings and paragraphs of
 * varied English sentences, about `chars` characters of visible text, the same for a given size in
 * every run (a fixed seed). Two facts a question asks about are placed in them: one in the page's
 * second paragraph (`NEAR_START`), one in its last paragraph but one (`NEAR_END`). Their rare words
 * (the town's name, the lighthouse, the ferry) are in no other sentence, so ranking finds them.
 */
import { seededRandom } from '../support/seeded-random';

/** The fact near the start of the page, word for word as it stands in its paragraph. */
export const NEAR_START =
  'The keeper of the Quillhaven lighthouse writes down the height of the tide at seven minutes past four every morning.';
/** The fact near the end of the page. */
export const NEAR_END = 'The ferry from Quillhaven to Marrowby leaves from the northern slipway at twenty past nine on weekdays.';
/** The question both facts answer. */
export const SIZED_QUESTION =
  'When does the keeper of the Quillhaven lighthouse write down the tide, and when does the ferry to Marrowby leave?';

const SUBJECTS = [
  'The town council',
  'A small group of volunteers',
  'The regional museum',
  'Most of the farmers in the valley',
  'The new head teacher',
  'Our neighbours across the square',
  'The cycling club',
  'A visiting architect',
  'The library staff',
  'Several local shops',
  'The parish archivist',
  'The youngest members of the choir',
  'A committee of residents',
  'The county surveyor',
  'An elderly beekeeper',
  'The railway company',
  'The market traders',
  'Two students from the college',
  'The water board',
  'The theatre group',
  'The harvest festival organisers',
  'A retired engineer',
  'The gardeners at the old manor',
  'The local newspaper',
];
const VERBS = [
  'approved',
  'looked again at',
  'argued for',
  'quietly postponed',
  'published a short report on',
  'asked for money to finish',
  'raised questions about',
  'spent most of the year on',
  'finally agreed to',
  'wrote a long letter about',
  'drew up a plan for',
  'set aside an afternoon for',
  'voted against',
  'tried to explain',
  'took photographs of',
  'found an old map of',
  'cleaned and repainted',
  'kept careful notes on',
  'organised a walk along',
  'made a model of',
];
const OBJECTS = [
  'the footpath along the western fields',
  'the roof of the covered market',
  'a new timetable for the evening buses',
  'the stone bridge below the mill',
  'the allotments behind the school',
  'the collection of old postcards',
  'a fund for repairing the chapel windows',
  'the hedges on the hill road',
  'the drainage ditches near the common',
  'the exhibition of embroidered banners',
  'the orchard at the edge of the village',
  'a programme of winter lectures',
  'the car park beside the church',
  'the war memorial in the square',
  'the weekly farmers market',
  'the benches in the rose garden',
  'a survey of nesting swallows',
  'the records of the old cooperative',
  'the playground by the duck pond',
  'the clock above the town hall',
  'the reading room upstairs',
  'the cottages on Mill Lane',
];
const TAILS = [
  'after a long meeting in the spring',
  'before the first frost arrived',
  'although nobody could agree on the cost',
  'with help from the county office',
  'once the summer holidays were over',
  'despite a wet and windy autumn',
  'in time for the annual fair',
  'while the main road was closed for repairs',
  'because the old arrangement no longer worked',
  'as part of a wider plan for the district',
  'with the support of most households',
  'after several letters to the editor',
  'to the surprise of many residents',
  'when the grant finally came through',
  'over three busy weekends',
  'for the second time in ten years',
  'at the request of the primary school',
  'without much fuss',
];
const OPENERS = ['', '', '', 'In the end, ', 'Last year, ', 'According to the minutes, ', 'By all accounts, ', 'Even so, '];
const TOPICS = [
  'The market and its traders',
  'Roads, paths and bridges',
  'Notes from the archive',
  'Gardens and green spaces',
  'Schools and young people',
  'The year in the parish',
  'Buildings old and new',
  'Clubs and societies',
  'Weather and the harvest',
  'Money and grants',
  'Letters from readers',
  'Walks around the valley',
];

function sentence(next: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  const opener = pick(OPENERS);
  const subject = pick(SUBJECTS);
  return `${opener}${opener ? subject[0]!.toLowerCase() + subject.slice(1) : subject} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(TAILS)}.`;
}

function paragraph(next: () => number): string {
  return Array.from({ length: 3 + Math.floor(next() * 5) }, () => sentence(next)).join(' ');
}

/**
 * A page of about `chars` characters of visible text (headings and paragraphs; within a paragraph
 * of the size asked): `NEAR_START` in its second paragraph, `NEAR_END` in its last but one.
 */
export function sizedPage(chars: number): string {
  const next = seededRandom(chars);
  const title = `The Quillhaven parish newsletter, ${chars.toLocaleString('en')} characters`;
  const blocks: string[] = [`<h1>${title}</h1>`];
  let size = title.length;
  const add = (html: string, text: string) => {
    blocks.push(html);
    size += text.length;
  };
  const section = (k: number) => {
    const heading = `${TOPICS[k % TOPICS.length]}, part ${k + 1}`;
    add(`<h2>${heading}</h2>`, heading);
  };
  const p = (text: string) => add(`<p>${text}</p>`, text);
  section(0);
  p(paragraph(next));
  p(`${sentence(next)} ${NEAR_START} ${sentence(next)}`);
  // The end's two paragraphs and heading take about 1,500 characters.
  for (let k = 1, inSection = 2; size < chars - 1500; inSection++) {
    if (inSection >= 4 + (k % 4)) {
      section(k++);
      inSection = 0;
    }
    p(paragraph(next));
  }
  section(999);
  p(`${sentence(next)} ${NEAR_END} ${sentence(next)}`);
  p(paragraph(next));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>
${blocks.join('\n')}
</body></html>`;
}
