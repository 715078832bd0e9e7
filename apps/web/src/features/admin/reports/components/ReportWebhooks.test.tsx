import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAdmin } from '@/testing/admin/admin-harness';
import { scheduledReportsServer } from '@/testing/admin/scheduled-reports';

/** "Send now" names the webhook destinations that got the report as a link (decision 0083). */
describe('Admin › Scheduled reports › webhook destinations', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('says how many destinations got a link, and nothing when there are none', async () => {
    const user = userEvent.setup();
    renderAdmin('reports', scheduledReportsServer({ webhooks: 2 }));
    const weekly = within(await screen.findByRole('region', { name: 'Weekly report' }));
    await user.click(weekly.getByRole('button', { name: 'Send now' }));
    expect(await weekly.findByRole('status')).toHaveTextContent(
      'Weekly report for 2026-11-16 – 2026-11-22 is queued for 1 receiver; the Mail section shows its delivery. It also goes as a download link to 2 webhook destinations.',
    );
  });

  it('in Chinese', async () => {
    const user = userEvent.setup();
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      renderAdmin('reports', scheduledReportsServer({ webhooks: 1 }));
      const weekly = within(await screen.findByRole('region', { name: '每週報告' }));
      await user.click(weekly.getByRole('button', { name: '立即寄送' }));
      expect(await weekly.findByRole('status')).toHaveTextContent(
        '另以下載連結傳送至 1 個 Webhook 目的地。',
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
