/**
 * The server explains a refused request in English for developers
 * ("timeRange: a range covers at most 366 days."). A card shows the user a
 * text in the current language instead wherever the refusal is a known
 * validation; an unknown one is shown as it came, which beats saying nothing.
 */
export interface KnownRefusal {
  key: string;
  values: Record<string, number>;
}

// One pattern per validation the client knows, with the locale key that explains it.
// The field name before the colon varies by call (timeRange, segmentInfo.dateRange, dtEnd).
const KNOWN: readonly {
  pattern: RegExp;
  key: string;
  values: (m: RegExpExecArray) => KnownRefusal['values'];
}[] = [
  {
    pattern: /a range covers at most (\d+) days/,
    key: 'states.rangeTooLong',
    values: (match) => ({ days: Number(match[1]) }),
  },
];

export function knownRefusal(message: string): KnownRefusal | null {
  for (const { pattern, key, values } of KNOWN) {
    const match = pattern.exec(message);
    if (match) return { key, values: values(match) };
  }
  return null;
}
