/**
 * The agent-logs store alone, built once per process on first use: the agent analytics
 * (agent-logs.ts) and the case pages' cited pages (monitor.ts) read it, and the case pages
 * bundle neither the agent-log queue nor the ranges.
 */
import { createAgentLogsRepository } from '#shared/adapters/dynamodb/agent-logs-repository';
import type { AgentLogStore } from '#shared/domain/agent-logs/ports';
import { lazy } from '#shared/wiring/lazy';
import { getStore } from '#shared/wiring/platform';

export const getAgentLogStore = lazy((): AgentLogStore => createAgentLogsRepository(getStore()));
