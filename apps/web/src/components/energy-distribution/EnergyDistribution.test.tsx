import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { installIntersectionObserver } from '@/testing/intersection-observer';
import { EnergyDistribution } from './EnergyDistribution';

const measured = { averageKW: 8, level: 'mid' as const, maxKW: 9, valueKWH: 2 };
const none = { averageKW: null, level: null, maxKW: null, valueKWH: null };
// Today up to 10:00: the rest of the day has not happened, so the server sends it without data.
const today = {
  date: '2026-11-21',
  values: Array.from({ length: 96 }, (_, slot) => (slot < 40 ? measured : none)),
};

describe('EnergyDistribution', () => {
  let uninstall: () => void = () => {};
  beforeEach(() => {
    uninstall = installIntersectionObserver();
  });
  afterEach(() => uninstall());

  it('names the hours without data in the legend, in English', () => {
    render(<EnergyDistribution entries={[today]} emptyText="Nothing" />);
    const legend = screen.getByRole('list', { name: 'Level' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Low', 'Mid', 'High', 'No data yet']);
  });

  it('and in Traditional Chinese', async () => {
    await i18n.changeLanguage('zh');
    render(<EnergyDistribution entries={[today]} emptyText="無" />);
    const legend = screen.getByRole('list', { name: '等級' });
    expect(within(legend).getByText('尚無資料')).toBeInTheDocument();
  });

  it('shows its empty state when no hour has any energy, future hours included', () => {
    render(
      <EnergyDistribution
        entries={[{ date: '2026-11-22', values: Array(96).fill(none) }]}
        emptyText="No energy recorded in this range."
      />,
    );
    expect(screen.getByText('No energy recorded in this range.')).toBeInTheDocument();
  });
});
