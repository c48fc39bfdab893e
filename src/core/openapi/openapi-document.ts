/**
 * The API's OpenAPI 3.1 document, generated from the route table (../routes.ts), each route's input
 * schema and its output schema (./route-outputs.ts), with zod 4's own JSON Schema output
 * (docs/decisions/openapi.md). Nothing here is written per route but the examples.
 */
import { z } from 'zod';
import { APP_VERSION } from '../app/version';
import { folderViewOutput } from '../folders/folders.outputs';
import { STATUS_BY_CODE } from '../http/errors';
import { noInput } from '../http/no-input';
import { writesOncePerKey, type Route } from '../http/router';
import { itemViewOutput } from '../listing/item-view.outputs';
import { smartFolderViewOutput } from '../smart-folders/smart-folder.outputs';
import { EXAMPLES } from './examples';
import { EXTENSIONS } from './extensions';
import { componentSchemas, type JsonSchema } from './json-schemas';
import { isBinary, type BinaryOutput } from '../http/output-kit';
import { outputOf, requestOf, routeKey } from './route-outputs';
import { FILES_FIELD } from '../items/add-files-field';

type AnyRoute = Route<z.ZodType, never>;

/** Raw-body routes whose body is multipart/form-data, each file a `files` part (item/addFiles). */
const MULTIPART_BODIES: ReadonlySet<string> = new Set(['POST /item/addFiles']);
const FILES_PARTS = { type: 'object', required: [FILES_FIELD], properties: { [FILES_FIELD]: { type: 'array', items: { type: 'string', format: 'binary' } } } };

/** `GET /item/get` → `getItemGet`; `GET /openapi.json` → `getOpenapiJson`. */
export function operationId(route: Pick<AnyRoute, 'method' | 'path'>): string {
  const words = route.path.split(/[/.]/).filter(Boolean);
  return route.method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorContent = (example?: unknown) => ({ 'application/json': { schema: ref('ErrorEnvelope'), ...(example ? { example } : {}) } });

const errorEnvelope = () =>
  z.object({
    status: z.literal('error'),
    code: z.enum(Object.keys(STATUS_BY_CODE) as [keyof typeof STATUS_BY_CODE]),
    message: z.string().describe('Names the field and the rule it broke.'),
  });

export interface DocumentOptions {
  /** Where the API lives: `/api/v2`, or `<base>api/v2` for an embedded install. */
  apiPrefix: string;
  /** ROUTES (../routes.ts), handed in: this module is a lazily loaded script that must not import the core's route table. */
  routes: readonly AnyRoute[];
}

export function buildOpenApiDocument({ apiPrefix, routes }: DocumentOptions) {
  const inputs = new Map<z.ZodType, string>();
  const outputs = new Map<z.ZodType, string>([
    [itemViewOutput(), 'ItemView'],
    [folderViewOutput(), 'FolderView'],
    [smartFolderViewOutput(), 'SmartFolderView'],
    [errorEnvelope(), 'ErrorEnvelope'],
  ]);
  const plan = routes.map((route) => {
    const id = operationId(route);
    const output = outputOf(route);
    if (!output) throw new Error(`${routeKey(route)} has no output schema (add it to its feature's *.outputs.ts).`);
    let inputName: string | undefined;
    if (route.input !== noInput) {
      const schema = requestOf(route);
      if (!inputs.has(schema)) inputs.set(schema, `${id}Input`);
      inputName = inputs.get(schema);
    }
    if (isBinary(output)) return { route, id, inputName, binary: output };
    outputs.set(z.object({ status: z.literal('success'), data: output }), `${id}Answer`);
    return { route, id, inputName, answer: `${id}Answer` };
  });
  const schemas = { ...componentSchemas(outputs, 'output', 'SharedOutput'), ...componentSchemas(inputs, 'input', 'SharedInput') };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const { route, id, inputName, binary, answer } of plan) {
    const example = EXAMPLES[routeKey(route)];
    const input = inputName ? schemas[inputName]! : undefined;
    const inQuery = route.method === 'GET' || route.rawBody === true;
    const keyed = writesOncePerKey(route);
    const parameters = [
      { $ref: '#/components/parameters/LibraryPath' },
      ...(keyed ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
      ...(input && inQuery ? queryParameters(input) : []),
    ];
    const body = route.rawBody
      ? MULTIPART_BODIES.has(routeKey(route))
        ? { required: true, description: `The files, each a \`${FILES_FIELD}\` part; their fields are query parameters, the same for each.`, content: { 'multipart/form-data': { schema: FILES_PARTS } } }
        : { required: true, description: 'The file or zip itself, as the body; its fields are query parameters.', content: { 'application/octet-stream': {} } }
      : input && !inQuery
        ? { required: ((input.required as string[] | undefined) ?? []).length > 0, content: { 'application/json': { schema: ref(inputName!), ...(example?.request ? { example: example.request } : {}) } } }
        : undefined;
    const ok = binary
      ? binaryResponses(binary)
      : { '200': { description: 'Success: the envelope, its answer in `data`.', content: { 'application/json': { schema: ref(answer!), ...(example?.answer !== undefined ? { example: { status: 'success', data: example.answer } } : {}) } } } };
    const extension = EXTENSIONS.has(routeKey(route));
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: id,
      tags: [tagOf(route.path)],
      summary: `${route.method} ${route.path.slice(1)}${extension ? ' (extension)' : ''}`,
      ...(extension ? { 'x-extension': true } : {}),
      parameters,
      ...(body ? { requestBody: body } : {}),
      responses: {
        ...ok,
        ...(input ? { '400': { $ref: '#/components/responses/BadInput' } } : {}),
        '404': { $ref: '#/components/responses/NotFound' },
        '4XX': { $ref: '#/components/responses/Error' },
        '5XX': { $ref: '#/components/responses/Error' },
      },
    };
  }

  return {
    openapi: '3.1.1',
    info: {
      title: 'Offline asset library API',
      version: APP_VERSION.webVersion,
      summary: 'Library Asset Management Web API v2, answered in the browser by a service worker, with our extensions.',
      description:
        'Every answer is an envelope: `{status: "success", data}`, or `{status: "error", code, message}` with the HTTP status of its code. GET takes query parameters (arrays comma-separated), POST a JSON body. Operations marked `x-extension` are ours, not the contract\'s (docs/api-extensions.md).',
    },
    servers: [{ url: apiPrefix, description: 'This site: the service worker answers every request, offline too.' }],
    tags: [...new Set(routes.map((route) => tagOf(route.path)))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      parameters: {
        LibraryPath: {
          name: 'X-Library-Path',
          in: 'header',
          required: false,
          description: 'Work on this library for this request only (a GET may send `library=` instead); an unknown library is a 404.',
          schema: { type: 'string' },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Carries the write out once: sent again with the same key, it gets the first answer (`Idempotent-Replayed: true`) and writes nothing; a 409 names the header when that answer was lost (docs/api-extensions.md#every-request).',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,128}$' },
        },
      },
      responses: {
        BadInput: {
          description: 'Bad input: the message names the field; nothing was stored.',
          content: errorContent({ status: 'error', code: 'INVALID_ARGUMENT', message: 'name: Invalid input: expected string, received number.' }),
        },
        NotFound: {
          description: 'No such route, item, folder or library.',
          content: errorContent({ status: 'error', code: 'NOT_FOUND', message: 'No item with id KX3B9Q2Z00001.' }),
        },
        Error: { description: 'An error envelope; its `code` tells which.', content: errorContent() },
      },
    },
  };
}

const tagOf = (path: string) => path.split('/')[1]!.replace(/\.json$/, '');

/** A GET's fields (and a raw body's) come from the query string: one parameter per property. */
function queryParameters(input: JsonSchema) {
  const properties = propertiesOf(input);
  const required = new Set((input.required as string[] | undefined) ?? []);
  // Arrays in a query string are comma-separated (docs/contract.md#envelope-and-errors).
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), ...(schema.type === 'array' ? { style: 'form', explode: false } : {}), schema }));
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  if (schema.properties) return schema.properties as Record<string, JsonSchema>;
  const branches = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as JsonSchema[] | undefined;
  return Object.assign({}, ...(branches ?? []).map(propertiesOf));
}

function binaryResponses(binary: BinaryOutput) {
  const content = { [binary.mediaType]: {} };
  return Object.fromEntries([200, ...(binary.statuses ?? [])].map((status) => [String(status), { description: binary.description, content }]));
}
