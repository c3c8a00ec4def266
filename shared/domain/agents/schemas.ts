/**
 * Wire schema of the public registry of AI agents (an addition, docs/api.md "Agent analytics";
 * docs/agent-logs.md "The registry"): every agent with its operator, purpose and published ranges.
 */
import { z } from 'zod';

export const RegistryAgentSchema = z
  .object({
    token: z.string().meta({ example: 'GPTBot' }),
    operator: z.string().meta({ example: 'OpenAI' }),
    purpose: z.enum(['training', 'search', 'user', 'other']),
    verification: z.enum(['ranges', 'none']).meta({
      description: '`ranges` when the operator publishes the addresses it fetches from',
    }),
    ranges_as_of: z.iso.date().nullable(),
    ranges_source: z.url().nullable(),
    ranges: z.array(z.string()).meta({ description: 'CIDR prefixes' }),
  })
  .meta({ id: 'RegistryAgent' });

export const AgentRegistryResponseSchema = z.object({ agents: z.array(RegistryAgentSchema) });

export type AgentRegistryResponse = z.infer<typeof AgentRegistryResponseSchema>;
