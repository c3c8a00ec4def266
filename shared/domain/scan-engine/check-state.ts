/**
 * A check's state from its points (docs/scan-engine.md): `good` from 80 % of its applicable
 * points, `warn` from 40 %, `bad` below, `unknown` when nothing applied. Apart from scoring.ts so
 * that readers of stored scans (the scan history, the monitor's fixes) do not bundle the engine.
 */
import type { CheckState } from './types.ts';

export function stateFor(score: number, max: number): CheckState {
  if (max <= 0) {
    return 'unknown';
  }
  const ratio = score / max;
  if (ratio >= 0.8) {
    return 'good';
  }
  if (ratio >= 0.4) {
    return 'warn';
  }
  return 'bad';
}
