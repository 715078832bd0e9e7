import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES } from '@wattboard/contract';
import type { AdminJob } from '@wattboard/contract';
import { ToastContainer } from 'react-toastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { adminNode, nodesServer } from '@/testing/admin/nodes';

const TREE = [
  adminNode({ id: 1, type: 'virtual', name: 'Plant', chName: '全廠' }),
  adminNode({ id: 2, type: 'smartMeter', parentId: 1, name: 'Meter A', chName: '電表A' }),
];

/** The points server, plus a recompute that starts a job the job list then reports. */
function recomputeServer() {
  const server = nodesServer(TREE);
  let jobs: AdminJob[] = [];
  server.answers['/v1/Admin/Job/List'] = () => ok('/v1/Admin/Job/List', { jobs });
  server.answers['/v1/Admin/Node/Recompute'] = (body) => {
    const job: AdminJob = {
      id: 12,
      kind: 'recompute',
      state: 'running',
      done: 5,
      total: 21,
      detail: { nodeIds: [body.nodeId], from: body.from, to: body.to },
      error: null,
      startedAt: '2026-11-21T06:03:00Z',
      finishedAt: null,
    };
    jobs = [job];
    const node = server.current().find((n) => n.id === body.nodeId);
    return ok('/v1/Admin/Node/Recompute', { node, job });
  };
  return server;
}

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;

/** Opens the dialog once the factory's clock is known (its days are the factory's). */
async function openRecompute(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findByRole('rowheader', { name: new RegExp(`^${name}`) });
  await within(rowOf('Meter A')).findByText('2026/11/21 13:59');
  await user.click(within(rowOf(name)).getByRole('button', { name: 'Recompute' }));
  return within(screen.getByRole('dialog', { name: `Recompute ${name}` }));
}

async function setDay(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, day: string) {
  await user.clear(field);
  await user.type(field, day);
}

describe('Admin › Monitoring points › Recompute', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('recomputes a point over factory-local days and follows the job', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('points', recomputeServer().answers);
    render(<ToastContainer />);
    expect(screen.queryByTestId('admin-job')).toBeNull();
    const dialog = await openRecompute(user, 'Meter A');
    // The last week ending on the factory's today (2026-11-21 in Taipei).
    expect(dialog.getByLabelText('From')).toHaveValue('2026-11-15');
    expect(dialog.getByLabelText('To')).toHaveValue('2026-11-21');
    expect(dialog.getByText(/from its stored readings over these days/)).toBeInTheDocument();
    await setDay(user, dialog.getByLabelText('From'), '2026-11-01');
    await user.click(dialog.getByRole('button', { name: 'Recompute' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo(network, '/v1/Admin/Node/Recompute')).toEqual([
      expect.objectContaining({ nodeId: 2, from: '2026-11-01', to: '2026-11-21' }),
    ]);
    expect(
      await screen.findByText('Recomputing Meter A from 2026/11/01 to 2026/11/21.'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('admin-job')).toHaveTextContent(
      "Recomputing a monitoring point's figures: 5 of 21 days (23 %).",
    );
  });

  it('shows an inverted range at To and sends nothing', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('points', recomputeServer().answers);
    const dialog = await openRecompute(user, 'Plant');
    await setDay(user, dialog.getByLabelText('To'), '2026-11-10');
    await user.click(dialog.getByRole('button', { name: 'Recompute' }));
    const to = dialog.getByLabelText('To');
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(to).toHaveAccessibleDescription('Must not be before the start.');
    expect(dialog.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
    expect(sentTo(network, '/v1/Admin/Node/Recompute')).toEqual([]);
  });

  it('shows the refusal while another recomputation runs, and keeps the dialog', async () => {
    const user = userEvent.setup();
    const server = recomputeServer();
    server.answers['/v1/Admin/Node/Recompute'] = () => refusal(ADMIN_MESSAGES.jobRunning);
    const { network } = renderAdmin('points', server.answers);
    const dialog = await openRecompute(user, 'Meter A');
    await user.click(dialog.getByRole('button', { name: 'Recompute' }));
    expect(await dialog.findByText(ADMIN_MESSAGES.jobRunning)).toHaveAttribute('role', 'alert');
    expect(sentTo(network, '/v1/Admin/Node/Recompute')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Recompute Meter A' })).toBeInTheDocument();
  });

  it('tells how to restart a recompute that failed', async () => {
    const server = recomputeServer();
    // Finished after the page opened: the person may have started it a moment ago.
    const failed: AdminJob = {
      id: 13,
      kind: 'recompute',
      state: 'failed',
      done: 2,
      total: 7,
      detail: {},
      error: 'interrupted',
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      finishedAt: new Date(Date.now() + 60_000).toISOString(),
    };
    server.answers['/v1/Admin/Job/List'] = () => ok('/v1/Admin/Job/List', { jobs: [failed] });
    renderAdmin('points', server.answers);
    expect(await screen.findByTestId('admin-job')).toHaveTextContent(
      "Recomputing a monitoring point's figures: failed (interrupted). Recompute the point again to restart it.",
    );
  });

  it('is worded in 中文', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    renderAdmin('points', recomputeServer().answers);
    await screen.findByRole('rowheader', { name: /^Meter A/ });
    await user.click(within(rowOf('Meter A')).getByRole('button', { name: '重新計算' }));
    const dialog = within(screen.getByRole('dialog', { name: '重新計算 電表A' }));
    expect(dialog.getByLabelText('起')).toBeInTheDocument();
    expect(dialog.getByLabelText('迄')).toBeInTheDocument();
    expect(dialog.getByText(/重建這些日期的 15 分鐘、每小時與每日數據/)).toBeInTheDocument();
  });
});
