/**
 * Run in a fresh process (`node --import tsx import-probe.ts <request JSON>`) by
 * test/unit/architecture/import-time.test.ts: reports, as one JSON line, every piece of work the
 * body of each given module does when it is imported.
 *
 * First every module is imported once, unobserved: the libraries load (a library reading its own
 * settings or defining its globals while it loads is the library's business) and Node's lazy
 * globals are made real. Then each module is imported again under another URL (`?probe`), which
 * evaluates its own body once more while everything it imports stays loaded, with recorders in
 * place:
 * - `process.env` is a proxy that records each variable read or listed;
 * - async_hooks records every resource started (timers, sockets, name lookups, file reads);
 * - `EventEmitter.init` records every emitter built (agents, servers, clients);
 * - `process.on` records every process listener added;
 * - `globalThis`, the built-in prototypes and undici's dispatcher prototype are compared before
 *   and after the import (a patched `fetch`, a global dispatcher, a method added to a prototype).
 * An event counts when a frame of a probed root (shared/, a planted file) is on its stack, and
 * names that frame; changes to globals count for the module whose import made them.
 */
import { createHook } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface ProbeRequest {
  /** Absolute paths of the modules to import, in order. */
  modules: string[];
  /** Absolute path prefixes of our code: an event counts when one of its frames is in them. */
  roots: string[];
}

export interface ImportWork {
  /** The module whose import did it (its path as given). */
  module: string;
  kind: 'environment' | 'resource' | 'emitter' | 'listener' | 'global' | 'failed';
  /** What: the variable read, the resource type, the emitter class, the global changed. */
  what: string;
  /** The frame of ours that did it (file:line), when known. */
  at?: string;
}

// Frames deep inside a library (Powertools reading its settings) must still reach ours.
Error.stackTraceLimit = 80;

const request = JSON.parse(process.argv[2] ?? '{}') as ProbeRequest;
const found: ImportWork[] = [];
let current: string | undefined;
let recording = false;

/** The first frame of the current stack inside a probed root, or undefined. */
function ourFrame(): string | undefined {
  const stack = new Error().stack ?? '';
  for (const line of stack.split('\n').slice(2)) {
    const match = /(file:\/\/[^\s)]+|\/[^\s):]+\.[cm]?[jt]s[^\s)]*)/.exec(line);
    if (!match?.[1]) continue;
    const location = match[1].startsWith('file://') ? match[1] : `file://${match[1]}`;
    const file = fileURLToPath(location.replace(/:\d+(:\d+)?$/, ''));
    if (file === fileURLToPath(import.meta.url)) continue;
    if (request.roots.some((root) => file.startsWith(root)) && !file.includes('/node_modules/')) {
      return location.replace(/^file:\/\//, '');
    }
  }
  return undefined;
}

function record(kind: ImportWork['kind'], what: string): void {
  if (!recording || current === undefined) return;
  recording = false; // the recorders below must not record their own work
  try {
    // Without a frame of ours it is the module loader at work (it reads NODE_V8_COVERAGE...).
    const at = ourFrame();
    if (at !== undefined) found.push({ module: current, kind, what, at });
  } finally {
    recording = true;
  }
}

// The environment: every read or listing of a variable.
const environment = process.env;
process.env = new Proxy(environment, {
  get(target, key, receiver) {
    if (typeof key === 'string') record('environment', key);
    return Reflect.get(target, key, receiver);
  },
  has(target, key) {
    if (typeof key === 'string') record('environment', key);
    return Reflect.has(target, key);
  },
  ownKeys(target) {
    record('environment', '(every variable)');
    return Reflect.ownKeys(target);
  },
});

// Resources: promises and next-tick callbacks are bookkeeping, everything else is work.
const BOOKKEEPING = new Set(['PROMISE', 'TickObject', 'Microtask']);
createHook({
  init(_id, type) {
    if (!BOOKKEEPING.has(type)) record('resource', type);
  },
}).enable();

// Emitters: sockets, servers, HTTP agents and undici dispatchers all start as one. The
// EventEmitter constructor calls the static `init` (Node's own, not in @types/node) for each.
const emitters = EventEmitter as unknown as {
  init: (this: EventEmitter, ...args: unknown[]) => void;
};
const initEmitter = emitters.init;
emitters.init = function (this: EventEmitter, ...args: unknown[]) {
  record('emitter', this?.constructor?.name ?? 'EventEmitter');
  return initEmitter.apply(this, args);
};

// Process listeners (exit hooks, signal handlers).
const addListener = process.on;
process.on = function (this: NodeJS.Process, event: string | symbol, ...rest: unknown[]) {
  record('listener', String(event));
  return (addListener as (...a: unknown[]) => NodeJS.Process).call(this, event, ...rest);
} as typeof process.on;

const { default: DispatcherBase } = await import('undici/lib/dispatcher/dispatcher.js');

/** Objects whose own properties an import must leave as they were. */
const WATCHED: Record<string, object> = {
  globalThis,
  'Object.prototype': Object.prototype,
  'Function.prototype': Function.prototype,
  'Array.prototype': Array.prototype,
  'String.prototype': String.prototype,
  'Number.prototype': Number.prototype,
  'Promise.prototype': Promise.prototype,
  'Error.prototype': Error.prototype,
  'Map.prototype': Map.prototype,
  'Set.prototype': Set.prototype,
  'Date.prototype': Date.prototype,
  'RegExp.prototype': RegExp.prototype,
  'EventEmitter.prototype': EventEmitter.prototype,
  "undici's Dispatcher.prototype": (DispatcherBase as { prototype: object }).prototype,
};

type Snapshot = Map<string, unknown>;

function snapshot(): Snapshot {
  const values: Snapshot = new Map();
  for (const [name, target] of Object.entries(WATCHED)) {
    for (const key of Reflect.ownKeys(target)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      const value = descriptor && ('value' in descriptor ? descriptor.value : descriptor.get);
      values.set(`${name}.${String(key)}`, value);
    }
  }
  return values;
}

function changes(before: Snapshot, after: Snapshot): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter(
    (key) => before.has(key) !== after.has(key) || !Object.is(before.get(key), after.get(key)),
  );
}

// Unobserved: the libraries load, and so does every module of ours once.
for (const module of request.modules) {
  try {
    await import(pathToFileURL(module).href);
  } catch (error) {
    found.push({ module, kind: 'failed', what: (error as Error).message });
  }
}
// Node defines most globals lazily (a getter replaced by the value on first use).
for (const key of Reflect.ownKeys(globalThis)) {
  try {
    Reflect.get(globalThis, key);
  } catch {
    // A global that cannot be read here is not one an import could have used either.
  }
}

// Observed: each module's own body, once more.
for (const module of request.modules) {
  const before = snapshot();
  current = module;
  recording = true;
  try {
    await import(`${pathToFileURL(module).href}?probe`);
  } catch {
    // Reported by the first pass.
  }
  recording = false;
  for (const changed of changes(before, snapshot())) {
    found.push({ module, kind: 'global', what: changed });
  }
}

process.stdout.write(`${JSON.stringify({ imported: request.modules.length, found })}\n`);
// The recorders stay in place; the process ends here whatever an import left running.
process.exit(0);
