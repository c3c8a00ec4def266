/**
 * The A2A agent card signal (A2A 1.0, a2a.proto `AgentCard`): eight required members, and an
 * endpoint in `supportedInterfaces[]` with `url`, `protocolBinding` and `protocolVersion`.
 * The v0.3 shape (top-level `url`) is still credited, with a finding to move to 1.0; a card
 * only at the legacy `/.well-known/agent.json` keeps its two thirds (docs/scan-engine.md).
 */
import { isObject, type JsonObject } from '#shared/domain/scan-engine/parse/json-ld';
import { partial, pass, type Signal } from '#shared/domain/scan-engine/scoring';
import { standardRef } from '#shared/domain/scan-engine/standards';
import type { Finding } from '#shared/domain/scan-engine/types';
import { type SignatureContext, signatureFindings } from './agent-a2a-signatures.ts';

const POINTS = 3;

/** Members A2A 1.0 marks REQUIRED on AgentCard, besides supportedInterfaces. */
const REQUIRED = [
  ['name', 'string'],
  ['description', 'string'],
  ['version', 'string'],
  ['capabilities', 'object'],
  ['defaultInputModes', 'array'],
  ['defaultOutputModes', 'array'],
  ['skills', 'array'],
] as const;

function has(document: JsonObject, key: string, kind: 'string' | 'object' | 'array'): boolean {
  const value = document[key];
  if (kind === 'array') return Array.isArray(value) && (key !== 'skills' || value.length > 0);
  if (kind === 'object') return isObject(value);
  return typeof value === 'string' && value !== '';
}

/** Problems of supportedInterfaces, or `absent` when the member is missing. */
function interfaceProblems(document: JsonObject): string[] | 'absent' {
  const list = document.supportedInterfaces;
  if (!Array.isArray(list) || list.length === 0) return 'absent';
  return list.flatMap((raw: unknown, index: number) => {
    if (!isObject(raw)) return [`supportedInterfaces[${index}] is not an object`];
    return ['url', 'protocolBinding', 'protocolVersion']
      .filter((key) => typeof raw[key] !== 'string' || raw[key] === '')
      .map((key) => `supportedInterfaces[${index}].${key}`);
  });
}

/** A2A 1.0.1 §14.1: the card's media type. */
export const A2A_MEDIA_TYPE = 'application/a2a+json';

export interface A2aCardContext extends SignatureContext {
  contentType: string;
}

/**
 * The card signal with what 1.0.1 added: a card served as application/json keeps its credit
 * with a note naming application/a2a+json; a signature that does not verify costs a third.
 */
export function a2aSignal(path: string, document: JsonObject, context: A2aCardContext): Signal {
  const base = a2aMembersSignal(path, document);
  const signatures = signatureFindings(document, context);
  const notes: Finding[] = [...signatures.findings];
  if (context.contentType !== A2A_MEDIA_TYPE && base.outcome === 'pass') {
    notes.push({
      id: 'agent.a2a_card_media_type',
      state: 'warn',
      text: `The A2A agent card at ${path} is served as ${context.contentType || 'an untyped body'}; A2A 1.0.1 serves it as ${A2A_MEDIA_TYPE}. Credited in full meanwhile.`,
    });
  }
  if (signatures.failed && base.outcome === 'pass') {
    return partial('a2a-card', POINTS, 2 / 3, ...base.findings, ...notes);
  }
  return { ...base, findings: [...base.findings, ...notes] };
}

function a2aMembersSignal(path: string, document: JsonObject): Signal {
  const missing: string[] = REQUIRED.filter(([key, kind]) => !has(document, key, kind)).map(
    ([key]) => key,
  );
  const interfaces = interfaceProblems(document);
  const v03 = interfaces === 'absent' && typeof document.url === 'string' && document.url !== '';
  if (interfaces === 'absent' && !v03) missing.push('supportedInterfaces');
  if (interfaces !== 'absent') missing.push(...interfaces);
  const core =
    has(document, 'name', 'string') &&
    has(document, 'skills', 'array') &&
    !missing.includes('supportedInterfaces');
  if (missing.length > 0) {
    return partial('a2a-card', POINTS, core ? 2 / 3 : 1 / 3, {
      id: 'agent.a2a_card_incomplete',
      state: 'bad',
      text: `A2A agent card at ${path} lacks ${missing.join(', ')} (required by A2A 1.0).`,
    });
  }
  if (path.endsWith('/agent.json')) {
    return partial('a2a-card', POINTS, 2 / 3, {
      id: 'agent.a2a_card_legacy_path',
      state: 'warn',
      text: `A2A agent card found only at the legacy ${path}; publish it at /.well-known/agent-card.json.`,
    });
  }
  const skills = (document.skills as unknown[]).length;
  if (v03) {
    return pass('a2a-card', POINTS, {
      id: 'agent.a2a_card_v03',
      state: 'warn',
      standard: standardRef('a2a-0.3'),
      text: `A2A agent card at ${path} uses the v0.3 shape (top-level url); A2A 1.0 names endpoints in supportedInterfaces[] with url, protocolBinding and protocolVersion. Credited in full meanwhile (${skills} skill(s)).`,
    });
  }
  return pass('a2a-card', POINTS, {
    id: 'agent.a2a_card_ok',
    state: 'good',
    text: `A2A agent card at ${path} has every member A2A 1.0 requires, with ${skills} skill(s).`,
  });
}
