/**
 * `npm test`: the type check and Vitest side by side. Vitest first runs its global setups (builds,
 * servers, fixtures), which leave a core idle; the type check (about 35 s of one core) used to run
 * alone before them (docs/decisions/test-suite-time.md). Either failing fails the run; the type
 * check's errors are printed when it ends and named again after Vitest's summary.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const local = (path) => fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url));
const args = process.argv.slice(2);

/** Runs a node script (its output shown, or kept when quiet). */
const run = (script, scriptArgs, { quiet = false } = {}) => runCommand(process.execPath, [script, ...scriptArgs], { quiet });

function runCommand(command, commandArgs, { quiet = true } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** `npm run typecheck`, through the npm that runs this script when there is one. */
async function typecheck() {
  const npm = process.env.npm_execpath;
  const { code, output } = npm?.endsWith('.js')
    ? await run(npm, ['run', '--silent', 'typecheck'], { quiet: true })
    : await runCommand('npm', ['run', '--silent', 'typecheck']);
  if (code !== 0) process.stderr.write(`\ntype check failed:\n${output}\n`);
  return code === 0;
}

const [typed, vitest] = await Promise.all([typecheck(), run(local('vitest/vitest.mjs'), ['run', ...args])]);
if (!typed) process.stderr.write('\nThe type check failed: see its errors above.\n');
process.exit(typed && vitest.code === 0 ? 0 : 1);
