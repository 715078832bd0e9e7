import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { defaultConsumptionForm, toSegmentInfo } from '../model/consumption-form';
import type { ConsumptionForm as FormValues } from '../model/consumption-form';
import { ConsumptionForm } from './ConsumptionForm';

const initial = defaultConsumptionForm({ startDate: '2026-11-01', endDate: '2026-11-21' });

function renderForm() {
  const onSubmit = vi.fn<(form: FormValues) => void>();
  render(<ConsumptionForm initial={initial} busy={false} onSubmit={onSubmit} />);
  return onSubmit;
}

/** Types a time as the browser's time input reports it (HH:mm). */
const setTime = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Consumption Query form: the end of the day written 23:59 (issue #23 item 15)', () => {
  it('sends an end of 23:59 as 24:00, the end of the day', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    setTime('From', '22:00');
    setTime('To', '23:59');
    await user.click(screen.getByRole('button', { name: 'Query' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledOnce();
    const sent = onSubmit.mock.calls[0]![0];
    expect(toSegmentInfo(sent).timeRange).toEqual({ startTime: '22:00', endTime: '24:00' });
  });

  it('still refuses 23:59 as a start, and an end of 23:58, in both languages', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    setTime('From', '23:59');
    setTime('To', '23:58');
    await user.click(screen.getByRole('button', { name: 'Query' }));
    const quarter =
      'Use a quarter hour (:00, :15, :30 or :45); figures are computed in 15-minute blocks.';
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(quarter);
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(quarter);
    expect(onSubmit).not.toHaveBeenCalled();

    await act(() => i18n.changeLanguage('zh-TW'));
    const quarterZh = '請選擇整刻時間（:00、:15、:30 或 :45）；數值以 15 分鐘區間計算。';
    expect(screen.getByLabelText('起')).toHaveAccessibleDescription(quarterZh);
    expect(screen.getByLabelText('迄')).toHaveAccessibleDescription(quarterZh);

    setTime('迄', '23:59');
    expect(screen.getByLabelText('迄')).not.toHaveAttribute('aria-invalid');
    setTime('起', '23:45');
    await user.click(screen.getByRole('button', { name: '查詢' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
