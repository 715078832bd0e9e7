import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { weeklyTimer } from '@wattboard/contract';
import { scheduleBody } from '@/testing/control/fixtures';
import {
  CONTROL_CALLS,
  groupsShown,
  prepareControlTests,
  renderControl,
  serverFault,
} from '@/testing/control/control-harness';

async function openSchedule(name = 'Workshop Lighting') {
  const user = userEvent.setup();
  const rendered = renderControl();
  await groupsShown();
  await user.click(screen.getByRole('button', { name: `Schedule of ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: `Schedule: ${name}` });
  await within(dialog).findByRole('grid', { name: 'Weekly timer' });
  return { user, dialog: within(dialog), ...rendered };
}

const cell = (day: string, start: string, end: string) =>
  screen.getByRole('gridcell', { name: `${day} ${start}–${end}` });

describe('Schedule editor', () => {
  prepareControlTests();

  it('paints a rectangle by pointer drag and saves only the timer', async () => {
    const { user, dialog, bodies } = await openSchedule();
    // Sunday is all off in the fixture: drag from Sun 01:00 to Tue 02:00.
    fireEvent.pointerDown(cell('Sun', '01:00', '01:30'), { button: 0, pointerId: 1 });
    fireEvent.pointerMove(cell('Tue', '02:00', '02:30'), { pointerId: 1 });
    fireEvent.pointerUp(cell('Tue', '02:00', '02:30'), { pointerId: 1 });
    for (const day of ['Sun', 'Mon', 'Tue']) {
      expect(cell(day, '01:30', '02:00')).toHaveAttribute('aria-selected', 'true');
    }
    expect(cell('Wed', '01:30', '02:00')).toHaveAttribute('aria-selected', 'false');
    expect(cell('Sun', '02:30', '03:00')).toHaveAttribute('aria-selected', 'false');
    expect(dialog.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(CONTROL_CALLS.scheduleUpdate)).toHaveLength(1));
    const sent = bodies(CONTROL_CALLS.scheduleUpdate)[0]!;
    expect(sent).toMatchObject({ factoryId: 0, channelScheduleId: 11 });
    const update = sent.scheduleUpdate as { timer: number[][]; auto?: unknown };
    expect(update.auto).toBeUndefined();
    expect(weeklyTimer.safeParse(update.timer).success).toBe(true);
    expect(update.timer[0]!.slice(0, 6)).toEqual([0, 0, 1, 1, 1, 0]);
    expect(await screen.findByText('Schedule saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('paints by keyboard: arrows move, Space switches, Shift+arrow paints', async () => {
    const { user, bodies } = await openSchedule();
    const first = cell('Sun', '00:00', '00:30');
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    await user.keyboard('{ArrowRight}{ArrowRight} ');
    expect(cell('Sun', '01:00', '01:30')).toHaveAttribute('aria-selected', 'true');
    expect(cell('Sun', '01:00', '01:30')).toHaveFocus();
    await user.keyboard('{Shift>}{ArrowRight}{ArrowDown}{/Shift}');
    expect(cell('Sun', '01:30', '02:00')).toHaveAttribute('aria-selected', 'true');
    expect(cell('Mon', '01:30', '02:00')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(cell('Mon', '23:30', '24:00')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(cell('Mon', '23:30', '24:00')).toHaveAttribute('aria-selected', 'true');
    expect(bodies(CONTROL_CALLS.scheduleUpdate)).toHaveLength(0);
  });

  it('copies a day to others and clears a day', async () => {
    const { user, dialog } = await openSchedule();
    // Monday is 07:00–19:00 in the fixture.
    await user.click(dialog.getByRole('checkbox', { name: 'Sun' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Sat' }));
    await user.click(dialog.getByRole('button', { name: 'Copy' }));
    expect(cell('Sun', '07:00', '07:30')).toHaveAttribute('aria-selected', 'true');
    expect(cell('Sat', '18:30', '19:00')).toHaveAttribute('aria-selected', 'true');
    expect(cell('Sat', '19:00', '19:30')).toHaveAttribute('aria-selected', 'false');
    expect(dialog.getByText('Sat: 12 h on')).toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText('Day'), 'Wed');
    await user.click(dialog.getByRole('button', { name: 'Clear Wed' }));
    expect(dialog.getByText('Wed: 0 h on')).toBeInTheDocument();
    expect(dialog.getByText('Tue: 12 h on')).toBeInTheDocument();
  });

  it('edits the auto week and refuses a low mark not below the high one, with the contract message', async () => {
    const { user, dialog, bodies } = await openSchedule();
    await user.click(dialog.getByRole('tab', { name: 'Auto' }));
    const monday = within(screen.getByTestId('auto-day-1'));
    expect(monday.getByLabelText('Auto type on Mon')).toHaveValue('signal');
    expect(monday.getByLabelText('Detect node')).toHaveDisplayValue('Incoming supply');
    const low = monday.getByLabelText('Low water mark (kW)');
    await user.clear(low);
    await user.type(low, '300');
    expect(monday.getByText('lowWaterMark must be below highWaterMark')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Fix the marked fields before saving.')).toBeInTheDocument();
    await waitFor(() => expect(low).toHaveFocus());
    expect(bodies(CONTROL_CALLS.scheduleUpdate)).toHaveLength(0);

    await user.clear(low);
    await user.type(low, '150');
    // Sunday becomes a signal day: it needs a node and marks.
    const sunday = within(screen.getByTestId('auto-day-0'));
    await user.selectOptions(sunday.getByLabelText('Auto type on Sun'), 'signal');
    expect(sunday.getByText('Choose the node whose consumption is watched')).toBeInTheDocument();
    await user.selectOptions(sunday.getByLabelText('Detect node'), 'Air compressor');
    await user.type(sunday.getByLabelText('High water mark (kW)'), '80');
    await user.type(sunday.getByLabelText('Low water mark (kW)'), '20');
    await user.selectOptions(sunday.getByLabelText('Above the high mark'), 'Switch on');
    // Tuesday becomes off; Wednesday's timer row can be painted.
    await user.selectOptions(
      within(screen.getByTestId('auto-day-2')).getByLabelText('Auto type on Tue'),
      'off',
    );
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(CONTROL_CALLS.scheduleUpdate)).toHaveLength(1));
    const update = bodies(CONTROL_CALLS.scheduleUpdate)[0]!.scheduleUpdate as {
      auto: unknown[];
      timer?: unknown;
    };
    expect(update.timer).toBeUndefined();
    expect(update.auto[0]).toEqual({
      type: 'signal',
      detectDeviceId: 8,
      detectType: 'Consumption',
      highAction: 'on',
      highWaterMark: 80,
      lowAction: 'on',
      lowWaterMark: 20,
    });
    expect(update.auto[1]).toMatchObject({ lowWaterMark: 150, highWaterMark: 300 });
    expect(update.auto[2]).toEqual({ type: 'off' });
  }, 20_000);

  it('asks before discarding changes, and keeps the draft when the save fails', async () => {
    const user = userEvent.setup();
    const { bodies } = renderControl({
      answers: { [CONTROL_CALLS.scheduleUpdate]: () => serverFault() },
    });
    await groupsShown();
    await user.click(screen.getByRole('button', { name: 'Schedule of Workshop Lighting' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('grid', { name: 'Weekly timer' });
    fireEvent.pointerDown(cell('Sun', '00:00', '00:30'), { button: 0, pointerId: 1 });
    fireEvent.pointerUp(cell('Sun', '00:00', '00:30'), { pointerId: 1 });

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The schedule could not be saved.')).toBeInTheDocument();
    // A failed mutation is retried once before it counts as failed.
    expect(bodies(CONTROL_CALLS.scheduleUpdate)).toHaveLength(2);
    expect(cell('Sun', '00:00', '00:30')).toHaveAttribute('aria-selected', 'true');

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(dialog.getByText('Discard the changes to this schedule?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep editing' }));
    expect(cell('Sun', '00:00', '00:30')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    await user.click(dialog.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('follows a pushed change while untouched, and keeps the draft once edited', async () => {
    const user = userEvent.setup();
    let sundayOn = false;
    const { hub, bodies } = renderControl({
      answers: {
        [CONTROL_CALLS.schedule]: () => {
          const body = scheduleBody();
          if (sundayOn) body.schedule.timer[0] = Array<0 | 1>(48).fill(1);
          return body;
        },
      },
    });
    await groupsShown();
    await user.click(screen.getByRole('button', { name: 'Schedule of Workshop Lighting' }));
    await screen.findByRole('grid', { name: 'Weekly timer' });
    const push = () =>
      act(() =>
        hub().emit('ControlChanged', {
          source: 'person',
          channelGroupIds: [1],
          channelScheduleIds: [11],
          time: '2026-11-21T05:31:00Z',
        }),
      );
    sundayOn = true;
    push();
    await waitFor(() =>
      expect(cell('Sun', '03:00', '03:30')).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    fireEvent.pointerDown(cell('Sat', '00:00', '00:30'), { button: 0, pointerId: 1 });
    fireEvent.pointerUp(cell('Sat', '00:00', '00:30'), { pointerId: 1 });
    sundayOn = false;
    const fetched = bodies(CONTROL_CALLS.schedule).length;
    push();
    await waitFor(() => expect(bodies(CONTROL_CALLS.schedule).length).toBe(fetched + 1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(cell('Sun', '03:00', '03:30')).toHaveAttribute('aria-selected', 'true');
    expect(cell('Sat', '00:00', '00:30')).toHaveAttribute('aria-selected', 'true');
  });

  it('holds an in-app navigation while there are unsaved changes', async () => {
    const { dialog, router, user } = await openSchedule();
    fireEvent.pointerDown(cell('Sun', '00:00', '00:30'), { button: 0, pointerId: 1 });
    fireEvent.pointerUp(cell('Sun', '00:00', '00:30'), { pointerId: 1 });
    await dialog.findByText('Unsaved changes');
    await act(async () => {
      await router.navigate('/dashboard/overview');
    });
    expect(await dialog.findByText('Discard the changes to this schedule?')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/control');
    await user.click(dialog.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    expect(screen.getByText('Overview page')).toBeInTheDocument();
  });

  it('closes at once when nothing changed', async () => {
    const { user, dialog } = await openSchedule();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
