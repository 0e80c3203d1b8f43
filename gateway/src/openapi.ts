import { errorBodySchema } from '@medrelay/contracts';
import { apiRoutes, type ApiRoute } from '@medrelay/contracts/api-routes';
import { z } from 'zod';

/** JSON Schema of a zod schema, as OpenAPI 3.1 takes it (its schema dialect is JSON Schema 2020-12). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  // Transforms and coercions have no JSON Schema form: describe their input or output side.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** `/api/medicines/:id` → `/api/medicines/{id}`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function errorResponses(route: ApiRoute) {
  const answers: Record<string, unknown> = {};
  if (route.params || route.query || route.body || route.rawBody)
    answers['400'] = errorResponse('Invalid input');
  if (route.access !== 'public') {
    answers['401'] = errorResponse('No valid token');
    answers['403'] = errorResponse('Not allowed for this account');
  }
  if (route.params) answers['404'] = errorResponse('Not found');
  answers['503'] = errorResponse('A service is unavailable or the platform is in maintenance');
  return answers;
}

function parameters(route: ApiRoute) {
  const list: unknown[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const described = jsonSchema(schema, 'input') as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(described.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || (described.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return list;
}

function operation(route: ApiRoute) {
  const status = String(route.status ?? 200);
  // A raw answer's schema, when declared, describes what it carries (each event of a stream).
  const rawSchema = route.response ? { schema: jsonSchema(route.response, 'output') } : {};
  const success = route.rawResponse
    ? { description: 'OK', content: Object.fromEntries(route.rawResponse.map((t) => [t, rawSchema])) }
    : route.response
      ? {
          description: 'OK',
          content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
          ...(route.headers && {
            headers: Object.fromEntries(
              Object.entries(route.headers).map(([name, description]) => [
                name,
                { description, schema: { type: 'integer' } },
              ]),
            ),
          }),
        }
      : { description: 'Done, no body' };
  const params = parameters(route);
  return {
    tags: [route.tag],
    summary: route.summary,
    operationId: `${route.method}${openApiPath(route.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string = '') => c.toUpperCase())}`,
    ...(route.access !== 'public' && { security: [{ bearer: [] }] }),
    ...(route.access === 'admin' && { description: 'Administrators only.' }),
    ...(route.access === 'approved' && { description: 'Approved accounts only.' }),
    ...(params.length && { parameters: params }),
    ...(route.body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      },
    }),
    ...(route.rawBody && {
      requestBody: {
        required: true,
        content: Object.fromEntries(
          route.rawBody.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }]),
        ),
      },
    }),
    responses: { [status]: success, ...errorResponses(route) },
  };
}

/** The OpenAPI 3.1 document of the public API, generated from the route registry in libs/contracts. */
export function openApiDocument(routes: readonly ApiRoute[] = apiRoutes) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    (paths[openApiPath(route.path)] ??= {})[route.method] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'MedRelay API',
      version: '1.0.0',
      description:
        'Every call goes through the gateway. Errors answer `{ message, code, details }`; `message` is in the language of `Accept-Language` (en or ar).',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
