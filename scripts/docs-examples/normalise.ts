/**
 * Turning what the local stack answered into the examples' stand-ins (docs/decisions.md "Docs
 * examples that run"): the ids of what the run created become the ids the example requests show
 * (`EXAMPLE_IDS`), other UUIDs numbered placeholders in order of appearance, the loopback site
 * and receiver `example.com` and the example receiver, the stack's address `{{base}}`, secrets
 * fixed fakes of the same shape, and times moved so the run starts at the examples' moment.
 * The same object puts the real ids into the requests on the way out.
 */
import { EXAMPLE_TIME } from '#shared/surfaces/api/examples';

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z\b/g;
const API_KEY = /\bars_[0-9A-Za-z]{46}\b/g;
const WEBHOOK_SECRET = /\bars_whsec_[0-9A-Za-z_-]{20,}/g;
const REQUEST_ID = /\breq_[0-9A-Za-z]{10,}\b/g;
const FAKE_KEY = 'ars_4fJ8kQ2mZx7Lp9Vc3Rt6Wb1Yn5Hd0Sg8Ua2Ke7Mi4Oq9Pz1';
const FAKE_SECRET = 'ars_whsec_Vq7Kx2Lm9Pz4Rt8Wc1Yb6Hn3Sd5Fg0Ja';
const FAKE_REQUEST_ID = 'req_01JDZ6X8T3N7Q5R2W9YV4K0B1C';

export class Normaliser {
  /** Stand-in -> real, for requests; real -> stand-in, for answers. */
  private readonly real = new Map<string, string>();
  private readonly standIn = new Map<string, string>();
  private numbered = 0;
  private readonly startedAt = Date.now();

  /** From now on `standIn` (an example id, the example site) means `real` in this run. */
  bind(standIn: string, real: string): void {
    this.real.set(standIn, real);
    this.standIn.set(real, standIn);
  }

  /**
   * In answers only, `real` reads as `standIn` (an address that also occurs inside other text of
   * the requests, such as `example.com` in `you@example.com`, is put back by the sender instead).
   */
  bindInAnswers(standIn: string, real: string): void {
    this.standIn.set(real, standIn);
  }

  /** The real value a stand-in stands for in this run (itself when it stands for nothing). */
  realOf(standIn: string): string {
    return this.real.get(standIn) ?? standIn;
  }

  /** A request's text with the real ids in place of the stand-ins. */
  toReal(text: string): string {
    let out = text;
    for (const [standIn, real] of this.real) out = out.replaceAll(standIn, real);
    return out;
  }

  /** An answer's text with stand-ins in place of everything that differs from run to run. */
  toStandIns(text: string): string {
    let out = text;
    // Longest first: the stack's address contains the loopback host of the site's address.
    const pairs = [...this.standIn].sort((a, b) => b[0].length - a[0].length);
    for (const [real, standIn] of pairs) out = out.replaceAll(real, standIn);
    return out
      .replace(API_KEY, FAKE_KEY)
      .replace(WEBHOOK_SECRET, FAKE_SECRET)
      .replace(REQUEST_ID, FAKE_REQUEST_ID)
      .replace(UUID, (uuid) => this.placeholder(uuid))
      .replace(ISO_TIME, (time) => this.shifted(time));
  }

  /** A JSON value with every string normalised. */
  value<T>(value: T): T {
    return JSON.parse(this.toStandIns(JSON.stringify(value))) as T;
  }

  private placeholder(uuid: string): string {
    if (this.real.has(uuid)) return uuid;
    const known = this.standIn.get(uuid);
    if (known) return known;
    this.numbered += 1;
    const stand = `00000000-0000-4000-8000-${String(this.numbered).padStart(12, '0')}`;
    this.bind(stand, uuid);
    return stand;
  }

  private shifted(time: string): string {
    const at = Date.parse(time);
    if (Number.isNaN(at)) return time;
    return new Date(EXAMPLE_TIME.getTime() + Math.max(0, at - this.startedAt)).toISOString();
  }
}
