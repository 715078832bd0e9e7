import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminAnnouncement } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';

const announcement = (overrides: Partial<AdminAnnouncement>): AdminAnnouncement => ({
  id: 1,
  title: 'Maintenance',
  content: 'Power off on Sunday',
  isImportant: false,
  dtStart: '2026-11-20T00:00:00Z',
  dtEnd: '2026-11-27T00:00:00Z',
  state: 'active',
  platformWide: false,
  createdBy: 'Admin',
  createdAt: '2026-11-20T00:00:00Z',
  ...overrides,
});

function announcementsServer() {
  let list = [
    announcement({ id: 1 }),
    announcement({ id: 2, title: 'Platform news', platformWide: true, createdBy: null }),
    announcement({ id: 3, title: 'Old', state: 'ended' }),
  ];
  const answers: Answers = {
    '/v1/Admin/Announcement/List': (body) =>
      ok('/v1/Admin/Announcement/List', {
        announcements: list.filter((a) => !body.state || a.state === body.state),
      }),
    '/v1/Admin/Announcement/Create': (body) => {
      const created = announcement({ id: 9, title: String(body.title), state: 'scheduled' });
      list = [created, ...list];
      return ok('/v1/Admin/Announcement/Create', { announcement: created });
    },
    '/v1/Admin/Announcement/End': (body) => {
      list = list.map((a) =>
        a.id === body.announcementId ? { ...a, state: 'ended' as const } : a,
      );
      return ok('/v1/Admin/Announcement/End', {
        announcement: list.find((a) => a.id === body.announcementId),
      });
    },
  };
  return answers;
}

const rowOf = (title: string) =>
  screen.getByRole('rowheader', { name: new RegExp(title) }).closest('tr')!;

describe('Admin › Announcements', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('lists by state; platform-wide and ended ones cannot be ended here; filters by state', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('announcements', announcementsServer());
    await screen.findByRole('rowheader', { name: /Maintenance/ });
    expect(
      within(rowOf('Maintenance')).getByRole('button', { name: 'End now' }),
    ).toBeInTheDocument();
    expect(within(rowOf('Platform news')).queryByRole('button')).toBeNull();
    expect(within(rowOf('Old')).queryByRole('button')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Show'), 'Ended');
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: /Maintenance/ })).toBeNull(),
    );
    expect(sentTo(network, '/v1/Admin/Announcement/List').at(-1)).toMatchObject({ state: 'ended' });
  });

  it('creates with the announcement rules, the end following the start', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('announcements', announcementsServer());
    await user.click(await screen.findByRole('button', { name: 'Create announcement' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create an announcement' }));
    await user.click(dialog.getByRole('button', { name: 'Create announcement' }));
    expect(await dialog.findByText('Title is required')).toBeInTheDocument();
    expect(dialog.getByText('Content is required')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Title'), 'Shutdown');
    await user.type(dialog.getByLabelText('Content'), 'Line 2 stops');
    await user.clear(dialog.getByLabelText('Start'));
    await user.type(dialog.getByLabelText('Start'), '2026-12-01T08:00');
    expect(dialog.getByLabelText('End')).toHaveValue('2026-12-08T08:00');
    await user.clear(dialog.getByLabelText('End'));
    await user.type(dialog.getByLabelText('End'), '2026-11-30T08:00');
    await user.click(dialog.getByRole('button', { name: 'Create announcement' }));
    expect(await dialog.findByText('End date must be after start date')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('End'));
    await user.type(dialog.getByLabelText('End'), '2026-12-02T08:00');
    await user.click(dialog.getByRole('button', { name: 'Create announcement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo(network, '/v1/Admin/Announcement/Create')).toEqual([
      expect.objectContaining({
        title: 'Shutdown',
        content: 'Line 2 stops',
        dtStart: '2026-12-01T08:00',
        dtEnd: '2026-12-02T08:00',
      }),
    ]);
    expect(await screen.findByRole('rowheader', { name: /Shutdown/ })).toBeInTheDocument();
  });

  it('ends an active announcement after confirming', async () => {
    const user = userEvent.setup();
    renderAdmin('announcements', announcementsServer());
    await screen.findByRole('rowheader', { name: /Maintenance/ });
    await user.click(within(rowOf('Maintenance')).getByRole('button', { name: 'End now' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'End "Maintenance" now?' })).getByRole('button', {
        name: 'End now',
      }),
    );
    await waitFor(() =>
      expect(within(rowOf('Maintenance')).getByText('Ended')).toBeInTheDocument(),
    );
  });
});
