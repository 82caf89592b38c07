// GET /cli/openapi.json: the OpenAPI 3.1 document of every /cli call, made from the
// calls' declarations (src/shared/contract/endpoints.ts) with zod's own JSON Schema
// output, once per process. It describes the envelope each call answers in, the error
// catalogue's codes (docs/product.md §8) and the 400 answer's `issues`, so the
// cooperative's apps can be written and checked against it.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { API_PREFIX } from '#src/shared/contract/call.ts';
import { callGroups, type Endpoint, healthCall, readyCall } from '#src/shared/contract/endpoints.ts';
import { ErrorCode, messageFor } from '#src/shared/contract/errors.ts';

type JsonSchema = Record<string, unknown>;

/** Definitions a schema refers to (the category tree refers to itself), shared by the whole document. */
const definitions: Record<string, JsonSchema> = {};

/**
 * A schema as a caller sends it (io input: defaults optional, coerced values as sent) or as the API
 * answers it. The definitions zod writes beside a recursive schema move to the document's components,
 * each named by its content, so two schemas sharing one share its name.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'ref' });
  let text = JSON.stringify(rest);
  const renamed = new Map<string, string>();
  for (const [name, definition] of Object.entries($defs ?? {})) {
    const shared = `Schema${createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 10)}`;
    renamed.set(`#/$defs/${name}`, `#/components/schemas/${shared}`);
  }
  const rewrite = (json: string) =>
    json.replace(/"#\/\$defs\/([^"]+)"/g, (ref, name: string) => JSON.stringify(renamed.get(`#/$defs/${name}`) ?? ref));
  for (const [name, definition] of Object.entries($defs ?? {})) {
    const target = renamed.get(`#/$defs/${name}`)!.split('/').at(-1)!;
    definitions[target] = JSON.parse(rewrite(JSON.stringify(definition))) as JsonSchema;
  }
  text = rewrite(text);
  return JSON.parse(text) as JsonSchema;
}

/** Hono's `/orders/:id` and `:outcome{ok|ko}` as OpenAPI's `/orders/{id}`. */
const openApiPath = (path: string) => `${API_PREFIX}${path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The codes a business error may carry (HTTP 200, responseCode ≠ 0). */
const businessCodes = Object.values(ErrorCode).filter(
  (code) => code !== ErrorCode.OK && code !== ErrorCode.PRICES_CHANGED,
);

const components = {
  schemas: {
    BusinessError: {
      type: 'object',
      description: `A business outcome of the error catalogue, answered with HTTP 200: ${businessCodes
        .map((code) => `${code} «${messageFor(code)}»`)
        .join('; ')}. errorMessage is the Italian text to show (for some codes the server's own, more precise).`,
      required: ['responseCode', 'errorMessage'],
      properties: {
        responseCode: { type: 'integer', enum: businessCodes },
        errorMessage: { type: 'string' },
        data: {},
        requestId: { type: 'string' },
      },
    },
    RefusedRequest: {
      type: 'object',
      description:
        'An HTTP-level refusal (400, 401, 403, 404, 413, 429, 503): responseCode 4000 with the Italian message; a 400 lists the issues of the input, each with its dotted path.',
      required: ['responseCode', 'errorMessage'],
      properties: {
        responseCode: { type: 'integer', const: ErrorCode.GENERIC },
        errorMessage: { type: 'string' },
        issues: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
        requestId: { type: 'string' },
      },
    },
  },
  // Decision 027: the apps send the login's jwt as a bearer token; the shop's pages hold theirs in
  // an HttpOnly cookie (login with session 'cookie'), whose writes must come from the shop's origin.
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        "The jwt of POST /cli/profiles/login (session 'token', the default): for the cooperative's apps and other non-browser clients.",
    },
    cookie: {
      type: 'apiKey',
      in: 'cookie',
      name: 'spesa_session',
      description:
        "The shop's pages (POST /cli/profiles/login with session 'cookie'): an HttpOnly, SameSite=Lax cookie, named __Host-spesa_session and Secure over https. A POST, PUT or DELETE carrying it must come from the shop's own origin (Sec-Fetch-Site same-origin or the shop's Origin), else 403.",
    },
  },
};

const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('RefusedRequest') } },
});

/** The answer of a call: its data in the envelope (or a 4105 with what changed), a business error, or a refusal. */
function responses(e: Endpoint): Record<string, unknown> {
  const success: JsonSchema[] = [];
  if (e.output)
    success.push({
      type: 'object',
      required: ['responseCode', 'data'],
      properties: { responseCode: { const: ErrorCode.OK }, data: jsonSchema(e.output, 'output') },
    });
  if (e.changed)
    success.push({
      type: 'object',
      description: 'Prices or availability changed (4105): the data says what, nothing was booked.',
      required: ['responseCode', 'data'],
      properties: { responseCode: { const: ErrorCode.PRICES_CHANGED }, data: jsonSchema(e.changed, 'output') },
    });
  const answered: Record<string, unknown> = {};
  if (e.events)
    answered['200'] = {
      description: 'A stream of server-sent events, each event data as described.',
      content: { 'text/event-stream': { schema: jsonSchema(e.events, 'output') } },
    };
  else if (e.output)
    answered['200'] = {
      description: 'The answer in the envelope, or a business error of the catalogue.',
      content: { 'application/json': { schema: { oneOf: [...success, ref('BusinessError')] } } },
    };
  else answered['302'] = { description: 'A redirect to the page that shows the outcome.' };
  return {
    ...answered,
    '400': refusal('The input does not match its schema (or a JSON body is malformed, too deep or too large).'),
    '401': refusal('Login required: no session, or an expired or revoked one.'),
    '403': refusal(
      'Not allowed: another customer’s data, a shopper on a staff call, or a write carrying the session cookie from a page of another origin.',
    ),
    '429': refusal('Too many attempts.'),
    '503': refusal('The database is unavailable for a moment.'),
  };
}

/** Query parameters, one per field of the query's object schema. */
function queryParameters(schema: z.ZodType): unknown[] {
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, field]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    schema: field,
  }));
}

function operation(group: string, name: string, e: Endpoint): Record<string, unknown> {
  const parameters = [
    ...Object.entries(e.params ?? {}).map(([param, schema]) => ({
      name: param,
      in: 'path',
      required: true,
      schema: jsonSchema(schema, 'input'),
    })),
    ...(e.query ? queryParameters(e.query) : []),
  ];
  return {
    operationId: `${group}.${name}`,
    tags: [group],
    ...(parameters.length ? { parameters } : {}),
    ...(e.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(e.body, 'input') } } } }
      : {}),
    responses: responses(e),
  };
}

function makeDocument(): Record<string, unknown> {
  const calls: [string, string, Endpoint][] = [
    ['ops', 'health', healthCall],
    ['ops', 'ready', readyCall],
  ];
  for (const [group, entries] of Object.entries(callGroups))
    for (const [name, e] of Object.entries(entries as Record<string, Endpoint>))
      calls.push([group.replace(/Calls$/, ''), name, e]);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [group, name, e] of calls) {
    const path = openApiPath(e.path);
    paths[path] = { ...paths[path], [e.method]: operation(group, name, e) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Spesa online API',
      version: '1',
      description:
        'The calls of the shop under /cli. Every answer is JSON in an envelope: {"responseCode":0,"data":…} on success; business errors are HTTP 200 with the code and Italian message of the error catalogue; bad input is HTTP 400 with responseCode 4000 and the issues. Calls that need a login take the session token as a bearer token (the apps) or the session cookie (the shop’s pages).',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { cookie: [] }, {}],
    paths,
    components: { ...components, schemas: { ...components.schemas, ...definitions } },
  };
}

let made: string | undefined;

/** The document as the API answers it, made on the first call. */
export const openApiDocument = (): string => (made ??= JSON.stringify(makeDocument()));
