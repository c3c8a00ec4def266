import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPowertoolsMetrics } from '#shared/adapters/powertools/metrics';
import { captureEmf, type EmfCapture } from '#test/support/emf';

/** The Powertools adapter of the metrics port writes one EMF line per count, at once. */
let emf: EmfCapture;
beforeEach(() => {
  emf = captureEmf();
});
afterEach(() => emf.stop());

const options = { namespace: 'AgentReadiness', service: 'agent-readiness-api', stage: 'prod' };

describe('the Powertools metrics adapter', () => {
  it('publishes a count as one EMF line with the service and stage dimensions', () => {
    createPowertoolsMetrics(options).count('ScanCompleted');
    const [line, ...rest] = emf.lines();
    expect(rest).toEqual([]);
    expect(line?._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'AgentReadiness',
        Dimensions: [['service', 'stage']],
        Metrics: [{ Name: 'ScanCompleted', Unit: 'Count' }],
      },
    ]);
    expect(line).toMatchObject({ service: 'agent-readiness-api', stage: 'prod', ScanCompleted: 1 });
  });

  it('adds a family dimension to that count only', () => {
    const metrics = createPowertoolsMetrics(options);
    metrics.count('ProviderCallFailed', 1, { family: 'google' });
    metrics.count('JudgeTokens', 1234);
    const [failed, tokens] = emf.lines();
    expect(failed?._aws.CloudWatchMetrics[0]?.Dimensions).toEqual([['service', 'stage', 'family']]);
    expect(failed).toMatchObject({ family: 'google', ProviderCallFailed: 1 });
    expect(tokens?._aws.CloudWatchMetrics[0]?.Dimensions).toEqual([['service', 'stage']]);
    expect(tokens).toMatchObject({ JudgeTokens: 1234 });
    expect(tokens).not.toHaveProperty('family');
  });

  it('skips a count that is not a finite, non-negative number instead of throwing', () => {
    const errors: unknown[] = [];
    const metrics = createPowertoolsMetrics({ ...options, onError: (error) => errors.push(error) });
    metrics.count('JudgeTokens', Number.NaN);
    metrics.count('JudgeTokens', -1);
    expect(emf.lines()).toEqual([]);
    expect(errors).toEqual([]);
  });
});
