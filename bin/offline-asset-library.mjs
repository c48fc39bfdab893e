#!/usr/bin/env node
// `npx offline-asset-library publish <library> --out <dir>`: runs tools/publish/cli.ts through tsx.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../tools/publish/cli.ts');
process.exitCode = await main(process.argv.slice(2));
