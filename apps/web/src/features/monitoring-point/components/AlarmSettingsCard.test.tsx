import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';
import { installIntersectionObserver, scrollIntoView } from '@/testing/intersection-observer';
import { storeSession } from '@/testing/session';
import {
  alarmListBody,
  alarmUpdateBody,
  notFoundBody,
} from '@/testing/monitoring-point/monitor-fixtures';
import {
  bodiesTo,
  PAGE,
  preparePageTests,
  serveFactory,
} from '@/testing/monitoring-point/monitor-page-harness';

const LIST = '/v1/Web/Setting/Alarm/List';
const UPDATE = '/v1/Web/Setting/Alarm/Update';

type Setting = { target: string; isActivated: boolean; threshold: { low: unknown; high: unknown } };

/** Alarm/List and Alarm/Update over one stored list, as the server keeps them. */
function serveAlarms() {
  let list = alarmListBody().list as Record<string, unknown>[];
  return serveFactory({
    [LIST]: () => alarmListBody(list),
    [UPDATE]: (body) => {
      const saved = new Map((body['alarms'] as Setting[]).map((a) => [a.target, a]));
      list = list.map((item) => ({ ...item, ...saved.get(String(item['target'])) }));
      return alarmUpdateBody();
    },
  });
}

async function alarmCard() {
  const card = await screen.findByTestId('alarm-settings');
  await within(card).findAllByTestId('alarm-row');
  return card;
}

const rowOf = (card: HTMLElement, target: string) =>
  within(card).getByRole('row', { name: new RegExp(`^${target}`) });

describe('Monitor Point alarm settings', () => {
  preparePageTests();

  describe('below the fold', () => {
    let uninstall = () => {};
    afterEach(() => uninstall());

    it('draws the form only as the card nears the screen (its list is asked for at once)', async () => {
      uninstall = installIntersectionObserver();
      await import('./AlarmSettingsForm');
      storeSession();
      const { requests } = serveAlarms();
      renderApp(PAGE);
      const card = await screen.findByTestId('alarm-settings');
      await waitFor(() => expect(bodiesTo(requests, LIST)).toHaveLength(1));
      // Drawn at once, the rows would be here by now (the form's module is loaded above).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(within(card).queryAllByTestId('alarm-row')).toHaveLength(0);
      scrollIntoView(card);
      expect(await within(card).findAllByTestId('alarm-row')).not.toHaveLength(0);
    });
  });

  it('lists each target with its latest value, state, last alarm on the factory clock and limits', async () => {
    storeSession();
    const { requests } = serveAlarms();
    renderApp(PAGE);
    const card = await alarmCard();
    expect(within(card).getByRole('heading', { name: 'Alarm settings' })).toBeInTheDocument();
    expect(bodiesTo(requests, LIST)[0]).toMatchObject({ deviceId: 9 });

    const voltage = rowOf(card, 'Voltage');
    expect(within(voltage).getByText('221.3 V')).toBeInTheDocument();
    expect(within(voltage).getByText('Normal')).toHaveClass('wb-mp-alarm-status--normal');
    expect(within(voltage).getByText('Never')).toBeInTheDocument();
    expect(within(voltage).getByRole('checkbox', { name: 'Voltage alarm active' })).toBeChecked();
    // At 390 px each row is a card whose cells name their columns (issue #14).
    expect(
      [...voltage.querySelectorAll('td')].map((cell) => cell.getAttribute('data-label')),
    ).toEqual(
      within(card)
        .getAllByRole('columnheader')
        .slice(1)
        .map((header) => header.textContent),
    );
    expect(within(voltage).getByRole('textbox', { name: 'Voltage low limit' })).toHaveValue('200');
    expect(within(voltage).getByRole('textbox', { name: 'Voltage high limit' })).toHaveValue('240');

    const current = rowOf(card, 'Current');
    expect(within(current).getByText('70.4 A')).toBeInTheDocument();
    expect(within(current).getByText('Alarm')).toHaveClass('wb-mp-alarm-status--alarm');
    // 05:58 UTC is 13:58 in Taipei, the demo factory's zone.
    expect(within(current).getByText('2026/11/21 13:58')).toBeInTheDocument();
    expect(within(current).getByRole('textbox', { name: 'Current low limit' })).toHaveValue('');

    const pf = rowOf(card, 'Power factor');
    expect(within(pf).getByText('0.95')).toBeInTheDocument();
    expect(
      within(pf).getByRole('checkbox', { name: 'Power factor alarm active' }),
    ).not.toBeChecked();
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves the edited limits and switches, then shows the refetched list', async () => {
    const confirm = vi.spyOn(toast, 'success');
    storeSession();
    const { requests } = serveAlarms();
    renderApp(PAGE);
    const card = await alarmCard();
    const user = userEvent.setup();
    const low = within(card).getByRole('textbox', { name: 'Voltage low limit' });
    await user.clear(low);
    await user.type(low, ' 205 ');
    await user.clear(within(card).getByRole('textbox', { name: 'Voltage high limit' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Power factor alarm active' }));
    await user.type(within(card).getByRole('textbox', { name: 'Power factor low limit' }), '0.85');
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await within(card).findByText('Alarm settings saved.')).toBeInTheDocument();
    // Issue #23 item 9: confirmed where the user looks, not only below the table.
    expect(confirm).toHaveBeenCalledWith('Alarm settings saved.');
    confirm.mockRestore();
    expect(bodiesTo(requests, UPDATE)).toEqual([
      expect.objectContaining({
        action: UPDATE,
        deviceId: 9,
        alarms: [
          { target: 'voltage', isActivated: true, threshold: { low: 205, high: null } },
          { target: 'current', isActivated: true, threshold: { low: null, high: 65 } },
          { target: 'pf', isActivated: true, threshold: { low: 0.85, high: null } },
        ],
      }),
    ]);
    expect(bodiesTo(requests, LIST)).toHaveLength(2);
    expect(within(card).getByRole('textbox', { name: 'Voltage low limit' })).toHaveValue('205');
    expect(within(card).getByRole('textbox', { name: 'Voltage high limit' })).toHaveValue('');
    expect(within(card).getByRole('checkbox', { name: 'Power factor alarm active' })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says when a low limit is not below the high one, or not a number, and sends nothing', async () => {
    storeSession();
    const { requests } = serveAlarms();
    renderApp(PAGE);
    const card = await alarmCard();
    const user = userEvent.setup();
    const low = within(card).getByRole('textbox', { name: 'Voltage low limit' });
    await user.clear(low);
    await user.type(low, '240');
    await user.type(within(card).getByRole('textbox', { name: 'Current low limit' }), 'ten');
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(
      await within(rowOf(card, 'Voltage')).findByText('The low limit must be below the high limit'),
    ).toBeInTheDocument();
    expect(low).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(rowOf(card, 'Current')).getByText(
        'Enter a number, or leave it empty (or Infinity) for no limit',
      ),
    ).toBeInTheDocument();
    expect(bodiesTo(requests, UPDATE)).toHaveLength(0);

    // Discarding restores the saved limits and clears the messages.
    await user.click(within(card).getByRole('button', { name: 'Discard changes' }));
    expect(low).toHaveValue('200');
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when saving fails', async () => {
    storeSession();
    serveFactory({
      [UPDATE]: () => {
        throw new Error('offline');
      },
    });
    renderApp(PAGE);
    const card = await alarmCard();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('checkbox', { name: 'Power factor alarm active' }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(
      await within(card).findByText(
        'Could not save the alarm settings. Please try again.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Power factor alarm active' })).toBeChecked();
  });

  it('offers a retry when the list cannot be loaded, and says when there is nothing to set', async () => {
    storeSession();
    let fail = true;
    serveFactory({
      [LIST]: () => {
        if (fail) throw new Error('offline');
        return alarmListBody([]);
      },
    });
    renderApp(PAGE);
    const card = await screen.findByTestId('alarm-settings');
    const retry = await within(card).findByRole('button', { name: 'Try again' }, { timeout: 6000 });
    fail = false;
    await userEvent.setup().click(retry);
    expect(
      await within(card).findByText('This monitoring point has no alarms to set.'),
    ).toBeInTheDocument();
  });

  it('says when the node is not in this factory', async () => {
    storeSession();
    serveFactory({ [LIST]: () => notFoundBody(LIST) });
    renderApp(PAGE);
    const card = await screen.findByTestId('alarm-settings');
    expect(
      await within(card).findByText('This monitoring point does not exist in your factory.'),
    ).toBeInTheDocument();
  });

  it('speaks Traditional Chinese', async () => {
    storeSession();
    serveAlarms();
    await i18n.changeLanguage('zh-TW');
    renderApp(PAGE);
    const card = await alarmCard();
    expect(within(card).getByRole('heading', { name: '警報設定' })).toBeInTheDocument();
    expect(within(rowOf(card, '電流')).getByText('警報')).toBeInTheDocument();
    expect(within(rowOf(card, '電壓')).getByText('正常')).toBeInTheDocument();
    expect(within(card).getByRole('textbox', { name: '電壓下限' })).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('button', { name: '儲存' })).toBeDisabled());
  });
});
