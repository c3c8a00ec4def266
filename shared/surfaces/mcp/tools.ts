/**
 * The tools of the tool server, derived from the route manifest: every route marked `mcpTool`
 * becomes one tool named after its operation id, its input the union of the route's path, query
 * and body schemas, its output the REST response body (`meta` included). Adding a read route
 * with the mark adds the tool; nothing else is written for it.
 */
import { z } from 'zod';
import { ROUTES, type RouteDefinition } from '#shared/surfaces/api/manifest';
import { MetaSchema } from '#shared/surfaces/http/schemas';

export interface ToolDefinition {
  name: string;
  description: string;
  route: RouteDefinition;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
  /** Which input fields go into the path, the query string and the body. */
  placement: Record<string, 'path' | 'query' | 'body'>;
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
}

/**
 * Path parameters are taken as plain strings: the route decides what a malformed id means
 * (not found), exactly as over REST, instead of the tool layer rejecting it differently.
 */
function lenientPathParam(schema: z.ZodType): z.ZodType {
  const description = schema.meta()?.description ?? 'Identifier';
  return z.string().min(1).meta({ description });
}

function toolOf(route: RouteDefinition): ToolDefinition {
  const placement: ToolDefinition['placement'] = {};
  const shape: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(shapeOf(route.request?.params))) {
    shape[name] = lenientPathParam(schema);
    placement[name] = 'path';
  }
  for (const [name, schema] of Object.entries(shapeOf(route.request?.query))) {
    shape[name] = schema;
    placement[name] = 'query';
  }
  for (const [name, schema] of Object.entries(shapeOf(route.request?.body))) {
    shape[name] = schema;
    placement[name] = 'body';
  }
  if (!('schema' in route.response)) throw new Error(`${route.operationId} is not a JSON route`);
  const response = route.response.schema as z.ZodObject;
  return {
    name: route.operationId,
    description: `${route.summary}. ${route.description} (REST: ${route.method} ${route.path})`,
    route,
    inputSchema: z.object(shape),
    outputSchema: response.extend({ meta: MetaSchema }),
    placement,
  };
}

export const TOOLS: readonly ToolDefinition[] = ROUTES.filter((route) => route.mcpTool).map(toolOf);
