/**
 * zod → JSON Schema 2020-12 (zod 4's own `z.toJSONSchema`), as OpenAPI 3.1 components: every
 * schema registered under a name, references as `#/components/schemas/<name>`. Recursive views
 * that no name was given are hoisted by zod into a `__shared` entry; they become components of
 * their own here, so every reference resolves inside the document.
 */
import type { z } from 'zod';
// From zod's core, not the `z` namespace: the service worker's core script holds that namespace,
// and the JSON Schema code would join it there, loaded by every start (tools/vite-plugin-service-worker.ts).
import { registry as zodRegistry, toJSONSchema } from 'zod/v4/core';

export type JsonSchema = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';

/** `io`: inputs are described as a client sends them (before defaults and transforms), answers as sent back. */
export function componentSchemas(named: ReadonlyMap<z.ZodType, string>, io: 'input' | 'output', sharedPrefix: string): Record<string, JsonSchema> {
  const registry = zodRegistry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const { schemas } = toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    // A transform's output, or a custom check, is described by what it accepts: anything.
    unrepresentable: 'any',
    uri: (id) => `${COMPONENTS}${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  const out: Record<string, JsonSchema> = {};
  const shared = (schemas.__shared?.$defs ?? {}) as Record<string, JsonSchema>;
  for (const [id, schema] of Object.entries(schemas)) if (id !== '__shared') out[id] = schema;
  for (const [id, schema] of Object.entries(shared)) out[`${sharedPrefix}${id}`] = schema;
  for (const [id, schema] of Object.entries(out)) out[id] = tidy(schema, sharedPrefix) as JsonSchema;
  return out;
}

/** Drops `$schema`/`$id` (a component is not a document of its own) and points shared references at their components. */
function tidy(value: unknown, sharedPrefix: string): unknown {
  if (Array.isArray(value)) return value.map((entry) => tidy(entry, sharedPrefix));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key === '$schema' || key === '$id') continue;
    if (key === '$ref' && typeof entry === 'string') out.$ref = entry.replace(/__shared#\/\$defs\//, sharedPrefix);
    else out[key] = tidy(entry, sharedPrefix);
  }
  return out;
}
