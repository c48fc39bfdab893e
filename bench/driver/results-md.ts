/**
 * bench/RESULTS.md: the latest figures of every row, one table per section. A run rewrites the
 * sections it measured; rows of a section it did not measure (a BENCH_ONLY run) stay, marked
 * "(earlier)" with the earlier run's line, so the file always holds each row's most recent
 * figures and git holds the history.
 */
import type { ResultRow } from '../shared/result-row';
import { formatNotes, formatTable } from '../shared/table';
import { machineLine } from './machine';
import type { RunResults } from './report';
import { knobsLine } from './settings';

export const RESULTS_MD = new URL('../RESULTS.md', import.meta.url);

interface Section {
  key: string;
  title: string;
  /** Scenario id prefixes that belong here (BENCH_ONLY uses the same prefixes). */
  prefixes: string[];
}

export const SECTIONS: readonly Section[] = [
  { key: 'start', title: 'Worker start and memory', prefixes: ['cold-start', 'worker-heap', 'app-info-warm', 'app-open-cold'] },
  { key: 'reads', title: 'Reads and search', prefixes: ['item-get-tag', 'item-count-all', 'item-query', 'minisearch', 'smart-folder-get-items', 'heavy-smart-folder'] },
  { key: 'writes', title: 'Writes, thumbnails and imports', prefixes: ['seed', 'thumbnails', 'item-get-during-thumbnails', 'eagle', 'bulk', 'ui-import'] },
  { key: 'ai', title: 'AI search', prefixes: ['ai-'] },
  { key: 'sync', title: 'Sync', prefixes: ['sync'] },
  { key: 'published', title: 'Published library', prefixes: ['published'] },
  { key: 'grid', title: 'Web app grid', prefixes: ['grid'] },
  // Written by the scale mode (bench/driver/scale-md.ts) with its sizes side by side; other runs keep it as it is.
  { key: 'scale', title: 'Scale: the read paths at each size', prefixes: ['scale'] },
  { key: 'other', title: 'Other rows', prefixes: [] },
];

const HEAD = `# Benchmark results

Written by \`npm run bench\` (\`bench/driver/results-md.ts\`): the latest figures of each row, one
table per section. A run with \`BENCH_ONLY\` rewrites only the rows it measured; the others stay,
marked "(earlier)". Older figures are in git's history of this file. \`bench/README.md\` explains
the columns; a ratio above 1 is worse than the baseline, measured in the same run.
`;

export function sectionOf(id: string): Section {
  return SECTIONS.find((section) => section.prefixes.some((prefix) => id.startsWith(prefix))) ?? SECTIONS.at(-1)!;
}

export function runLine(results: RunResults): string {
  const only = results.settings.only.length > 0 ? `BENCH_ONLY=${results.settings.only.join(',')} ` : '';
  const knobs = knobsLine(results.settings);
  return (
    `N = ${results.settings.n.toLocaleString('en-US')}, run of ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC ` +
    `(\`BENCH_N=${results.settings.n} ${knobs ? `${knobs} ` : ''}${only}npm run bench\`, ${results.durationSeconds} s), ` +
    `load average ${results.loadAverage.start.toFixed(1)} → ${results.loadAverage.end.toFixed(1)}; ` +
    `machine: ${machineLine(results.machine)}`
  );
}

const START = (key: string) => `<!-- bench-section ${key} -->`;
const END = '<!-- /bench-section -->';

/** The body of each section in an existing file, by key. */
function parseSections(text: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  const pattern = /<!-- bench-section (\S+) -->\n([\s\S]*?)<!-- \/bench-section -->/g;
  for (const match of text.matchAll(pattern)) sections.set(match[1]!, match[2]!.split('\n'));
  return sections;
}

const EARLIER = ' (earlier)';
const labelOf = (tableLine: string) => tableLine.split('|')[1]!.trim().replace(EARLIER, '');
const isRowLine = (line: string) => line.startsWith('| ') && !line.startsWith('| scenario ');

/** Rows, notes and run lines of an old section that this run did not measure again. */
function earlierParts(old: string[], measured: Set<string>) {
  const rows = old.filter((line) => isRowLine(line) && !measured.has(labelOf(line)));
  const kept = new Set(rows.map(labelOf));
  const notes = old.filter((line) => line.startsWith('- ') && kept.has(line.slice(2).split(':')[0]!.replace(EARLIER, '')));
  const runs = old.filter((line) => line.startsWith('Run: ') || line.startsWith('Earlier rows: '));
  return {
    rows: rows.map((line) => (line.includes(EARLIER) ? line : line.replace(/^\| (.*?)( *)\|/, (_, label: string, pad: string) => `| ${label}${EARLIER}${pad.slice(EARLIER.length)} |`))),
    notes: notes.map((line) => (line.includes(EARLIER) ? line : line.replace(/^- ([^:]*):/, `- $1${EARLIER}:`))),
    runs: kept.size > 0 ? runs.map((line) => `Earlier rows: ${line.replace(/^(Run|Earlier rows): /, '')}`) : [],
  };
}

function renderSection(rows: ResultRow[], run: string, old: string[] | undefined): string[] {
  const measured = new Set(rows.map((row) => row.label));
  const earlier = old ? earlierParts(old, measured) : { rows: [], notes: [], runs: [] };
  const notes = [formatNotes(rows), ...earlier.notes].filter(Boolean);
  return [
    `Run: ${run}`,
    ...[...new Set(earlier.runs)],
    '',
    formatTable(rows),
    ...earlier.rows,
    ...(notes.length > 0 ? ['', ...notes] : []),
    '',
  ];
}

/** The new RESULTS.md text: `existing` (the file as it was, if any) with the run's sections replaced. */
export function updateResultsMarkdown(existing: string | undefined, results: RunResults): string {
  const old = parseSections(existing ?? '');
  const byKey = new Map<string, ResultRow[]>();
  for (const row of results.rows) {
    if (!row.subject) continue; // a skipped row keeps its earlier figures
    const key = sectionOf(row.id).key;
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const run = runLine(results);
  for (const section of SECTIONS) {
    const rows = byKey.get(section.key);
    if (rows) old.set(section.key, renderSection(rows, run, old.get(section.key)));
  }
  return render(old);
}

/** The file with one section's body replaced (the scale mode writes its own). */
export function replaceSection(existing: string | undefined, key: string, body: string[]): string {
  const sections = parseSections(existing ?? '');
  sections.set(key, body);
  return render(sections);
}

function render(bodies: Map<string, string[]>): string {
  const parts = [HEAD];
  for (const section of SECTIONS) {
    const body = bodies.get(section.key);
    if (!body) continue;
    parts.push(`## ${section.title}\n\n${START(section.key)}\n${body.join('\n')}${body.at(-1) === '' ? '' : '\n'}${END}\n`);
  }
  return parts.join('\n');
}
