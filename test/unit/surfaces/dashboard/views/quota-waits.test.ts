import { describe, expect, it } from 'vitest';
import type { QuotaWait } from '#shared/domain/monitor/run-progress';
import { quotaWaitsPart } from '#shared/surfaces/dashboard/views/quota-waits';

/**
 * What a run under way says about provider quota on the run page and the case page's live
 * progress (shared/surfaces/dashboard/views/quota-waits.ts, issue 34 point 5): each waiting
 * family by name, whether it asks or judges, since when, for how long, and when its next call is
 * expected; nothing when no family waits.
 */
const ASKING: QuotaWait = {
  family: 'anthropic',
  phase: 'ask',
  since: '2026-12-01T00:02:00.000Z',
  waiting_seconds: 45,
  next_call_at: '2026-12-01T00:05:00.000Z',
};

describe('the quota waits of a run under way', () => {
  it('says nothing when no family waits', () => {
    expect(String(quotaWaitsPart([]))).toBe('');
  });

  it('names each waiting family, its phase, its wait and when its next call is expected', () => {
    const judging: QuotaWait = {
      ...ASKING,
      family: 'openai',
      phase: 'judge',
      waiting_seconds: 5400,
    };
    const part = String(quotaWaitsPart([ASKING, judging]));
    expect(part).toContain('Waiting for provider quota');
    expect(part).toContain('Nothing has failed');
    const items = [...part.matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1] ?? '');
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('Anthropic (asking)');
    expect(items[0]).toContain('<time datetime="2026-12-01T00:02:00.000Z">00:02 UTC</time>');
    expect(items[0]).toContain('(45 s)');
    expect(items[0]).toContain('<time datetime="2026-12-01T00:05:00.000Z">00:05 UTC</time>');
    expect(items[1]).toContain('OpenAI (judging)');
    expect(items[1]).toContain('(1.5 h)');
  });
});
