/**
 * A fix for the local store only: dynalite 4.0.0 reads every Query and Scan through a stream over
 * a LevelDB iterator, and its stream's destroy closes the iterator with `iterator.return()`, a
 * method abstract-level's iterators do not have (they have `close()`). So every Query and Scan
 * left its iterator open: the database keeps each one in its set of open resources, and LevelDB
 * keeps what an open iterator pins (its snapshot, tables and buffers) in native memory. The soak
 * benchmark saw the process grow about 0.5 MiB per scan until this was found (docs/decisions.md
 * "Soak memory"). Giving the iterators a `return()` that closes them lets dynalite's own destroy,
 * which runs when the stream ends, release them. DynamoDB on AWS is not in the process: this
 * concerns `npm start`, the tests and the benchmarks.
 */
import { createRequire } from 'node:module';

interface ClosableIterator {
  close(): Promise<void>;
  return?: () => Promise<void>;
}

/**
 * The prototype every abstract-level iterator shares, loaded the way dynalite loads it (through
 * its own `memory-level` dependency), so it is the same module instance dynalite's stores use.
 */
export function commonIteratorPrototype(): ClosableIterator {
  const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
  const fromMemoryLevel = createRequire(fromDynalite.resolve('memory-level'));
  const { AbstractKeyIterator } = fromMemoryLevel('abstract-level') as {
    AbstractKeyIterator: { prototype: object };
  };
  return Object.getPrototypeOf(AbstractKeyIterator.prototype) as ClosableIterator;
}

/**
 * Makes dynalite close the iterators of the streams it is done with. Called by startDynalite
 * before it creates a store; the second call and later ones change nothing, and a future
 * abstract-level that has `return()` of its own is left as it is.
 */
export function closeFinishedIterators(): void {
  const prototype = commonIteratorPrototype();
  if (typeof prototype.return === 'function') return;
  Object.defineProperty(prototype, 'return', {
    configurable: true,
    writable: true,
    value(this: ClosableIterator) {
      return this.close();
    },
  });
}
