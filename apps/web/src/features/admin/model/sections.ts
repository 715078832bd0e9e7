/** The Admin page's sections, in the order of the tab strip (issue #13). */
export const ADMIN_SECTIONS = [
  'users',
  'points',
  'gateways',
  'factory',
  'tariff',
  'billing',
  'bills',
  'import',
  'demand',
  'announcements',
  'alarms',
  'reports',
  'mail',
  'webhooks',
  'audit',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const DEFAULT_ADMIN_SECTION: AdminSection = 'users';

/** The section a URL segment names, or null for anything else (the page then shows the default). */
export function adminSectionFrom(segment: string | undefined): AdminSection | null {
  return (ADMIN_SECTIONS as readonly string[]).includes(segment ?? '')
    ? (segment as AdminSection)
    : null;
}

export function adminSectionPath(section: AdminSection): string {
  return `/dashboard/admin/${section}`;
}
