import { z } from 'zod';
import {
  adminWebhookSaveFields,
  lineChannelSecret,
  lineChannelToken,
  quietTime,
  telegramChatId,
  telegramToken,
  webhookUrl,
  type AdminWebhook,
  type WebhookFormat,
} from '@wattboard/contract';
import type { WebhookSave } from '../api/webhook-save';

/**
 * The dialog's values: text inputs stay text (an empty optional field is ''),
 * and two switches (quiet hours, escalation) say whether their inputs count.
 * `toSaveRequest` turns them into the contract's request.
 */
export interface WebhookFormValues {
  name: string;
  format: WebhookFormat;
  url: string;
  telegramChatId: string;
  telegramToken: string;
  /** LINE's keys: never sent back, so empty on a change keeps the saved ones. */
  lineChannelToken: string;
  lineChannelSecret: string;
  enabled: boolean;
  alarms: boolean;
  offline: boolean;
  demand: boolean;
  /** Anomaly events (decision 0082): on for a new destination, like the other alerts. */
  anomalies: boolean;
  /** Scheduled reports as a link (decision 0083); off for a new destination, as on the server. */
  reports: boolean;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
  escalate: boolean;
  escalateAfterMinutes: string;
}

export const blankWebhook: WebhookFormValues = {
  name: '',
  format: 'signed',
  url: '',
  telegramChatId: '',
  telegramToken: '',
  lineChannelToken: '',
  lineChannelSecret: '',
  enabled: true,
  alarms: true,
  offline: true,
  demand: true,
  anomalies: true,
  reports: false,
  quiet: false,
  quietStart: '22:00',
  quietEnd: '07:00',
  escalate: false,
  escalateAfterMinutes: '30',
};

const { name, escalateAfterMinutes } = adminWebhookSaveFields.shape;

/** The contract's rules, applied only to the inputs the chosen format and switches use. */
export const webhookFormSchema = z
  .object({
    name,
    format: adminWebhookSaveFields.shape.format,
    url: z.string(),
    telegramChatId: z.string(),
    telegramToken: z.string(),
    lineChannelToken: z.string(),
    lineChannelSecret: z.string(),
    enabled: z.boolean(),
    alarms: z.boolean(),
    offline: z.boolean(),
    demand: z.boolean(),
    anomalies: z.boolean(),
    reports: z.boolean(),
    quiet: z.boolean(),
    quietStart: z.string(),
    quietEnd: z.string(),
    escalate: z.boolean(),
    escalateAfterMinutes: z.string(),
  })
  .superRefine((values, ctx) => {
    const check = (field: keyof WebhookFormValues, schema: z.ZodType, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success)
        ctx.addIssue({ code: 'custom', path: [field], message: result.error.issues[0]!.message });
    };
    if (values.format === 'telegram') {
      check('telegramChatId', telegramChatId, values.telegramChatId);
      // Empty on a change keeps the saved token; the dialog asks for one when new.
      if (values.telegramToken.trim() !== '')
        check('telegramToken', telegramToken, values.telegramToken);
    } else if (values.format === 'line') {
      // Empty on a change keeps the saved keys; the dialog asks for both when new.
      if (values.lineChannelToken.trim() !== '')
        check('lineChannelToken', lineChannelToken, values.lineChannelToken);
      if (values.lineChannelSecret.trim() !== '')
        check('lineChannelSecret', lineChannelSecret, values.lineChannelSecret);
    } else {
      check('url', webhookUrl, values.url);
    }
    if (values.quiet) {
      check('quietStart', quietTime, values.quietStart);
      check('quietEnd', quietTime, values.quietEnd);
      if (values.quietStart === values.quietEnd)
        ctx.addIssue({ code: 'custom', path: ['quietEnd'], message: 'quiet hours must differ' });
    }
    if (values.escalate)
      check('escalateAfterMinutes', escalateAfterMinutes, Number(values.escalateAfterMinutes));
  });

/** A saved destination as the dialog shows it (a bot token or LINE key is never sent back: empty). */
export function formValuesOf(webhook: AdminWebhook): WebhookFormValues {
  return {
    name: webhook.name,
    format: webhook.format,
    url: webhook.url,
    telegramChatId: webhook.telegramChatId ?? '',
    telegramToken: '',
    lineChannelToken: '',
    lineChannelSecret: '',
    enabled: webhook.enabled,
    alarms: webhook.alarms,
    offline: webhook.offline,
    demand: webhook.demand,
    anomalies: webhook.anomalies ?? false,
    reports: webhook.reports ?? false,
    quiet: webhook.quietHours !== null,
    quietStart: webhook.quietHours?.start ?? blankWebhook.quietStart,
    quietEnd: webhook.quietHours?.end ?? blankWebhook.quietEnd,
    escalate: webhook.escalateAfterMinutes !== null,
    escalateAfterMinutes: String(webhook.escalateAfterMinutes ?? blankWebhook.escalateAfterMinutes),
  };
}

/** The Save request of checked values: a format's unused inputs and switched-off settings drop out. */
export function toSaveRequest(
  values: WebhookFormValues,
  webhookId: number | null,
  newSecret: boolean,
  lineNewCode = false,
): WebhookSave {
  const telegram = values.format === 'telegram';
  const line = values.format === 'line';
  const kept = (value: string) => (line && value.trim() !== '' ? value.trim() : null);
  return {
    webhookId,
    name: values.name,
    format: values.format,
    url: telegram || line ? null : values.url,
    telegramChatId: telegram ? values.telegramChatId.trim() : null,
    telegramToken:
      telegram && values.telegramToken.trim() !== '' ? values.telegramToken.trim() : null,
    enabled: values.enabled,
    alarms: values.alarms,
    offline: values.offline,
    demand: values.demand,
    anomalies: values.anomalies,
    reports: values.reports,
    quietHours: values.quiet ? { start: values.quietStart, end: values.quietEnd } : null,
    escalateAfterMinutes: values.escalate ? Number(values.escalateAfterMinutes) : null,
    lineChannelToken: kept(values.lineChannelToken),
    lineChannelSecret: kept(values.lineChannelSecret),
    lineNewCode: line && lineNewCode,
    newSecret,
  };
}
