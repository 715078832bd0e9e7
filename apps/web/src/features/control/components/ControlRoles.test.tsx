import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roleForbiddenMessage } from '@wattboard/contract';
import type { EffectiveRole } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { accountBody } from '@/testing/account';
import {
  CONTROL_CALLS,
  groupsShown,
  prepareControlTests,
  renderControl,
} from '@/testing/control/control-harness';
import { demandFixture } from '@/testing/control/fixtures';
import { envelope, jsonResponse } from '@/testing/network';

const VIEWER_NOTE =
  "Your role (Viewer) can look but not switch loads. Ask your factory's Admin for the Operator role.";
const VIEWER_NOTE_ZH =
  '您的角色（檢視者）只能檢視，不能切換負載。如需此權限，請向工廠的 Admin 申請「操作員」角色。';
const STATUS = '/v1/Demand/Status';
const demandAnswer = () => ({
  ...envelope('demo@wattboard.local', STATUS),
  demand: demandFixture(700, 3, false),
});

/** Every control of the page that switches, moves or sets a load. */
const loadControls = () => [
  ...screen.getAllByRole('switch'),
  ...screen.getAllByRole('combobox', { name: /^(Action|Group) of / }),
];

describe('Control page: what the role allows', () => {
  prepareControlTests();

  it('holds every switch back for a viewer and says why, in English and 中文', async () => {
    const user = userEvent.setup();
    const { bodies } = renderControl({ role: 'viewer' });
    await groupsShown();
    const note = await screen.findByText(VIEWER_NOTE);
    const controls = loadControls();
    expect(controls.length).toBeGreaterThanOrEqual(6);
    for (const control of controls) {
      expect(control).toBeDisabled();
      expect(control).toHaveAccessibleDescription(VIEWER_NOTE);
    }
    // IR settings are switching too.
    expect(await screen.findByLabelText('Mode')).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Master switch of Lighting' }));
    expect(bodies(CONTROL_CALLS.groupStatus)).toEqual([]);

    await act(() => i18n.changeLanguage('zh'));
    expect(note).toHaveTextContent(VIEWER_NOTE_ZH);
    expect(screen.getByRole('switch', { name: '照明 的群組總開關' })).toBeDisabled();
  });

  it('shows a viewer the schedule read-only, Save held back with the reason', async () => {
    const user = userEvent.setup();
    const { bodies } = renderControl({ role: 'viewer' });
    await groupsShown();
    await screen.findByText(VIEWER_NOTE);
    await user.click(screen.getByRole('button', { name: 'Schedule of Workshop Lighting' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Schedule: Workshop Lighting' }),
    );
    const reason =
      "Your role (Viewer) can look but not edit timers. Ask your factory's Admin for the Operator role.";
    expect(await dialog.findByText(reason)).toBeInTheDocument();
    const cell = dialog.getByRole('gridcell', { name: 'Sun 01:00–01:30' });
    fireEvent.pointerDown(cell, { button: 0, pointerId: 1 });
    fireEvent.pointerUp(cell, { pointerId: 1 });
    expect(cell).toHaveAttribute('aria-selected', 'false');
    expect(dialog.getByRole('button', { name: /^Clear Mon/ })).toBeDisabled();
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(reason);
    expect(bodies(CONTROL_CALLS.scheduleUpdate)).toEqual([]);
  });

  it('lets an operator switch, but not set shedding priorities (the manager’s)', async () => {
    const user = userEvent.setup();
    const { bodies } = renderControl({ role: 'operator', answers: { [STATUS]: demandAnswer } });
    await groupsShown();
    const priority = await screen.findByRole('combobox', {
      name: 'Shed priority of Workshop Lighting',
    });
    const reason =
      "Your role (Operator) cannot change shedding priorities. Ask your factory's Admin for the Manager role.";
    await waitFor(() => expect(priority).toBeDisabled());
    expect(priority).toHaveAccessibleDescription(reason);
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.queryByText(VIEWER_NOTE)).toBeNull();

    const master = screen.getByRole('switch', { name: 'Master switch of Lighting' });
    expect(master).toBeEnabled();
    await user.click(master);
    await waitFor(() => expect(bodies(CONTROL_CALLS.groupStatus)).toHaveLength(1));
  });

  it('says so in the page’s language when the server refuses a role changed meanwhile', async () => {
    const user = userEvent.setup();
    let role: EffectiveRole = 'operator';
    const { bodies } = renderControl({
      answers: {
        '/v1/User/Account': () => accountBody(role),
        [CONTROL_CALLS.groupStatus]: () => {
          role = 'viewer';
          return jsonResponse(
            { statusCode: 201, message: roleForbiddenMessage('viewer', 'operate') },
            403,
          );
        },
      },
    });
    await groupsShown();
    const master = screen.getByRole('switch', { name: 'Master switch of Lighting' });
    await waitFor(() => expect(bodies('/v1/User/Account')).toHaveLength(1));
    await user.click(master);
    expect(
      await screen.findByText(
        "Your role (Viewer) does not allow this: it needs the Operator role. Ask your factory's Admin.",
      ),
    ).toBeInTheDocument();
    // Not retried; the account is read again, so the page now holds the switches back.
    expect(bodies(CONTROL_CALLS.groupStatus)).toHaveLength(1);
    expect(await screen.findByText(VIEWER_NOTE)).toBeInTheDocument();
    expect(master).toBeDisabled();
    expect(master).toHaveAttribute('aria-checked', 'true');
  });
});
