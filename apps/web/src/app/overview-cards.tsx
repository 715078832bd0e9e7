import { lazy, Suspense } from 'react';

// Its own chunk, fetched after the Overview's: the landing page's first
// numbers never wait for the waste feature's code (decision 0086).
const WasteWeekCard = lazy(async () => ({
  default: (await import('@/features/waste/components/WasteWeekCard')).WasteWeekCard,
}));

/** The Overview's cards from other features, each loading on its own. */
export function OverviewMoreCards() {
  return (
    <Suspense fallback={null}>
      <WasteWeekCard />
    </Suspense>
  );
}
