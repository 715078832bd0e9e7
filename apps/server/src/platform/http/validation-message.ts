/** One validation problem as Fastify reports it (instancePath like "/channelList/0/id"). */
export interface ValidationProblem {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

interface SubIssue {
  code?: string;
  expected?: string;
  path?: unknown[];
}

/**
 * A union (e.g. the numeric rule: number or numeric string) only says
 * "Invalid input"; when every branch failed on the type, say which types
 * would have been accepted.
 */
function unionMessage(problem: ValidationProblem): string | undefined {
  const branches = problem.params?.errors;
  if (problem.keyword !== 'invalid_union' || !Array.isArray(branches)) return undefined;
  const expected = new Set<string>();
  for (const branch of branches as SubIssue[][]) {
    const typeIssue = Array.isArray(branch)
      ? branch.find((issue) => issue.code === 'invalid_type' && (issue.path ?? []).length === 0)
      : undefined;
    if (!typeIssue?.expected) return undefined;
    expected.add(typeIssue.expected);
  }
  return expected.size > 0 ? `Invalid input: expected ${[...expected].join(' or ')}` : undefined;
}

/**
 * A client-facing message naming each bad field, e.g.
 * "factoryId: Invalid input: expected number or string".
 */
export function describeValidationProblems(problems: readonly ValidationProblem[]): string {
  const lines = problems.map((problem) => {
    const field = problem.instancePath.split('/').filter(Boolean).join('.');
    const message = unionMessage(problem) ?? problem.message ?? 'is invalid';
    return `${field || 'body'}: ${message}`;
  });
  return [...new Set(lines)].join('; ');
}
