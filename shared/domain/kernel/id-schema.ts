/**
 * A record's id where it enters the service (a path, a form, a workflow step's input): a UUID,
 * lower-cased as the service writes its ids, so `0190A7E6-…` and `0190a7e6-…` name the same
 * record and no code after the schema lower-cases it again.
 */
import { z } from 'zod';

export const RecordIdSchema = z.uuid().toLowerCase();
