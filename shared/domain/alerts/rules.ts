/**
 * What an alert rule may say (docs/alerts.md "Rules"): the metrics it watches, the conditions it
 * fires on, which of them each metric accepts, whether `family` or `brand` narrow it, and the
 * scale of its `threshold`. The API refuses every other combination with 400 `invalid_request`
 * naming the field, so a stored rule always means something.
 */
import { BadRequestError } from '#shared/domain/kernel/errors';

export const ALERT_METRICS = [
  'mention_rate',
  'share_of_answer',
  'own_citation_rate',
  'total_score',
  'citations_lost',
  'new_competitor',
  'model_changed',
] as const;
export type AlertMetric = (typeof ALERT_METRICS)[number];

export const ALERT_CONDITIONS = ['drop', 'rise', 'change', 'below', 'above'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** The figures that are numbers of the summary (`summary.changes` names them the same). */
export const FIGURE_METRICS = [
  'mention_rate',
  'share_of_answer',
  'own_citation_rate',
  'total_score',
] as const satisfies readonly AlertMetric[];
export type FigureMetric = (typeof FIGURE_METRICS)[number];

export function isFigureMetric(metric: AlertMetric): metric is FigureMetric {
  return (FIGURE_METRICS as readonly string[]).includes(metric);
}

interface MetricRule {
  conditions: readonly AlertCondition[];
  /** `family` narrows the rule to one model family. */
  family: boolean;
  /** `brand` names whose figure (the brand, a competitor, a discovered brand). */
  brand: boolean;
  /** `threshold`'s scale: a fraction (0..1), score points (0..100), or none accepted. */
  threshold: 'fraction' | 'points' | 'none';
}

const ALL = ALERT_CONDITIONS;

/** Per metric: what it accepts. docs/alerts.md has the same table in words. */
export const METRIC_RULES: Readonly<Record<AlertMetric, MetricRule>> = {
  mention_rate: { conditions: ALL, family: true, brand: false, threshold: 'fraction' },
  share_of_answer: { conditions: ALL, family: false, brand: true, threshold: 'fraction' },
  own_citation_rate: { conditions: ALL, family: false, brand: false, threshold: 'fraction' },
  total_score: { conditions: ALL, family: false, brand: false, threshold: 'points' },
  citations_lost: { conditions: ['drop', 'change'], family: true, brand: true, threshold: 'none' },
  new_competitor: {
    conditions: ['above', 'rise', 'change'],
    family: false,
    brand: true,
    threshold: 'fraction',
  },
  model_changed: { conditions: ['change'], family: true, brand: false, threshold: 'none' },
};

/** The parts of a rule the checks read. */
export interface RuleShape {
  metric: AlertMetric;
  condition: AlertCondition;
  family?: string | null | undefined;
  brand?: string | null | undefined;
  threshold?: number | null | undefined;
}

/** Every problem of a rule, each with the field it belongs to; empty when the rule is sound. */
export function ruleProblems(rule: RuleShape): { path: string[]; message: string }[] {
  const spec = METRIC_RULES[rule.metric];
  const problems: { path: string[]; message: string }[] = [];
  const say = (field: string, message: string) => problems.push({ path: [field], message });
  if (!spec.conditions.includes(rule.condition)) {
    say(
      'condition',
      `${rule.metric} fires on ${spec.conditions.join(', ')}, not on ${rule.condition}`,
    );
  }
  if (rule.family != null && !spec.family) {
    say('family', `${rule.metric} is not measured per model family; leave family out`);
  }
  if (rule.brand != null && !spec.brand) {
    say('brand', `${rule.metric} is not measured per brand; leave brand out`);
  }
  const threshold = rule.threshold;
  const needsThreshold = rule.condition === 'below' || rule.condition === 'above';
  if (needsThreshold && threshold == null) {
    say('threshold', `${rule.condition} needs a threshold`);
  }
  if (threshold != null) {
    if (spec.threshold === 'none') {
      say('threshold', `${rule.metric} takes no threshold`);
    } else {
      const max = spec.threshold === 'points' ? 100 : 1;
      const unit = spec.threshold === 'points' ? 'score points' : 'a fraction (0.25 = 25 %)';
      if (threshold < 0 || threshold > max) {
        say('threshold', `must be between 0 and ${max} (${unit})`);
      }
    }
  }
  return problems;
}

/** Throws 400 `invalid_request` with every problem of the rule at its field. */
export function checkRule(rule: RuleShape): void {
  const problems = ruleProblems(rule);
  if (problems.length === 0) return;
  throw new BadRequestError(
    'invalid_request',
    `Invalid alert rule: ${problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('; ')}.`,
    { details: { issues: problems.map((p) => ({ ...p, code: 'custom' })) } },
  );
}
