/**
 * Finds API paths written by hand in the web app. A string that names a route (`/item/get`,
 * `item/get?id=1`, `POST /item/add`) passes only where the compiler checks it against the route
 * table: its contextual type is a set of string literals (a parameter of the typed client, or a
 * type derived from it), not `string`. Any string holding `api/v2` is a URL built by hand. A
 * template that starts like a route (`/item/${what}`) builds a path at run time and never passes.
 */
import ts from 'typescript';

export interface Offence {
  file: string;
  line: number;
  text: string;
  why: string;
}

export interface Scan {
  offences: Offence[];
  /** Route strings the compiler checks (the typed client's calls): a scan that finds none is looking in the wrong place. */
  checked: number;
}

// A URL of the API; not a request named in prose (`POST /api/v2/item/add`), which nothing fetches.
const API_URL = /(?<!(?:GET|POST|HEAD) \/?)api\/+v\d/i;

export function scanRouteLiterals(program: ts.Program, files: readonly string[], routes: readonly { method: string; path: string }[]): Scan {
  const checker = program.getTypeChecker();
  const paths = new Set(routes.map((r) => r.path));
  const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const prefixes = new Set(routes.map((r) => r.path.split('/')[1]!));
  const routeLike = (text: string) => {
    const bare = text.trim().split(/[?#]/)[0]!.replace(/\/+$/, '');
    return paths.has(bare) || paths.has(`/${bare}`) || keys.has(bare);
  };
  const offences: Offence[] = [];
  let checked = 0;
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not in the program.`);
    const report = (node: ts.Node, text: string, why: string) =>
      offences.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text, why });
    const visit = (node: ts.Node): void => {
      if (ts.isLiteralTypeNode(node)) return; // a type, checked wherever a value meets it
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (API_URL.test(node.text)) report(node, node.text, 'an API URL built by hand: ask the typed client for it (api.url, apiUrl)');
        else if (routeLike(node.text)) {
          if (isCheckedLiteral(checker, node, routeLike)) checked++;
          else report(node, node.text, 'a route path the compiler does not check: pass it to the typed client directly');
        }
      } else if (ts.isTemplateExpression(node)) {
        const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
        if (parts.some((part) => API_URL.test(part))) report(node, node.getText(source), 'an API URL built by hand');
        else if (startsLikeRoute(node.head.text, prefixes)) report(node, node.getText(source), 'a route path built at run time');
      } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        const text = node.getText(source);
        if (/['"`]\/?api['"`/]/.test(text) && /v2/.test(text)) report(node, text, 'an API URL built by hand');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { offences, checked };
}

/** `/item/` + something: the head of a template that names a route's area. */
function startsLikeRoute(head: string, prefixes: ReadonlySet<string>): boolean {
  const match = /^(?:(?:GET|POST) )?\/?([A-Za-z]+)\//.exec(head);
  return !!match && prefixes.has(match[1]!);
}

/** Whether the compiler holds this string to a set of route strings (its contextual type has no plain `string` in it). */
function isCheckedLiteral(checker: ts.TypeChecker, node: ts.Expression, routeLike: (text: string) => boolean): boolean {
  const contextual = checker.getContextualType(node);
  // A generic parameter (`get<P extends PathOf<'GET'>>(path: P)`) is held to its constraint.
  const type = contextual && contextual.flags & ts.TypeFlags.TypeParameter ? checker.getBaseConstraintOfType(contextual) : contextual;
  if (!type) return false;
  const members = type.isUnion() ? type.types : [type];
  const literals = members.filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
  return literals.length > 0 && literals.every((member) => member.isStringLiteral() && routeLike(member.value));
}
