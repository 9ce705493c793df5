import { describe, expect, it, vi } from 'vitest';
import type { AskMessage } from '@/lib/shared/protocol/messages';
import { ALL_SITES } from '@/lib/shared/access/site-access';
import { requestForQuestion } from './waiting-question';

const ask: AskMessage = { type: 'ask', question: 'What costs 12 euros?', scope: 'window', windowId: 1 };
describe('asking the browser for access with the question kept', () => {
  const deps = (answer: Promise<boolean>) => {
    const order: string[] = [];
    return {
      order,
      d: {
        request: vi.fn(() => (order.push('request'), answer)),
        save: vi.fn(async () => void order.push('save')),
        drop: vi.fn(async () => void order.push('drop')),
        now: () => 5_000,
        newId: () => 'w-42',
      },
    };
  };

  it('keeps the question, then shows the prompt, both within the click (nothing awaited first)', () => {
    const { d, order } = deps(new Promise(() => {}));
    const { waitingId } = requestForQuestion(ask, [ALL_SITES], d);
    expect(waitingId).toBe('w-42');
    expect(d.save).toHaveBeenCalledWith({ id: 'w-42', ask, origins: [ALL_SITES], at: 5_000 });
    expect(order).toEqual(['save', 'request']);
  });

  it('allowed: the question stays kept for the worker, and the screen is told yes', async () => {
    const { d } = deps(Promise.resolve(true));
    expect(await requestForQuestion(ask, [ALL_SITES], d).granted).toBe(true);
    expect(d.drop).not.toHaveBeenCalled();
  });

  it('refused: nothing waits any more (a later grant sends nothing), and the screen is told no', async () => {
    const { d } = deps(Promise.resolve(false));
    expect(await requestForQuestion(ask, [ALL_SITES], d).granted).toBe(false);
    expect(d.drop).toHaveBeenCalledTimes(1);
  });

  it('a prompt that fails drops the question too, and the failure reaches the screen', async () => {
    const { d } = deps(Promise.reject(new Error('no gesture')));
    await expect(requestForQuestion(ask, [ALL_SITES], d).granted).rejects.toThrow('no gesture');
    expect(d.drop).toHaveBeenCalledTimes(1);
  });
});
