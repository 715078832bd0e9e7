import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Where SQL may live (docs/architecture.md): a module's repository
 * (`modules/<m>/repo.ts` or `modules/<m>/repo/`) and the shared
 * infrastructure in `platform/`. Everything else asks a repository.
 */
const srcDir = fileURLToPath(new URL('../../src/', import.meta.url));

const SQL =
  /\b(SELECT\b[\s\S]*\bFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+RECURSIVE|ON\s+CONFLICT|TRUNCATE\s+\w)\b/;

export function mayHoldSql(relPath: string): boolean {
  return relPath.startsWith('platform/') || /^modules\/[\w-]+\/(repo\.ts$|repo\/)/.test(relPath);
}

/** The SQL-looking strings and templates of a source (comments are not strings, so never count). */
export function sqlStrings(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let literal: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    if (ts.isTemplateExpression(node)) {
      literal = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
    }
    if (literal !== null && SQL.test(literal)) found.push(literal.trim().slice(0, 60));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(): string[] {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

describe('SQL lives in repositories', () => {
  it('finds SQL in strings and templates, never in comments', () => {
    const sample = [
      '// SELECT id FROM nodes is only a comment',
      "const a = 'SELECT id FROM nodes WHERE factory_id = $1';",
      'const b = `UPDATE nodes SET ${column} = $3 WHERE id = $1`;',
      'const c = "Select a node from the list"; // prose, not SQL',
    ].join('\n');
    expect(sqlStrings('sample.ts', sample)).toEqual([
      'SELECT id FROM nodes WHERE factory_id = $1',
      'UPDATE nodes SET   = $3 WHERE id = $1',
    ]);
  });

  it('allows repositories and platform/, nothing else', () => {
    expect(mayHoldSql('modules/users/repo.ts')).toBe(true);
    expect(mayHoldSql('modules/control/repo/commands.ts')).toBe(true);
    expect(mayHoldSql('platform/db/migrate.ts')).toBe(true);
    expect(mayHoldSql('modules/users/routes.ts')).toBe(false);
    expect(mayHoldSql('modules/users/repository-notes.ts')).toBe(false);
    expect(mayHoldSql('app.ts')).toBe(false);
  });

  it('no file outside modules/*/repo and platform/ holds SQL', () => {
    const files = sourceFiles();
    const outside: string[] = [];
    let inRepositories = 0;
    for (const file of files) {
      const found = sqlStrings(file, readFileSync(path.join(srcDir, file), 'utf8'));
      if (found.length === 0) continue;
      if (mayHoldSql(file)) inRepositories += 1;
      else outside.push(`${file}: ${found[0]}`);
    }
    expect(outside).toEqual([]);
    // The scan really reads the code: the repositories hold the product's SQL.
    expect(inRepositories).toBeGreaterThan(50);
  });
});
