import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardState, OverviewCard } from './OverviewCard';

const pending = { isPending: true, isError: false, error: null, refetch: () => {} };
const loaded = { ...pending, isPending: false, data: { value: 1 } };

describe('OverviewCard skeletons', () => {
  it('gives the skeleton CSS the card’s loaded heights, desktop and phone', () => {
    render(
      <OverviewCard title="Demand" testId="card" height={239} phoneHeight={290}>
        <CardState query={pending}>content</CardState>
      </OverviewCard>,
    );
    const card = screen.getByTestId('card');
    expect(card.style.getPropertyValue('--wb-ov-card-height')).toBe('239px');
    expect(card.style.getPropertyValue('--wb-ov-card-height-phone')).toBe('290px');
    // The loading box the CSS stretches to that height, announced as loading.
    expect(card.querySelector('.wb-ov-card__loading [role="status"]')).not.toBeNull();
    expect(screen.queryByText('content')).toBeNull();
  });

  it('uses one height for both widths when only one is given, and none without', () => {
    render(
      <>
        <OverviewCard title="Cost" testId="one" height={300}>
          <CardState query={pending}>content</CardState>
        </OverviewCard>
        <OverviewCard title="Plain" testId="none">
          <CardState query={pending}>content</CardState>
        </OverviewCard>
      </>,
    );
    expect(screen.getByTestId('one').style.getPropertyValue('--wb-ov-card-height-phone')).toBe(
      '300px',
    );
    expect(screen.getByTestId('none').getAttribute('style')).toBeNull();
  });

  it('drops the skeleton once the answer is in', () => {
    render(
      <OverviewCard title="Demand" testId="card" height={239}>
        <CardState query={loaded}>content</CardState>
      </OverviewCard>,
    );
    expect(screen.getByText('content')).toBeInTheDocument();
    expect(screen.getByTestId('card').querySelector('.wb-ov-card__loading')).toBeNull();
  });
});
