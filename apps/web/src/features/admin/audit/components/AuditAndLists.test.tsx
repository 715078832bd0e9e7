import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminEvent, AuditEntry } from '@wattboard/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';

const entry = (id: number, action: string): AuditEntry => ({
  id,
  time: '2026-11-21T01:00:00Z',
  userId: 1,
  actor: 'Admin',
  action,
  targetType: 'user',
  targetId: '5',
  detail: { username: 'Bob' },
  address: '127.0.0.1',
});

const event = (id: number, overrides: Partial<AdminEvent> = {}): AdminEvent => ({
  id,
  nodeId: 3,
  nodeName: 'Pump',
  nodeChName: '泵浦',
  target: 'voltage',
  kind: 'threshold',
  titleText: 'Voltage high',
  descText: 'Above 240 V',
  title: '電壓過高',
  desc: '高於 240 V',
  value: 251.25,
  thresholdLow: null,
  thresholdHigh: 240,
  state: 'resolved',
  openedAt: '2026-11-20T02:00:00Z',
  lastBreachAt: '2026-11-20T02:05:00Z',
  resolvedAt: '2026-11-20T03:00:00Z',
  resolvedBy: 'Admin',
  ...overrides,
});

function csvAnswer(name: string) {
  return () =>
    new Response('\uFEFFtime,actor\n', {
      status: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name}"`,
      },
    });
}

describe('Admin › Audit log, alarm events and mail', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('filters the audit log, pages with Load more and exports the filter as CSV', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const answers: Answers = {
      '/v1/Admin/Audit/List': (body) =>
        body.beforeId
          ? ok('/v1/Admin/Audit/List', { entries: [entry(1, 'sign-in')], nextBeforeId: null })
          : ok('/v1/Admin/Audit/List', {
              entries: [entry(3, 'user.add'), entry(2, 'user.disable')],
              nextBeforeId: 2,
            }),
      '/v1/Admin/Audit/Export': csvAnswer('audit-log-2026-11-01-2026-11-21.csv'),
    };
    const { network } = renderAdmin('audit', answers);
    expect(await screen.findAllByTestId('admin-audit-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-audit-row')).toHaveLength(3));
    expect(sentTo(network, '/v1/Admin/Audit/List').at(-1)).toMatchObject({ beforeId: 2 });

    await user.selectOptions(screen.getByLabelText('Action'), 'Users');
    await user.type(screen.getByLabelText('From'), '2026-11-21');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Must not be before the start.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-21');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(sentTo(network, '/v1/Admin/Audit/List').at(-1)).toEqual(
        expect.objectContaining({ auditAction: 'user', from: '2026-11-01', to: '2026-11-21' }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit-log-2026-11-01-2026-11-21.csv']));
    expect(sentTo(network, '/v1/Admin/Audit/Export')).toEqual([
      expect.objectContaining({
        auditAction: 'user',
        from: '2026-11-01',
        to: '2026-11-21',
        lang: 'en',
      }),
    ]);
  });

  it('shows alarm events with who cleared them on the factory clock, filtered by node and state', async () => {
    const user = userEvent.setup();
    const answers: Answers = {
      '/v1/Admin/Node/List': () => ok('/v1/Admin/Node/List', { nodes: [] }),
      '/v1/Admin/Event/List': (body) =>
        ok('/v1/Admin/Event/List', {
          events: body.state === 'unresolved' ? [] : [event(9)],
          nextBeforeId: null,
        }),
    };
    const { network } = renderAdmin('alarms', answers);
    const row = within(await screen.findByTestId('admin-event-row'));
    expect(row.getByText('Voltage high')).toBeInTheDocument();
    expect(row.getByText(/^251\.\d+$/)).toBeInTheDocument();
    expect(await row.findByText('2026/11/20 11:00 by Admin')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('State'), 'Open');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No alarm events match.')).toBeInTheDocument();
    expect(sentTo(network, '/v1/Admin/Event/List').at(-1)).toMatchObject({
      state: 'unresolved',
      limit: 100,
    });
  });
});
