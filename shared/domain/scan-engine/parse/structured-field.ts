/**
 * An RFC 9651 Dictionary parser (Structured Field Values, section 4.2.2), for the
 * `Content-Usage` preferences of draft-ietf-aipref-vocab/-attach (docs/scan-engine.md
 * "Standards"). It returns the members in order (a repeated key keeps its last value, as the
 * RFC says) or the first syntax error with its position, which the findings quote.
 */

export type BareItem =
  | { type: 'token'; value: string }
  | { type: 'string'; value: string }
  | { type: 'integer' | 'decimal'; value: number }
  | { type: 'boolean'; value: boolean }
  | { type: 'bytes'; value: string }
  | { type: 'date'; value: number }
  | { type: 'display'; value: string };

export interface DictMember {
  /** A bare item, or an inner list of items. */
  item: BareItem | { type: 'inner-list'; items: BareItem[] };
  params: Map<string, BareItem>;
}

export type DictionaryResult =
  | { ok: true; members: Map<string, DictMember> }
  | { ok: false; error: string; at: number };

class SyntaxFailure extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

/** Parses `input` (already stripped of surrounding SP, as a field value is). */
export function parseDictionary(input: string): DictionaryResult {
  const parser = new Parser(input.replace(/^ +| +$/g, ''));
  try {
    return { ok: true, members: parser.dictionary() };
  } catch (error) {
    if (error instanceof SyntaxFailure) return { ok: false, error: error.message, at: error.at };
    throw error;
  }
}

const KEY_START = /[a-z*]/;
const KEY_CHAR = /[a-z0-9_\-.*]/;
const TOKEN_START = /[A-Za-z*]/;
const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z:/]/;

class Parser {
  private pos = 0;

  constructor(private readonly text: string) {}

  dictionary(): Map<string, DictMember> {
    const members = new Map<string, DictMember>();
    while (this.pos < this.text.length) {
      const key = this.key();
      let item: DictMember['item'] = { type: 'boolean', value: true };
      if (this.peek() === '=') {
        this.pos += 1;
        item = this.peek() === '(' ? this.innerList() : this.bareItem();
      }
      members.delete(key); // a repeated key keeps its last value, in the last position
      members.set(key, { item, params: this.params() });
      this.skip(/[ \t]/);
      if (this.pos >= this.text.length) return members;
      if (this.peek() !== ',') this.fail(`expected "," after the member "${key}"`);
      this.pos += 1;
      this.skip(/[ \t]/);
      if (this.pos >= this.text.length) this.fail('a trailing comma ends the dictionary');
    }
    return members;
  }

  private key(): string {
    const first = this.peek();
    if (first === undefined || !KEY_START.test(first)) {
      this.fail(`a key must start with a lowercase letter or "*", found ${describe(first)}`);
    }
    const start = this.pos;
    while (this.pos < this.text.length && KEY_CHAR.test(this.text[this.pos] ?? '')) this.pos += 1;
    return this.text.slice(start, this.pos);
  }

  private params(): Map<string, BareItem> {
    const params = new Map<string, BareItem>();
    while (this.peek() === ';') {
      this.pos += 1;
      this.skip(/ /);
      const key = this.key();
      let value: BareItem = { type: 'boolean', value: true };
      if (this.peek() === '=') {
        this.pos += 1;
        value = this.bareItem();
      }
      params.set(key, value);
    }
    return params;
  }

  private innerList(): DictMember['item'] {
    this.pos += 1; // "("
    const items: BareItem[] = [];
    while (this.pos < this.text.length) {
      this.skip(/ /);
      if (this.peek() === ')') {
        this.pos += 1;
        return { type: 'inner-list', items };
      }
      items.push(this.bareItem());
      this.params();
      const next = this.peek();
      if (next !== ' ' && next !== ')') this.fail('expected a space or ")" in an inner list');
    }
    return this.fail('an inner list is not closed');
  }

  private bareItem(): BareItem {
    const char = this.peek();
    if (char === undefined) return this.fail('a value is missing');
    if (char === '"') return { type: 'string', value: this.quoted() };
    if (char === '-' || /[0-9]/.test(char)) return this.number();
    if (char === '?') return this.boolean();
    if (char === ':') return { type: 'bytes', value: this.until(':', /[A-Za-z0-9+/=]/) };
    if (char === '@') {
      this.pos += 1;
      const number = this.number();
      if (number.type !== 'integer') this.fail('a date must be an integer');
      return { type: 'date', value: number.value };
    }
    if (char === '%') {
      this.pos += 1;
      return { type: 'display', value: this.quoted() };
    }
    if (TOKEN_START.test(char)) {
      const start = this.pos;
      while (this.pos < this.text.length && TOKEN_CHAR.test(this.text[this.pos] ?? '')) {
        this.pos += 1;
      }
      return { type: 'token', value: this.text.slice(start, this.pos) };
    }
    return this.fail(`${describe(char)} cannot start a value`);
  }

  private quoted(): string {
    this.pos += 1; // opening quote
    let value = '';
    while (this.pos < this.text.length) {
      const char = this.text[this.pos] ?? '';
      this.pos += 1;
      if (char === '\\') {
        const escaped = this.text[this.pos];
        if (escaped !== '"' && escaped !== '\\') this.fail('only \\" and \\\\ may be escaped');
        value += escaped;
        this.pos += 1;
      } else if (char === '"') {
        return value;
      } else if (char < ' ' || char > '~') {
        this.fail(`a string holds only printable ASCII, found ${describe(char)}`);
      } else {
        value += char;
      }
    }
    return this.fail('a string is not closed');
  }

  private number(): BareItem {
    const match = /^-?\d{1,15}(\.\d{1,3})?/.exec(this.text.slice(this.pos));
    if (match === null) return this.fail('a number is malformed');
    const [digits] = match;
    this.pos += digits.length;
    if (match[1] !== undefined && (digits.replace(/^-/, '').split('.')[0] ?? '').length > 12) {
      this.fail('a decimal has more than 12 integer digits');
    }
    return { type: match[1] === undefined ? 'integer' : 'decimal', value: Number(digits) };
  }

  private boolean(): BareItem {
    const value = this.text[this.pos + 1];
    if (value !== '0' && value !== '1') this.fail('a boolean is ?0 or ?1');
    this.pos += 2;
    return { type: 'boolean', value: value === '1' };
  }

  private until(end: string, allowed: RegExp): string {
    const start = ++this.pos;
    while (this.pos < this.text.length && this.text[this.pos] !== end) {
      if (!allowed.test(this.text[this.pos] ?? '')) this.fail('a byte sequence is not base64');
      this.pos += 1;
    }
    if (this.text[this.pos] !== end) this.fail('a byte sequence is not closed');
    this.pos += 1;
    return this.text.slice(start, this.pos - 1);
  }

  private peek(): string | undefined {
    return this.text[this.pos];
  }

  private skip(pattern: RegExp): void {
    while (this.pos < this.text.length && pattern.test(this.text[this.pos] ?? '')) this.pos += 1;
  }

  private fail(message: string): never {
    throw new SyntaxFailure(message, this.pos);
  }
}

function describe(char: string | undefined): string {
  return char === undefined ? 'the end' : JSON.stringify(char);
}
