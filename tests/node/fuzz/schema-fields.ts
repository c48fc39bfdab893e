/** The field names a route's zod schema reads, so the fuzzer sends hostile values where they are looked at. */
import type { z } from 'zod';

type Def = { type: string; getter?: () => z.ZodType; in?: z.ZodType; out?: z.ZodType; innerType?: z.ZodType; options?: z.ZodType[]; shape?: Record<string, z.ZodType>; catchall?: z.ZodType };

export function fieldNamesOf(schema: z.ZodType, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  // A schema that is not zod's reads no field (noInput: src/core/http/no-input.ts).
  const def = (schema as unknown as { _zod?: { def: Def } })._zod?.def;
  if (!def) return [];
  const inner = (next: z.ZodType | undefined) => (next ? fieldNamesOf(next, seen) : []);
  switch (def.type) {
    case 'lazy': return inner(def.getter!());
    case 'pipe': return [...inner(def.in), ...inner(def.out)];
    case 'union': return [...new Set(def.options!.flatMap((option) => fieldNamesOf(option, seen)))];
    case 'object': return Object.keys(def.shape!);
    case 'optional': case 'default': case 'nullable': case 'prefault': return inner(def.innerType);
    default: return [];
  }
}

/** Whether the schema refuses fields it does not read (a strict object, `closedObject` in src/core/http/input.ts). */
export function refusesUnknownFields(schema: z.ZodType): boolean {
  const def = (schema as unknown as { _zod?: { def: Def } })._zod?.def;
  if (!def) return false;
  switch (def.type) {
    case 'lazy': return refusesUnknownFields(def.getter!());
    case 'pipe': return refusesUnknownFields(def.in!);
    case 'object': return (def.catchall as unknown as { _zod?: { def: Def } } | undefined)?._zod?.def.type === 'never';
    default: return false;
  }
}
