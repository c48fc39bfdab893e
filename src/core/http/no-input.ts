/**
 * The input of an endpoint that takes none (extra fields are ignored, as everywhere): what
 * `z.object({})` accepts and answers, without zod. app/info takes no input, and the service
 * worker's shell answers it without loading zod (docs/decisions/service-worker-startup.md);
 * tests/node/no-input.test.ts holds it to `z.object({})`'s answers.
 */
import type { z } from 'zod';

/** zod's name for a value's type in "expected object, received …". */
const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

const NO_INPUT = {
  safeParse(raw: unknown) {
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) return { success: true, data: {} };
    const message = `Invalid input: expected object, received ${typeName(raw)}`;
    return { success: false, error: { issues: [{ expected: 'object', code: 'invalid_type', path: [], message }] } };
  },
};

/** Typed as the zod schema it stands for: the router only calls `safeParse` (./read-input.ts). */
export const noInput = (): z.ZodObject<{}> => NO_INPUT as unknown as z.ZodObject<{}>;
