import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One SQL statement written in the server's source. */
export interface SourceSql {
  /** path:line, for the failure message. */
  at: string;
  /** The text, each `${...}` replaced by an identifier `__sub_N`. */
  sql: string;
}

const STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/** Every string or template literal in the .ts files under dir that starts like a statement. */
export async function collectSourceSql(dir: string): Promise<SourceSql[]> {
  const found: SourceSql[] = [];
  for (const file of await tsFiles(dir)) {
    const text = await readFile(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const consts = fileConsts(source);
    const visit = (node: ts.Node) => {
      const sql = literalText(node, consts);
      // Only literals written in place: a const is read where it is used.
      const inPlace = !ts.isIdentifier(node) && !ts.isConditionalExpression(node);
      if (inPlace && sql !== null && STATEMENT.test(sql)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push({ at: `${relative(dir, file)}:${line}`, sql });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The file's `const NAME = <literal>` declarations, so `${COLUMNS}` reads as its text. */
function fileConsts(source: ts.SourceFile): Map<string, ts.Expression> {
  const consts = new Map<string, ts.Expression>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (!consts.has(node.name.text)) consts.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return consts;
}

/**
 * The literal's text. A substitution is read when it is a literal, a const of
 * the file holding one, or a condition choosing between literals (its first
 * branch); anything else becomes an identifier `__sub_N`.
 */
function literalText(node: ts.Node, consts: Map<string, ts.Expression>, depth = 0): string | null {
  if (depth > 5) return null;
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression, consts, depth + 1);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isIdentifier(node)) {
    const value = consts.get(node.text);
    return value ? literalText(value, consts, depth + 1) : null;
  }
  if (ts.isConditionalExpression(node)) {
    return (
      literalText(node.whenTrue, consts, depth + 1) ??
      literalText(node.whenFalse, consts, depth + 1)
    );
  }
  if (ts.isTemplateExpression(node)) {
    return (
      node.head.text +
      node.templateSpans
        .map((span, i) => {
          const inner = literalText(span.expression, consts, depth + 1);
          return `${inner ?? `__sub_${i}`}${span.literal.text}`;
        })
        .join('')
    );
  }
  return null;
}

async function tsFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
