/**
 * A browser command (vite.config.ts `browser.commands`, run in node): validates a document as
 * OpenAPI with @seriousme/openapi-schema-validator, which reads files with node's fs and so runs
 * on this side. The browser test hands it the document its service worker served.
 */
import type { BrowserCommand } from 'vitest/node';

const validateOpenApi: BrowserCommand<[document: unknown]> = async (_context, document) => {
  // Loaded by the first use, not by every load of vite.config.ts (a build too).
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const validator = new Validator();
  const result = await validator.validate(document as Parameters<typeof validator.validate>[0]);
  return { valid: result.valid, version: validator.version, errors: JSON.stringify(result.errors ?? []).slice(0, 2000) };
};

export const openApiCommands = { validateOpenApi };

declare module 'vitest/browser' {
  interface BrowserCommands {
    validateOpenApi: (document: unknown) => Promise<{ valid: boolean; version: string; errors: string }>;
  }
}
