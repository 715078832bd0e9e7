/**
 * The query half of "ready to shard" (issue #16): every join between two tenant
 * tables must equate their factory_id, directly (a.factory_id = b.factory_id)
 * or through one value (a.factory_id = $1 AND b.factory_id = $1), so Citus can
 * route it to one shard group. Works on the parse tree of PostgreSQL's own
 * parser (libpg-query): plain joins, comma joins, LATERAL and correlated
 * subqueries, CTEs, UPDATE ... FROM and DELETE ... USING.
 */

type Tree = Record<string, unknown>;

export interface JoinViolation {
  tables: [string, string];
}

interface Rel {
  id: number;
  alias: string;
  table: string;
}

interface Scope {
  rels: Rel[];
  outer: Scope | null;
}

const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** The one field of a node wrapper, e.g. {SelectStmt: {...}} → ['SelectStmt', {...}]. */
function unwrap(value: unknown): [string, Tree] | null {
  if (!isTree(value)) return null;
  const keys = Object.keys(value);
  const inner = value[keys[0] ?? ''];
  return keys.length === 1 && isTree(inner) ? [keys[0]!, inner] : null;
}
const sval = (value: unknown): string | null => {
  const node = unwrap(value);
  return node?.[0] === 'String' ? String(node[1].sval) : null;
};

/** Checks one parsed statement ({stmts: [...]}) against the set of tenant tables. */
export function joinViolations(parsed: unknown, tenants: ReadonlySet<string>): JoinViolation[] {
  const checker = new JoinChecker(tenants);
  for (const raw of list(isTree(parsed) ? parsed.stmts : [])) {
    if (isTree(raw)) checker.statement(raw.stmt, null, new Set());
  }
  return checker.violations;
}

class JoinChecker {
  violations: JoinViolation[] = [];
  #nextId = 0;
  /** Union-find over terms: "rel#3.factory_id", "$1", "const:5". */
  #parent = new Map<string, string>();

  readonly tenants: ReadonlySet<string>;

  constructor(tenants: ReadonlySet<string>) {
    this.tenants = tenants;
  }

  statement(node: unknown, outer: Scope | null, ctes: Set<string>): void {
    const found = unwrap(node);
    if (!found) return;
    const [kind, stmt] = found;
    const withCtes = new Set(ctes);
    for (const cte of list(isTree(stmt.withClause) ? stmt.withClause.ctes : [])) {
      const def = unwrap(cte)?.[1];
      if (!def) continue;
      withCtes.add(String(def.ctename));
      this.statement(def.ctequery, outer, withCtes);
    }
    if (kind === 'SelectStmt') {
      if (stmt.op && stmt.op !== 'SETOP_NONE') {
        this.statement({ SelectStmt: stmt.larg }, outer, withCtes);
        this.statement({ SelectStmt: stmt.rarg }, outer, withCtes);
        return;
      }
      this.#scope(outer, withCtes, [], list(stmt.fromClause), [
        stmt.whereClause,
        stmt.targetList,
        stmt.havingClause,
      ]);
    } else if (kind === 'UpdateStmt') {
      this.#scope(outer, withCtes, [stmt.relation], list(stmt.fromClause), [
        stmt.whereClause,
        stmt.targetList,
      ]);
    } else if (kind === 'DeleteStmt') {
      this.#scope(outer, withCtes, [stmt.relation], list(stmt.usingClause), [stmt.whereClause]);
    } else if (kind === 'InsertStmt') {
      this.statement(stmt.selectStmt, outer, withCtes);
    }
  }

  #scope(
    outer: Scope | null,
    ctes: Set<string>,
    targets: unknown[],
    from: unknown[],
    exprs: unknown[],
  ): void {
    const scope: Scope = { rels: [], outer };
    const conditions: unknown[] = [...exprs];
    const subqueries: { query: unknown; lateral: boolean }[] = [];
    const addRange = (item: unknown): void => {
      const found = unwrap(item);
      if (!found) return;
      const [kind, node] = found;
      if (kind === 'RangeVar') {
        const table = String(node.relname);
        if (ctes.has(table) || !this.tenants.has(table)) return;
        const alias = isTree(node.alias) ? String(node.alias.aliasname) : table;
        scope.rels.push({ id: this.#nextId++, alias, table });
      } else if (kind === 'JoinExpr') {
        addRange(node.larg);
        addRange(node.rarg);
        conditions.push(node.quals);
      } else if (kind === 'RangeSubselect') {
        subqueries.push({ query: node.subquery, lateral: node.lateral === true });
      }
    };
    for (const item of [...targets.map((t) => ({ RangeVar: t })), ...from]) addRange(item);

    const sublinks: unknown[] = [];
    for (const expr of conditions) this.#collect(expr, scope, sublinks);
    for (const { query, lateral } of subqueries) {
      this.statement(query, lateral ? scope : outer, ctes);
    }
    for (const query of sublinks) this.statement(query, scope, ctes);

    const referenced = new Set<Rel>();
    for (const expr of conditions) this.#referencedOuter(expr, scope, referenced);
    const pairs: [Rel, Rel][] = [];
    scope.rels.forEach((a, i) => scope.rels.slice(i + 1).forEach((b) => pairs.push([a, b])));
    for (const a of scope.rels) for (const b of referenced) pairs.push([a, b]);
    for (const [a, b] of pairs) {
      if (this.#find(`rel#${a.id}.factory_id`) !== this.#find(`rel#${b.id}.factory_id`)) {
        this.violations.push({ tables: [a.table, b.table] });
      }
    }
  }

  /** Records the equalities of expr and the subqueries inside it (not descending into them). */
  #collect(expr: unknown, scope: Scope, sublinks: unknown[]): void {
    const found = unwrap(expr);
    if (!found) {
      for (const item of list(expr)) this.#collect(item, scope, sublinks);
      return;
    }
    const [kind, node] = found;
    if (kind === 'SubLink') {
      sublinks.push(node.subselect);
      this.#collect(node.testexpr, scope, sublinks);
      return;
    }
    if (kind === 'A_Expr' && node.kind === 'AEXPR_OP' && sval(list(node.name)[0]) === '=') {
      const left = this.#term(node.lexpr, scope);
      const right = this.#term(node.rexpr, scope);
      if (left && right) this.#union(left, right);
    }
    for (const value of Object.values(node)) {
      if (typeof value === 'object') this.#collect(value, scope, sublinks);
    }
  }

  #term(expr: unknown, scope: Scope): string | null {
    const found = unwrap(expr);
    if (!found) return null;
    const [kind, node] = found;
    if (kind === 'TypeCast') return this.#term(node.arg, scope);
    if (kind === 'ParamRef') return `$${String(node.number)}`;
    if (kind === 'A_Const') return `const:${JSON.stringify(node)}`;
    if (kind !== 'ColumnRef') return null;
    const names = list(node.fields).map(sval);
    const column = names.at(-1);
    const rel = this.#resolve(names.length > 1 ? names.at(-2) : null, scope);
    return rel && column ? `rel#${rel.id}.${column}` : null;
  }

  /** The relation an alias names, innermost scope first; unqualified: the scope's only one. */
  #resolve(alias: string | null | undefined, scope: Scope | null): Rel | null {
    for (let s = scope; s; s = s.outer) {
      if (alias === null || alias === undefined) {
        if (s.rels.length === 1) return s.rels[0]!;
        if (s.rels.length > 1) return null;
      } else {
        const rel = s.rels.find((r) => r.alias === alias);
        if (rel) return rel;
      }
    }
    return null;
  }

  /** Outer tenant relations that expr's column references name (a correlated join). */
  #referencedOuter(expr: unknown, scope: Scope, into: Set<Rel>): void {
    const found = unwrap(expr);
    if (!found) {
      for (const item of list(expr)) this.#referencedOuter(item, scope, into);
      return;
    }
    const [kind, node] = found;
    if (kind === 'SubLink') return;
    if (kind === 'ColumnRef') {
      const names = list(node.fields).map(sval);
      if (names.length > 1 && !scope.rels.some((r) => r.alias === names.at(-2))) {
        const rel = this.#resolve(names.at(-2), scope.outer);
        if (rel) into.add(rel);
      }
      return;
    }
    for (const value of Object.values(node)) {
      if (typeof value === 'object') this.#referencedOuter(value, scope, into);
    }
  }

  #find(term: string): string {
    let root = term;
    while (this.#parent.has(root) && this.#parent.get(root) !== root)
      root = this.#parent.get(root)!;
    return root;
  }

  #union(a: string, b: string): void {
    const ra = this.#find(a);
    const rb = this.#find(b);
    if (ra !== rb) this.#parent.set(ra, rb);
  }
}
