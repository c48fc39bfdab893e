/**
 * `npm test`: the type check and Vitest side by side. Vitest first runs its global setups (builds,
 * servers, fixtures), which leave a core idle; the type check (about 35 s of one core) used to run
 * alone before them (docs/decisions/test-suite-time.md). Either failing fails the run; the type
 * check's errors are printed when it ends and again, the first of them, after Vitest's summary: a
 * CI log read from its tail would otherwise name a failure without its cause.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const args = process.argv.slice(2);

/** Runs a command; its output is shown, or kept and answered when `quiet`. */
function run(command, commandArgs, { quiet }) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** `npm run typecheck`, through the npm that runs this script when there is one: its errors, or none. */
async function typecheck() {
  const npm = process.env.npm_execpath?.endsWith('.js') ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const { code, output } = await run(npm[0], [...npm.slice(1), 'run', '--silent', 'typecheck'], { quiet: true });
  if (code === 0) return undefined;
  process.stderr.write(`\ntype check failed:\n${output}\n`);
  return output.trim() || `exit code ${code}`;
}

const SHOWN_AGAIN = 20;
const [typeErrors, tested] = await Promise.all([typecheck(), run(process.execPath, [vitest, 'run', ...args], { quiet: false })]);
if (typeErrors !== undefined) {
  const lines = typeErrors.split('\n');
  const more = lines.length > SHOWN_AGAIN ? `\n… and ${lines.length - SHOWN_AGAIN} more lines above.` : '';
  process.stderr.write(`\nThe type check failed:\n${lines.slice(0, SHOWN_AGAIN).join('\n')}${more}\n`);
}
process.exit(typeErrors === undefined && tested.code === 0 ? 0 : 1);
