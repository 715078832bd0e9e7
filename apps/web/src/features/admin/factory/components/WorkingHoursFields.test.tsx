import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_WORKING_HOURS, type AdminFactory } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';

const UPDATE = '/v1/Admin/Factory/Update';

function factoryServer(workingHours: AdminFactory['workingHours']): Answers {
  let factory: AdminFactory = {
    id: 1,
    slug: 'demo',
    name: 'Demo plant',
    nameZh: '示範工廠',
    timeZone: 'Asia/Taipei',
    co2Factor: 0.474,
    contractCapacityKw: 500,
    ...(workingHours ? { workingHours } : {}),
  };
  return {
    '/v1/Admin/Factory/Get': () => ok('/v1/Admin/Factory/Get', { factory, job: null }),
    '/v1/Admin/Job/List': () => ok('/v1/Admin/Job/List', { jobs: [] }),
    '/v1/Admin/EmissionFactor/List': () =>
      ok('/v1/Admin/EmissionFactor/List', {
        factors: [{ year: 2026, kgPerKwh: 0.474, source: '', sourceZh: '' }],
        currentYear: 2026,
        current: { kgPerKwh: 0.474, fromYear: 2026 },
      }),
    [UPDATE]: (body) => {
      factory = { ...factory, ...(body as Partial<AdminFactory>) };
      return ok(UPDATE, { factory, job: null });
    },
  };
}

describe('Admin › Factory › working hours', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('shows each day type, refuses a bad period by name and saves a night shift', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', factoryServer(DEFAULT_WORKING_HOURS));
    const hours = within(await screen.findByTestId('admin-factory-hours'));
    const weekdays = within(hours.getByTestId('admin-factory-hours-weekday'));
    expect(weekdays.getByLabelText('From')).toHaveValue('06:00');
    expect(weekdays.getByLabelText('To')).toHaveValue('22:00');
    const sundays = within(hours.getByTestId('admin-factory-hours-sundayHoliday'));
    expect(sundays.getByText('Nobody works: every hour is off hours.')).toBeInTheDocument();

    // A night shift: 22:00-24:00 on weekdays, typed first as an overlap and backwards.
    await user.click(hours.getByRole('button', { name: 'Add a working period on Weekdays' }));
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
    renderAdmin('factory', factoryServer(undefined));
    expect(await screen.findByLabelText('Name (English)')).toHaveValue('Demo plant');
    expect(screen.queryByTestId('admin-factory-hours')).toBeNull();
  });

  it('reads in 中文', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      renderAdmin('factory', factoryServer(DEFAULT_WORKING_HOURS));
      const hours = within(await screen.findByTestId('admin-factory-hours'));
      expect(hours.getByText('上班時間')).toBeInTheDocument();
      expect(hours.getByText('週日及離峰日')).toBeInTheDocument();
      expect(hours.getByRole('button', { name: '新增平日的上班時段' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
