import { describe, expect, it } from 'vitest';
import type { Outcome } from '@/lib/shared/answer/run';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import type { Plan } from './model-step';
import { halvedPlan, planQuestion } from './plan-step';
import { answeredTurn, failedRecordOf, failureOf, runRecordOf, searchTurn } from './records';

const passage = (id: string, url: string, text = `The fee for ${id} is 2% of the amount.`): SourcedPassage => ({
  id,
  text,
  order: 0,
  tabId: 1,
  windowId: 1,
  frameId: 0,
  url,
  title: id,
});
const asked = { id: 'r1', question: 'What is the fee?', askedAt: 1, answeredAt: 2 };

describe('what a question leaves behind', () => {
  it('logs an answer with its sites once each and its repairs only when there were some', () => {
    const sent = { passages: [passage('a', 'https://a.example/x'), passage('b', 'https://a.example/y')], budget: 100 } as Plan;
    const answer = {
      kind: 'answer',
      droppedClaims: 1,
      retried: true,
      checks: { citations: 3, broken: 1 },
    } as unknown as Outcome;
    expect(runRecordOf(5, 'claude-test', sent, answer)).toEqual({
      at: 5,
      model: 'claude-test',
      sites: ['a.example'],
      citations: 3,
      broken: 1,
      retried: true,
      droppedClaims: 1,
      outcome: 'answer',
    });
    const abstain = {
      kind: 'abstain',
      reason: 'not-found',
      retried: false,
      checks: { citations: 0, broken: 0, repaired: { quotes: 1 } },
    };
    expect(runRecordOf(5, 'm', sent, abstain as unknown as Outcome)).toMatchObject({
      repairs: { quotes: 1 },
      detail: 'not-found',
    });
  });

  it('keeps a failure as its kind and message, with no sites', () => {
    const error = { kind: 'network' as const, message: 'offline' };
    expect(failureOf(3, 'What is the fee?', error)).toMatchObject({ sites: [], outcome: 'error', detail: 'network: offline' });
    expect(failedRecordOf(3, 'm', error)).toMatchObject({ outcome: 'error', detail: 'network', citations: 0 });
  });

  it("records a search without a key as a turn that sent nothing, and an answer's turn by what it added", () => {
    expect(searchTurn(asked, [], true)).toMatchObject({ fragments: [], restarted: true, results: [] });
    expect(searchTurn(asked, [], false, true)).toMatchObject({ results: [], searchTooGeneral: true });
    expect(searchTurn(asked, [], false)).not.toHaveProperty('searchTooGeneral');
    const sent = { passages: [passage('a', 'https://a.example/')], reused: 0, budget: 100 } as unknown as Plan;
    const turn = answeredTurn(asked, sent, { kind: 'abstain' } as Outcome);
    expect(turn.fragments.map((p) => p.id)).toEqual(['a']);
    expect(turn.restarted).toBe(true);
  });
});

describe('planQuestion', () => {
  it('sends the passages that answer the question, within the budget, and halves it for a request too large', () => {
    const passages = [
      passage('fees', 'https://bank.example/fees'),
      passage('hours', 'https://bank.example/hours', 'The branch opens at nine on weekdays.'),
    ];
    const { plan } = planQuestion(passages, 'What is the fee for fees?', 4000, undefined, []);
    expect(plan.passages[0]!.id).toBe('fees');
    expect(plan.budget).toBeGreaterThan(0);
    expect(halvedPlan(plan, []).budget).toBe(plan.budget / 2);
  });
});
