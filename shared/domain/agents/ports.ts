/** Where a refreshed ranges dataset is kept (the store on AWS; docs/agent-logs.md). */
import type { RangesDataset } from './ranges.ts';

/** The ranges dataset a refresh left in the store (newer than the bundled one, or none). */
export interface RangesStore {
  read(): Promise<RangesDataset | undefined>;
  write(dataset: RangesDataset): Promise<void>;
}
