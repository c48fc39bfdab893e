/**
 * Builds the site as `npm start` does. Vitest sets NODE_ENV to `test`, and Vite resolves packages'
 * `development` exports under any NODE_ENV but `production`: the site the end-to-end tests ran was
 * then not the one people get (Lit ran in its slower development mode, with its warnings).
 */
import { build, type InlineConfig } from 'vite';

export async function buildForProduction(config: InlineConfig): Promise<void> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build(config);
  } finally {
    process.env.NODE_ENV = before;
  }
}
