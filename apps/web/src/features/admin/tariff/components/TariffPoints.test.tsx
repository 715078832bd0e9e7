import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { MAIN_POINT, OFFICE_POINT, tariffServer } from '@/testing/admin/tariff';

const GET = '/v1/Admin/Tariff/Get';
const UPDATE = '/v1/Admin/Tariff/Update';
const FOLLOW = '/v1/Admin/Tariff/FollowFactory';

// The editor is a long form; on a loaded machine saving it outlasts 5 s.
describe('Admin › Tariff with several billing points', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('shows no picker with one billing point', async () => {
    renderAdmin('tariff', tariffServer().answers);
    await screen.findByTestId('tariff-current');
    expect(screen.queryByLabelText('Billing point')).not.toBeInTheDocument();
  });

  it("gives a point a tariff of its own, and takes it back to the factory's", async () => {
    const server = tariffServer({ points: [MAIN_POINT, OFFICE_POINT] });
    const { network } = renderAdmin('tariff', server.answers);
    const user = userEvent.setup();
    const picker = await screen.findByLabelText('Billing point');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      "Main substation: the factory's tariff (main account)",
      "Office building: follows the factory's tariff",
    ]);
    expect(screen.getByTestId('tariff-point-hint')).toHaveTextContent(/prices the main billing/);

    await user.selectOptions(picker, String(OFFICE_POINT.nodeId));
    await waitFor(() => expect(sentTo(network, GET).at(-1)).toMatchObject({ nodeId: 40 }));
    expect(await screen.findByTestId('tariff-point-hint')).toHaveTextContent(
      /follows the factory's tariff/,
    );
    expect(
      screen.queryByRole('button', { name: "Follow the factory's tariff again" }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit as a new version' }));
    const form = within(screen.getByRole('form', { name: 'New tariff version' }));
    const validFrom = form.getByLabelText('Valid from');
    await user.clear(validFrom);
    await user.type(validFrom, '2026-01-01');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, UPDATE)).toHaveLength(1));
    expect(sentTo(network, UPDATE)[0]).toMatchObject({ nodeId: 40, validFrom: '2026-01-01' });
    expect(await screen.findByText('Office building: its own tariff')).toBeInTheDocument();
    expect(screen.getByTestId('tariff-point-hint')).toHaveTextContent(/a tariff of its own/);

    await user.click(screen.getByRole('button', { name: "Follow the factory's tariff again" }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText(/Delete Office building's own tariff \(1 version\)/),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: "Follow the factory's tariff again" }));
    await waitFor(() =>
      expect(sentTo(network, FOLLOW)).toEqual([expect.objectContaining({ nodeId: 40 })]),
    );
    expect(
      await screen.findByText("Office building: follows the factory's tariff"),
    ).toBeInTheDocument();
    expect(server.stores.has(40)).toBe(false);
    // The factory's tariff was never touched.
    expect(server.stores.get(null)).toHaveLength(1);
  });

  it('names the points in 中文', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      renderAdmin('tariff', tariffServer({ points: [MAIN_POINT, OFFICE_POINT] }).answers);
      const picker = await screen.findByLabelText('計費電號');
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['主變電站：工廠電價（主電號）', '辦公大樓：沿用工廠電價']);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
