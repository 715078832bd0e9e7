/** A translated validation message: key under admin.validation and its values. */
export interface FieldMessage {
  key: string;
  values?: Record<string, string>;
}

const RULES: [RegExp, string, string?][] = [
  [/ is required\b/, 'required'],
  [/control characters/, 'controlCharacters'],
  [/valid e-mail/, 'email'],
  [/e-?mail is too long/, 'tooLong'],
  [/at least (\d+) characters/, 'tooShort', 'min'],
  [/at most (\d+) characters/, 'tooLong', 'max'],
  [/must be more than (-?[\d.]+)/, 'greaterThan', 'min'],
  [/must be (-?[\d.]+) or more/, 'atLeast', 'min'],
  [/must be at least (-?[\d.]+)/, 'atLeast', 'min'],
  [/must be at most ([\d.,]+)/, 'atMost', 'max'],
  [/must not contain spaces/, 'serialCharacters'],
  [/must not be before/, 'order'],
  [/must be within (\d+) days/, 'rangeDays', 'max'],
  [/Expected a date\b/, 'date'],
  [/time zone/i, 'timeZone'],
  [/whole day of the month/, 'wholeNumber'],
  [/only digits, spaces and dashes/, 'accountNumber'],
  [/http or https address/, 'webhookUrl'],
  [/quiet hours/, 'quietTime'],
  [/to must be after from/, 'periodOrder'],
  [/periods must not overlap/, 'periodsOverlap'],
  [/on a quarter hour as HH:mm/, 'quarterClock'],
  [/has at most (\d+) periods/, 'periodsMax', 'max'],
  [/telegramChatId must be/, 'telegramChatId'],
  [/telegramToken must be/, 'telegramToken'],
  [/lineChannelToken must be/, 'lineChannelToken'],
  [/lineChannelSecret must be/, 'lineChannelSecret'],
];

/**
 * The contract's zod messages are English sentences naming the field; the
 * form shows them in the page's language by their kind, with the limit.
 * Anything unknown reads as "invalid value".
 */
export function fieldMessage(message: string | undefined): FieldMessage | null {
  if (!message) return null;
  for (const [pattern, kind, valueName] of RULES) {
    const match = pattern.exec(message);
    if (!match) continue;
    const value = match[1];
    return valueName && value
      ? { key: `admin.validation.${kind}`, values: { [valueName]: value.replace(/,$/, '') } }
      : { key: `admin.validation.${kind}` };
  }
  return { key: 'admin.validation.invalid' };
}
