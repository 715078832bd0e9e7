import { describe, expect, it } from 'vitest';
import { buildSidebarLinks } from './sidebar-links';

const base = { today: '2026-11-21', firstChannelId: 7, isDev: false, username: 'demo' };
const hrefs = (input: Partial<typeof base> & { firstChannelId?: number | undefined }) =>
  Object.fromEntries(buildSidebarLinks({ ...base, ...input }).map((link) => [link.key, link.to]));

describe('buildSidebarLinks', () => {
  it('builds the sidebar links with today and the first channel', () => {
    expect(hrefs({})).toEqual({
      overview: '/dashboard/overview',
      monitoringPoint:
        '/dashboard/monitoring-point?deviceId=7&startDate=2026-11-21&endDate=2026-11-21&resolution=5',
      control: '/dashboard/control',
      report: '/dashboard/report?deviceId=7&startDate=2026-11-21&endDate=2026-11-21',
      waste: '/dashboard/waste',
    });
  });

  it('uses device 0 until the channel list is known', () => {
    expect(hrefs({ firstChannelId: undefined }).monitoringPoint).toContain('deviceId=0');
  });

  it('appends is_dev=1 in dev mode to every link except admin', () => {
    const links = hrefs({ isDev: true, username: 'Admin' });
    expect(links.overview).toBe('/dashboard/overview?is_dev=1');
    expect(links.control).toBe('/dashboard/control?is_dev=1');
    expect(links.monitoringPoint).toMatch(/&resolution=5&is_dev=1$/);
    expect(links.report).toMatch(/&is_dev=1$/);
    expect(links.waste).toBe('/dashboard/waste?is_dev=1');
    expect(links.admin).toBe('/dashboard/admin');
  });

  it('shows Admin only to the user named exactly Admin', () => {
    expect(hrefs({ username: 'Admin' }).admin).toBe('/dashboard/admin');
    expect(hrefs({ username: 'admin' }).admin).toBeUndefined();
    expect(hrefs({ username: 'demo' }).admin).toBeUndefined();
  });
});
