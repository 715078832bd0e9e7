import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { numberFigure } from '@/lib/format';
import { StatList } from './StatList';

// Issue #23 item 1: a tile's figure fits it at every width, in both languages.
describe('StatList figures', () => {
  it('shows 10,000 or more compactly with the full value on hover and for readers', () => {
    render(
      <StatList
        testId="energy"
        stats={[
          { key: 'forward', label: 'Forward (kWh)', value: numberFigure(1_234_567, '', 'zh') },
          { key: 'co2', label: 'CO2 (kg)', value: numberFigure(720.7, '', 'zh') },
        ]}
      />,
    );
    const tiles = within(screen.getByTestId('energy'));
    const compact = tiles.getByText('123.5萬');
    expect(compact).toHaveAttribute('aria-hidden', 'true');
    expect(compact.parentElement).toHaveAttribute('title', '1,234,567');
    expect(tiles.getByText('1,234,567')).toHaveClass('wb-visually-hidden');
    expect(tiles.getByText('720.7')).not.toHaveAttribute('title');
  });
});
