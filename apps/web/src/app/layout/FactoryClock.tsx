import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { factoryNowMs } from '@wattboard/zone-time';
import { formatFactoryClock } from '@/lib/factory-time';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';

/** The clock refreshes every 500 ms. */
export const CLOCK_TICK_MS = 500;

/** The factory's local time (HH:mm:ss) and date (dd MMM yyyy), from dtNowFactory. */
export function FactoryClock() {
  const { t } = useTranslation();
  const base = useFactoryTimeBase();
  const [pcNow, setPcNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setPcNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  if (!base) return null;
  const { time, date } = formatFactoryClock(factoryNowMs(base, pcNow), base.zone);
  return (
    <div className="wb-clock" role="group" aria-label={t('clock.label')}>
      <span className="wb-clock__time" data-testid="factory-clock-time">
        {time}
      </span>
      <span className="wb-clock__date" data-testid="factory-clock-date">
        {date}
      </span>
    </div>
  );
}
