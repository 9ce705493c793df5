import { describe, expect, it } from 'vitest';
import type { Outcome } from '@/lib/shared/answer/run';
import type { Turn } from '@/lib/shared/answer/thread';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { passage } from '@/tests/support/passages';
import { citationOf } from '@/lib/shared/answer/citation';
import type { Selection } from '@/lib/worker/rank/rank';
import { followUpCap } from './reuse';
import { addedBy, contextOf, halveThreadPlan, planTurn } from './thread-plan';

const hours = passage('The City Museum opens at 9 a.m. and closes at 6 p.m. every day except Monday.', {
  id: 'h',
  order: 0,
  title: 'Hours',
  url: 'https://museum.example/hours',
});
const late = passage('On Fridays the museum stays open until 10 p.m. for late openings.', {
  id: 'l',
  order: 1,
  title: 'Hours',
  url: 'https://museum.example/hours',
});
const tickets = passage('Adult tickets cost 12 euros; children under twelve enter for free.', {
  id: 't',
  order: 0,
  tabId: 2,
  title: 'Tickets',
  url: 'https://museum.example/tickets',
});
const cafe = passage('The roof café serves lunch until 3 p.m. and coffee all day long.', {
  id: 'c',
  order: 2,
  title: 'Hours',
  url: 'https://museum.example/hours',
});
const pages = [hours, late, tickets, cafe];

const selection = (...passages: SourcedPassage[]): Selection => ({
  passages,
  leftOut: 0,
  tokens: passages.length * 40,
  abstain: passages.length === 0,
  relevance: 1,
});

/** A finished turn as the background stores it: what it added, and an answer citing `cited`. */
function turn(id: string, question: string, fragments: SourcedPassage[], cited: SourcedPassage | null, restarted = false): Turn {
  const outcome: Outcome = cited
    ? {
        kind: 'answer',
        claims: [{ text: `Claim of ${id}`, citations: [citationOf(cited, cited.text.slice(0, 30), 1)] }],
        droppedClaims: 0,
        retried: false,
        checks: { citations: 1, broken: 0 },
      }
    : { kind: 'abstain', reason: 'no-information', retried: false, checks: { citations: 0, broken: 0 } };
  return { id, question, askedAt: 0, answeredAt: 0, fragments, restarted, outcome };
}

describe('the plan of a question in a thread', () => {
  it('the first question of a thread sends its own fragments, numbered from 1, with no earlier turn', () => {
    const plan = planTurn(selection(hours, late), pages, 8000, []);
    expect(plan).toMatchObject({ passages: [hours, late], groups: [2], reused: 0, history: [], restarted: true });
  });

  it('a follow-up sends the earlier fragments first under their old indices and adds only what is new, in a block of its own', () => {
    const t1 = turn('1', 'When does the museum open?', [hours, late], late, true);
    const plan = planTurn(selection(late, cafe), pages, 8000, [t1]);
    expect(plan.passages).toEqual([hours, late, cafe]);
    expect(addedBy(plan)).toEqual([cafe]);
    expect(plan).toMatchObject({ groups: [2, 1], reused: 2, restarted: false });
    // The earlier answer cites `late` by its index in the request: 2, as when it was answered.
    expect(plan.history).toEqual([
      {
        question: 'When does the museum open?',
        fragments: 2,
        textOnly: false,
        claims: [
          { text: 'Claim of 1', citations: [{ index: 2, literal: late.text.slice(0, 30), source: 'Hours (museum.example)' }] },
        ],
      },
    ]);
  });

  it('numbers on across three turns: the third question’s fragment comes after the first two turns’', () => {
    const t1 = turn('1', 'Q1', [hours], hours, true);
    const t2 = turn('2', 'Q2', [tickets], tickets);
    const plan = planTurn(selection(cafe, hours), pages, 8000, [t1, t2]);
    expect(plan.passages).toEqual([hours, tickets, cafe]);
    expect(plan.history.map((t) => t.claims[0]!.citations[0]!.index)).toEqual([1, 2]);
    expect(plan.groups).toEqual([1, 1, 1]);
  });

  it('a follow-up that needs nothing new sends the earlier fragments alone', () => {
    const t1 = turn('1', 'Q1', [hours, late], hours, true);
    const plan = planTurn(selection(late), pages, 8000, [t1]);
    expect(plan).toMatchObject({ passages: [hours, late], reused: 2, groups: [2] });
    expect(addedBy(plan)).toEqual([]);
  });

  it('a page that changed starts a new context: the earlier turns go as text, no earlier fragment is sent', () => {
    const t1 = turn('1', 'Q1', [hours], hours, true);
    const changed = { ...hours, text: 'The City Museum is closed for works until spring.' };
    const plan = planTurn(selection(changed), [changed, late, tickets, cafe], 8000, [t1]);
    expect(plan).toMatchObject({ passages: [changed], reused: 0, restarted: true });
    expect(plan.history).toEqual([
      {
        question: 'Q1',
        fragments: 0,
        textOnly: true,
        claims: [{ text: 'Claim of 1', citations: [{ literal: hours.text.slice(0, 30), source: 'Hours (museum.example)' }] }],
      },
    ]);
  });

  it('a new selection of the user’s goes first, so it starts a new context', () => {
    const t1 = turn('1', 'Q1', [hours], hours, true);
    const sel = passage('Children under twelve enter for free.', { id: 'sel', selection: true, order: -1, tabId: 2 });
    const plan = planTurn(selection(sel, hours), [...pages, sel], 8000, [t1]);
    expect(plan.passages[0]).toEqual(sel);
    expect(plan).toMatchObject({ reused: 0, restarted: true });
  });

  it('a follow-up that would pass the follow-up cap starts a new context', () => {
    const big = (id: string) => passage('word '.repeat(2000), { id });
    const earlier = [big('a'), big('b'), big('c')];
    const t1 = turn('1', 'Q1', earlier, null, true);
    const fresh = big('d');
    const budget = 4000;
    const plan = planTurn(selection(fresh), [...earlier, fresh], budget, [t1]);
    expect(plan.restarted).toBe(true);
    expect(plan.passages).toEqual([fresh]);
    expect(plan.tokens).toBeLessThanOrEqual(followUpCap(budget));
  });

  it('the next context numbers from 1 again and keeps the turns before it as text', () => {
    const t1 = turn('1', 'Q1', [hours], hours, true);
    const t2 = turn('2', 'Q2', [tickets], tickets, true);
    expect(contextOf([t1, t2])).toEqual([t2]);
    const plan = planTurn(selection(cafe), pages, 8000, [t1, t2]);
    expect(plan.passages).toEqual([tickets, cafe]);
    expect(plan.history.map((t) => [t.question, t.textOnly, t.claims[0]!.citations[0]!.index])).toEqual([
      ['Q1', true, undefined],
      ['Q2', false, 1],
    ]);
  });

  it('nothing relevant: no fragment, no earlier turn, no call', () => {
    const t1 = turn('1', 'Q1', [hours], hours, true);
    expect(planTurn(selection(), pages, 8000, [t1])).toMatchObject({ passages: [], history: [] });
  });

  it('search results (no key) were never sent: they are no turn of the conversation', () => {
    const search: Turn = {
      id: 's',
      question: 'Where is it?',
      askedAt: 0,
      answeredAt: 0,
      fragments: [],
      restarted: true,
      results: [],
    };
    const plan = planTurn(selection(hours), pages, 8000, [search]);
    expect(plan.history).toEqual([]);
    expect(plan.passages).toEqual([hours]);
  });

  it('a request too large is asked again as a new context with the better half of the question’s own fragments', () => {
    const t1 = turn('1', 'Q1', [hours], hours, true);
    const plan = planTurn(selection(late, cafe), pages, 8000, [t1]);
    const half = halveThreadPlan(plan, [t1]);
    expect(half).toMatchObject({ passages: [late], restarted: true, reused: 0 });
    expect(half.history.every((t) => t.textOnly)).toBe(true);
  });
});
