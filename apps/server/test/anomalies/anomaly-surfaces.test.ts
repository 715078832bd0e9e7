import { describe, expect, it } from 'vitest';
import { wantsEvent } from '../../src/modules/webhooks/calc/payload.ts';
import { eventEntries } from '../../src/modules/overview/calc/diary.ts';
import { renderEventMail } from '../../src/modules/mail/event-mail.ts';
import { anomalyTexts } from '../../src/modules/anomalies/calc/texts.ts';

const texts = anomalyTexts({
  node: { name: 'Air Compressor 1', chName: '空壓機 1' },
  direction: 'above',
  kw: 32,
  baselineKw: 20,
  since: '2026/11/23 09:00',
});

describe('where an anomaly event shows', () => {
  it('goes to a webhook destination only when it chose anomalies (none said: none)', () => {
    const base = { alarms: true, demand: true, offline: true };
    expect(wantsEvent({ ...base, anomalies: true }, 'anomaly')).toBe(true);
    expect(wantsEvent({ ...base, anomalies: false }, 'anomaly')).toBe(false);
    expect(wantsEvent(base, 'anomaly')).toBe(false);
    expect(wantsEvent({ ...base, alarms: false, anomalies: true }, 'threshold')).toBe(false);
  });

  it('is a warning in the power diary, in both languages', () => {
    const at = Date.parse('2026-11-23T10:01:00+08:00');
    const day = { from: Date.parse('2026-11-23T00:00:00+08:00'), to: at + 3_600_000 };
    const [entry] = eventEntries(
      [
        {
          nodeId: 7,
          kind: 'anomaly',
          ...texts,
          openedAt: at,
          resolvedAt: null,
          resolvedBy: null,
        },
      ],
      day,
      at + 60_000,
    );
    expect(entry).toMatchObject({
      kind: 'alarmOpened',
      status: 'warning',
      description: texts.descEn,
      descriptionZh: texts.descZh,
    });
  });

  it('mails the kW and the band it left', () => {
    const mail = renderEventMail({
      eventId: 12,
      kind: 'anomaly',
      target: 'anomaly',
      ...texts,
      value: 32,
      thresholdLow: 14,
      thresholdHigh: 26,
      openedAt: new Date('2026-11-23T02:01:00Z'),
      node: { name: 'Air Compressor 1', chName: '空壓機 1' },
      factory: { name: 'Demo', nameZh: '示範', timeZone: 'Asia/Taipei' },
    });
    expect(mail.subject).toBe('[Wattboard] Anomaly: Air Compressor 1 / 用電異常：空壓機 1');
    expect(mail.text).toContain('Anomaly');
    expect(mail.text).toContain('32 kW');
    expect(mail.text).toContain('low 14 kW / high 26 kW');
    expect(mail.text).toContain('下限 14 kW／上限 26 kW');
  });
});
