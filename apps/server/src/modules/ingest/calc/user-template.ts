import { USER_TEMPLATE_PREFIX, type AdminUserTemplate } from '@wattboard/contract';
import type { TemplateDefinition } from '@wattboard/contract/meter-templates';

/**
 * Admin-defined meter templates (decision 0088): their ids and the definition a gateway decodes
 * with. Pure.
 */

/** `user:12` → 12; null for anything else (a shipped id, a malformed one). */
export function userTemplateNumber(templateId: string): number | null {
  if (!templateId.startsWith(USER_TEMPLATE_PREFIX)) return null;
  const rest = templateId.slice(USER_TEMPLATE_PREFIX.length);
  if (!/^[1-9]\d{0,9}$/.test(rest)) return null;
  const n = Number(rest);
  return n <= 2_147_483_647 ? n : null;
}

export function userTemplateId(n: number): string {
  return `${USER_TEMPLATE_PREFIX}${n}`;
}

/** The full definition the gateway gets: the stored draft with its id. */
export function toDefinition(
  id: string,
  draft: AdminUserTemplate['definition'],
): TemplateDefinition {
  return { ...draft, id, notes: [] };
}
