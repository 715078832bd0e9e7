import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_WORKING_HOURS } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { factoryServer } from '@/testing/admin/factory';

const UPDATE = '/v1/Admin/Factory/Update';

describe('Admin › Factory › working hours', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('shows each day type, refuses a bad period by name and saves a night shift', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin(
      'factory',
      factoryServer({ workingHours: DEFAULT_WORKING_HOURS }),
    );
    const hours = within(await screen.findByTestId('admin-factory-hours'));
    const weekdays = within(hours.getByTestId('admin-factory-hours-weekday'));
    expect(weekdays.getByLabelText('From')).toHaveValue('06:00');
    expect(weekdays.getByLabelText('To')).toHaveValue('22:00');
    const sundays = within(hours.getByTestId('admin-factory-hours-sundayHoliday'));
    expect(sundays.getByText('Nobody works: every hour is off hours.')).toBeInTheDocument();

    // A night shift: 22:00-24:00 on weekdays, typed first as an overlap and backwards.
    await user.click(hours.getByRole('button', { name: 'Add a period on Weekdays' }));
    const [, from] = weekdays.getAllByLabelText('From');
    const [, to] = weekdays.getAllByLabelText('To');
    await user.type(from!, '21:00');
    await user.type(to!, '20:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await weekdays.findByText('The end must be after the start.')).toBeInTheDocument();
    await user.clear(to!);
    await user.type(to!, '24:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await weekdays.findByText('Periods of one day must not overlap.')).toBeInTheDocument();
    expect(sentTo(network, UPDATE)).toEqual([]);
    await user.clear(from!);
    await user.type(from!, '22:00');
    await user.click(screen.getByRole('button', { name: 'Remove period 1 of Saturdays' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, UPDATE)).toEqual([
        expect.objectContaining({
          workingHours: {
            weekday: [
              { from: '06:00', to: '22:00' },
              { from: '22:00', to: '24:00' },
            ],
            saturday: [],
            sundayHoliday: [],
          },
        }),
      ]),
    );
  });

  it('has no such fields when the server sends none (and sends none)', async () => {
    renderAdmin('factory', factoryServer());
    expect(await screen.findByLabelText('Name (English)')).toHaveValue('Demo plant');
    expect(screen.queryByTestId('admin-factory-hours')).toBeNull();
  });

  it('reads in 中文', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      renderAdmin('factory', factoryServer({ workingHours: DEFAULT_WORKING_HOURS }));
      const hours = within(await screen.findByTestId('admin-factory-hours'));
      expect(hours.getByText('上班時間')).toBeInTheDocument();
      expect(hours.getByText('週日及離峰日')).toBeInTheDocument();
      expect(hours.getByRole('button', { name: '新增時段（平日）' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
