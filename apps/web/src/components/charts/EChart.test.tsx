import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  installIntersectionObserver,
  scrollIntoView,
  watcherCount,
} from '@/testing/intersection-observer';
import { EChart } from './EChart';
import type { ChartOption } from './echarts-setup';

const option: ChartOption = {
  xAxis: { type: 'category', data: ['a', 'b', 'c'] },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', data: [1, 2, 3] }],
};

describe('EChart', () => {
  let uninstall: () => void = () => {};
  // The chart code in the module cache already: an eager chart would draw within the wait below.
  beforeAll(async () => {
    await import('./echarts-setup');
  }, 30_000);
  beforeEach(() => {
    uninstall = installIntersectionObserver();
  });
  afterEach(() => uninstall());

  it('holds its height and loads no chart code until it nears the screen', async () => {
    render(<EChart option={option} height={280} label="Power today" testId="chart" />);
    const box = screen.getByRole('img', { name: 'Power today' });
    expect(box).toHaveStyle({ height: '280px' });
    // Give a would-be eager load time to draw: nothing may appear off screen.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(box.querySelector('svg')).toBeNull();

    act(() => scrollIntoView(box));
    await waitFor(() => expect(box.querySelector('svg')).not.toBeNull(), { timeout: 10_000 });
    expect(watcherCount()).toBe(0);
  });

  it('stops watching when it leaves the page before it was seen', () => {
    const { unmount } = render(<EChart option={option} height={200} label="Heatmap" />);
    expect(watcherCount()).toBe(1);
    unmount();
    expect(watcherCount()).toBe(0);
  });
});
