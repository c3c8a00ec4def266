/**
 * A local stand-in for the four model providers, on one port. Each family answers on its
 * provider's own paths with its provider's headers, bodies, citation structures and error
 * bodies, so the real adapters run unchanged against it. Answers are a pure function of the
 * seed, family, model, mode and prompt.
 *
 * Point a family at it by setting `<FAMILY>_BASE_URL` to `url` (OpenAI accepts the bare
 * origin as well as `url + "/v1"`) and any non-empty API key.
 *
 * As the monitor's backend (`caseSource`), it answers a case's prompts about that case's
 * brand and competitors (case-answer.ts) and judge prompts in the judge's strict format
 * (judge-reply.ts); prompts it does not recognise get the generic answer about `brands`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readJudgeInput } from '#shared/domain/monitor/engine/judge';
import type { AnswerTruth, SimulatedBrand } from './answer.ts';
import { anthropicWire } from './anthropic-wire.ts';
import { CaseIndex, type CaseSource } from './cases.ts';
import { composer, contentOptions } from './compose.ts';
import { type FaultConfig, FaultPlan, type FaultSpec, type SimulatedFamily } from './faults.ts';
import { googleWire } from './google-wire.ts';
import { withHostileCitations } from './hostile.ts';
import { openAiWire } from './openai-wire.ts';
import { perplexityWire } from './perplexity-wire.ts';
import { idFrom } from './random.ts';
import type { RateKnobs } from './rates.ts';
import { type SimulatorScenario, servedModel } from './scenario.ts';
import {
  type AskedQuestion,
  type FamilyWire,
  json,
  type SimResponse,
  type WireRequest,
} from './wire.ts';

export interface SimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1: the simulator never listens beyond loopback unless asked. */
  host?: string;
  seed?: string;
  /** Companies of the generic answer; a `mentionRate` also applies to a case company of that name. */
  brands?: SimulatedBrand[];
  competitors?: SimulatedBrand[];
  /** Rates for every family and mode; unset, each family has its own defaults (rates.ts). */
  brandMentionRate?: number;
  competitorMentionRate?: number;
  ownCitationRate?: number;
  /** Rates for one family (both modes); they win over the rates above. */
  familyRates?: Partial<Record<SimulatedFamily, Partial<RateKnobs>>>;
  /** Probability that a fact a brand-facts answer states is wrong (default 0.2). */
  factErrorRate?: number;
  thirdPartyDomains?: string[];
  /**
   * Domain to the origin its site is served from, for case answers: a cited page of that domain
   * gets this origin (a loopback fixture site in tests). Absent: `https://www.<domain>/`.
   */
  siteOrigins?: Record<string, string>;
  faults?: FaultConfig;
  /** Every web-search answer also cites `javascript:` and `data:` URLs (hostile.ts). */
  hostileCitations?: boolean;
  /**
   * The monitor cases (brand, aliases, competitors, fact sheet): prompts from a case's prompt
   * set are answered about that case. Called again every few seconds and when a prompt is not
   * recognised; a failing call keeps the cases read before.
   */
  caseSource?: CaseSource;
  /**
   * When true the n-th answered identical request gets repeat index n, so repeats differ the
   * way real answers do (the set of answers to n identical requests does not depend on their
   * order). Default: true with a `caseSource` (a run's repeats must be independent draws),
   * false otherwise.
   */
  varyRepeats?: boolean;
  /** What changed in the simulated world (scenario.ts); `setScenario` changes it later. */
  scenario?: SimulatorScenario;
  /** Called once per handled request, e.g. to log; the default is silent. */
  onRequest?: (entry: SimulatorLogEntry) => void;
  /**
   * Tests only: called with the ground truth of every case answer sent (what it names, with
   * which sentiment, which facts it claims). The truth never travels on the wire.
   */
  onAnswer?: (entry: SimulatorAnswerEntry) => void;
}

export interface SimulatorAnswerEntry {
  family: SimulatedFamily;
  mode: 'raw' | 'online';
  prompt: string;
  repeat: number;
  /** The answer's sentences in order; the wire text contains each of them. */
  sentences: string[];
  truth: AnswerTruth;
}

export interface SimulatorLogEntry {
  family: SimulatedFamily | null;
  method: string;
  path: string;
  status: number;
  fault: FaultSpec['kind'] | null;
}

export interface SimulatorHandle {
  /** Base URL such as `http://127.0.0.1:54321`, usable as every family's base URL. */
  url: string;
  /** Changes or clears one family's fault while running (resets its `times` counter). */
  setFault(family: SimulatedFamily, fault: FaultSpec | null): void;
  /** Changes what happened in the simulated world (scenario.ts); null: as configured. */
  setScenario(scenario: SimulatorScenario | null): void;
  close(): Promise<void>;
}

const WIRES: readonly FamilyWire[] = [openAiWire, anthropicWire, perplexityWire, googleWire];
const MAX_BODY_BYTES = 1024 * 1024;
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;
const DEFAULT_SLOW_MS = 5000;

/** What the request handler needs: the options and the state kept across requests. */
interface Simulator {
  options: SimulatorOptions;
  seed: string;
  plan: FaultPlan;
  /** How many times each identical request was answered (when repeats vary). */
  repeats: Map<string, number>;
  /** Timers of slow answers still waiting, cleared on close. */
  pending: Set<NodeJS.Timeout>;
  varyRepeats: boolean;
  compose: ReturnType<typeof composer>;
  scenario: SimulatorScenario | null;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const content = contentOptions(options);
  const cases = options.caseSource ? new CaseIndex(options.caseSource) : null;
  const sim: Simulator = {
    options,
    seed: content.seed,
    plan: new FaultPlan(options.faults),
    repeats: new Map(),
    pending: new Set(),
    varyRepeats: options.varyRepeats ?? cases !== null,
    compose: composer(options, content, cases),
    scenario: options.scenario ?? null,
  };
  const server = createServer((req, res) => {
    handle(sim, req, res).catch((error: unknown) => {
      sendResponse(res, json(500, { error: { message: String(error) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    setFault: (family, fault) => sim.plan.set(family, fault),
    setScenario: (scenario) => {
      sim.scenario = scenario;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of sim.pending) clearTimeout(timer);
        sim.pending.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function handle(sim: Simulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://simulator.local');
  const method = req.method ?? 'GET';
  const log = (family: SimulatedFamily | null, status: number, fault: FaultSpec | null = null) =>
    sim.options.onRequest?.({
      family,
      method,
      path: url.pathname,
      status,
      fault: fault?.kind ?? null,
    });

  if (method === 'GET' && url.pathname === '/health') {
    sendResponse(
      res,
      json(200, { ok: true, simulator: true, families: WIRES.map((w) => w.family) }),
    );
    return;
  }
  const wire = WIRES.find((candidate) => candidate.routes(method, url.pathname));
  if (!wire) {
    sendResponse(
      res,
      json(404, { error: { message: `No simulated route for ${method} ${url.pathname}` } }),
    );
    log(null, 404);
    return;
  }
  const raw = await readBody(req);
  if (raw === 'too_large') {
    const tooLarge = wire.tooLarge(`The request body exceeds ${MAX_BODY_BYTES} bytes.`);
    sendResponse(res, { ...tooLarge, headers: { ...tooLarge.headers, connection: 'close' } });
    log(wire.family, tooLarge.status);
    return;
  }
  const body = parseObject(raw);
  const request: WireRequest = {
    pathname: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    body: body ?? {},
  };
  const early = rejection(wire, request, body);
  if (early) {
    sendResponse(res, early);
    log(wire.family, early.status);
    return;
  }
  const answered = await answer(sim, wire, request, req);
  if (!answered) return;
  sendResponse(res, answered.response);
  log(wire.family, answered.response.status, answered.fault);
}

/** A request the wire refuses before answering: a body that is not JSON, no key, bad input. */
function rejection(
  wire: FamilyWire,
  request: WireRequest,
  body: Record<string, unknown> | null,
): SimResponse | null {
  if (body === null) return wire.badRequest('We could not parse the JSON body of your request.');
  if (!wire.hasCredentials(request)) return wire.unauthorised();
  const reason = wire.invalidReason(request);
  return reason === null ? null : wire.badRequest(reason);
}

/**
 * The answer, or the family's planned fault instead; undefined when the client gave up while a
 * slow answer waited.
 */
async function answer(
  sim: Simulator,
  wire: FamilyWire,
  request: WireRequest,
  req: IncomingMessage,
): Promise<{ response: SimResponse; fault: FaultSpec | null } | undefined> {
  const question = wire.read(request);
  const fault = sim.plan.next(wire.family);
  const answering = fault === null || fault.kind === 'slow';
  // A judge verdict is a function of the answer it judges; it never searches.
  const isJudge = readJudgeInput(question.prompt) !== undefined;
  const served = servedModel(wire.family, question.model, sim.scenario);
  const asked: AskedQuestion = isJudge
    ? { ...question, mode: 'raw' }
    : { ...question, model: served };
  const key = [wire.family, question.model, question.mode, question.prompt].join('\u0000');
  const counted = sim.varyRepeats && answering && !isJudge;
  const repeat = counted ? (sim.repeats.get(key) ?? 0) : 0;
  if (counted) sim.repeats.set(key, repeat + 1);
  const ids = idFrom(`${sim.seed}\u0000${key}\u0000${repeat}`);

  if (fault?.kind === 'slow') {
    const stillOpen = await wait(fault.delayMs ?? DEFAULT_SLOW_MS, req, sim.pending);
    if (!stillOpen) return undefined;
  }
  if (!answering) {
    const response =
      fault.kind === 'malformed' ? wire.malformed(question, ids) : wire.fault(fault, question, ids);
    return { response, fault };
  }
  const composed = await sim.compose(wire.family, question, repeat, sim.scenario);
  const hostile = sim.options.hostileCitations && !isJudge && question.mode === 'online';
  const content = hostile ? withHostileCitations(composed) : composed;
  if (content.truth && !isJudge) {
    sim.options.onAnswer?.({
      family: wire.family,
      mode: question.mode,
      prompt: question.prompt,
      repeat,
      sentences: content.sentences.map((sentence) => sentence.text),
      truth: content.truth,
    });
  }
  return { response: wire.answer(asked, content, ids), fault };
}

/** Resolves true after `ms`, or false as soon as the client gives up (so nothing is written). */
function wait(ms: number, req: IncomingMessage, pending: Set<NodeJS.Timeout>): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      req.socket.off('close', onClose);
      resolve(true);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      pending.delete(timer);
      resolve(false);
    };
    pending.add(timer);
    req.socket.once('close', onClose);
  });
}

/**
 * Reads the body, keeping at most MAX_BODY_BYTES. The rest of an oversized body is drained
 * unread, so the connection stays in step for the next request; past DRAIN_LIMIT_BYTES the
 * connection is cut instead.
 */
function readBody(req: IncomingMessage): Promise<string | 'too_large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (size > DRAIN_LIMIT_BYTES) req.destroy();
    });
    req.on('end', () =>
      resolve(size > MAX_BODY_BYTES ? 'too_large' : Buffer.concat(chunks).toString('utf8')),
    );
    req.on('error', reject);
  });
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function sendResponse(res: ServerResponse, response: SimResponse): void {
  if (res.headersSent || res.destroyed) return;
  // Marks simulated answers for a person reading raw responses; adapters must not rely on it.
  res.writeHead(response.status, { ...response.headers, 'x-simulator': 'true' });
  res.end(response.body);
}
