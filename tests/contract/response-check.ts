/**
 * Checks an API answer against the OpenAPI document: the response schema of its route and status,
 * compiled once per checker (one checker per test file). Shared by the browser tier's fetch wrapper
 * (tests/browser/contract-setup.ts) and the e2e tier's response listener (tests/e2e/contract-check.ts),
 * so an output schema cannot drift from what the routes answer.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

interface Document {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { responses: Record<string, unknown> };
}

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}

export interface Answer {
  method: string;
  /** The request's URL (absolute, or a path). */
  url: string;
  status: number;
  body: unknown;
}

export type ContractCheck = (answer: Answer) => string | undefined;

const API = '/api/v2';

export function contractCheck(document: unknown): ContractCheck {
  const doc = document as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  ajv.addSchema(document as object, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const validator = (pointer: string) => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };
  const resolve = (response: ResponseObject | undefined): ResponseObject | undefined =>
    response?.$ref ? (doc.components.responses[response.$ref.split('/').pop()!] as ResponseObject) : response;

  return ({ method, url, status, body }) => {
    const pathname = new URL(url, 'http://any.test').pathname;
    const at = pathname.indexOf(`${API}/`);
    const route = at < 0 ? undefined : pathname.slice(at + API.length).replace(/\/+$/, '');
    const verb = method === 'HEAD' ? 'get' : method.toLowerCase();
    const operation = route === undefined ? undefined : doc.paths[route]?.[verb];
    const where = `${method} ${route ?? pathname} → ${status}`;
    if (!operation) {
      // An unknown route, method or API version: the error envelope, as any route's error.
      if (status < 400) return `${where}: answered ${status}, but the OpenAPI document has no such operation.`;
      return errorsOf(validator('/components/schemas/ErrorEnvelope'), body, where);
    }
    const responses = operation.responses as Record<string, ResponseObject>;
    const response = resolve(responses[String(status)] ?? responses[`${String(status).charAt(0)}XX`] ?? responses.default);
    if (!response) return `${where}: the document lists no response for status ${status}.`;
    const key = Object.keys(response.content ?? {}).find((type) => type.includes('json'));
    if (!key) return `${where}: answered JSON, but the document says this response is ${Object.keys(response.content ?? {}).join(', ') || 'empty'}.`;
    const pointer = responses[String(status)]?.$ref ?? responses[`${String(status).charAt(0)}XX`]?.$ref;
    const path = pointer
      ? `/components/responses/${pointer.split('/').pop()}/content/${escape(key)}/schema`
      : `/paths/${escape(route!)}/${verb}/responses/${responses[String(status)] ? status : `${String(status).charAt(0)}XX`}/content/${escape(key)}/schema`;
    return errorsOf(validator(path), body, where);
  };
}

/** A JSON pointer segment. */
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function errorsOf(validate: ValidateFunction, body: unknown, where: string): string | undefined {
  if (validate(body)) return undefined;
  const detail = (validate.errors ?? []).slice(0, 3).map((error) => `${error.instancePath || '(root)'} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`);
  return `${where}: the answer does not match the OpenAPI document: ${detail.join('; ')}. Body: ${JSON.stringify(body).slice(0, 400)}`;
}
