import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roleForbiddenMessage } from '@wattboard/contract';
import type { EffectiveRole } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { accountBody } from '@/testing/account';
import { jsonResponse } from '@/testing/network';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import {
  bodiesTo,
  PAGE,
  preparePageTests,
  serveFactory,
} from '@/testing/monitoring-point/monitor-page-harness';

const UPDATE = '/v1/Web/Setting/Alarm/Update';
const OPERATOR_NOTE =
  "Your role (Operator) cannot change alarm thresholds. Ask your factory's Admin for the Manager role.";

async function alarmCard() {
  const card = await screen.findByTestId('alarm-settings');
  await within(card).findAllByTestId('alarm-row');
  return within(card);
}

describe('Monitor Point alarm settings: what the role allows', () => {
  preparePageTests();

  it('shows an operator the limits read-only, Save held back, and why (in 中文 too)', async () => {
    storeSession();
    const { requests } = serveFactory({ '/v1/User/Account': () => accountBody('operator') });
    renderApp(PAGE);
    const card = await alarmCard();
    const note = await card.findByText(OPERATOR_NOTE);
    expect(card.getByRole('textbox', { name: 'Voltage low limit' })).toBeDisabled();
    expect(card.getByRole('checkbox', { name: 'Voltage alarm active' })).toBeDisabled();
    const save = card.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(OPERATOR_NOTE);
    await userEvent.setup().click(save);
    expect(bodiesTo(requests, UPDATE)).toEqual([]);

    await act(() => i18n.changeLanguage('zh'));
    expect(note).toHaveTextContent(
      '您的角色（操作員）不能變更警報上下限。如需此權限，請向工廠的 Admin 申請「管理者」角色。',
    );
  });

  it('says in the page’s language why a save was refused when the role changed meanwhile', async () => {
    storeSession();
    let role: EffectiveRole = 'manager';
    const { requests } = serveFactory({
      '/v1/User/Account': () => accountBody(role),
      [UPDATE]: () => {
        role = 'operator';
        return jsonResponse(
          { statusCode: 201, message: roleForbiddenMessage('operator', 'manage') },
          403,
        );
      },
    });
    renderApp(PAGE);
    const card = await alarmCard();
    const user = userEvent.setup();
    const active = card.getByRole('checkbox', { name: 'Power factor alarm active' });
    await waitFor(() => expect(active).toBeEnabled());
    await user.click(active);
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(
      await card.findByText(
        "Your role (Operator) does not allow this: it needs the Manager role. Ask your factory's Admin.",
      ),
    ).toBeInTheDocument();
    expect(bodiesTo(requests, UPDATE)).toHaveLength(1);
    // The account is read again: the page now holds the form back and says why.
    expect(await card.findByText(OPERATOR_NOTE)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
