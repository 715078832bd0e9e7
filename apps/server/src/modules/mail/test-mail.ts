/**
 * The developer test mail (POST /API/v1/TestEmail/send-test): proves that the
 * receivers' addresses and the mail route work, in both languages. Pure.
 */
import { renderMailDocument, type RenderedMail } from './mail-document.ts';
import { formatMailTime } from './mail-format.ts';

export interface TestMailInput {
  factory: { name: string; nameZh: string; timeZone: string };
  receiverName: string;
  requestedBy: string;
  now: Date;
}

export function renderTestMail(input: TestMailInput): RenderedMail {
  const time = formatMailTime(input.now, input.factory.timeZone);
  return renderMailDocument('[Wattboard] Test e-mail / 測試郵件', [
    {
      lang: 'en',
      heading: `Wattboard test e-mail: ${input.factory.name}`,
      paragraphs: [
        `Hello ${input.receiverName},`,
        'this is a test e-mail. Alarm e-mails of this factory will reach this address the same way.',
      ],
      facts: [
        ['Requested by', input.requestedBy],
        ['Time', time],
      ],
      footer: 'You receive this mail because you are an alarm e-mail receiver of this factory.',
    },
    {
      lang: 'zh-Hant-TW',
      heading: `瓦特板測試郵件：${input.factory.nameZh}`,
      paragraphs: [
        `${input.receiverName} 您好：`,
        '這是一封測試郵件。此工廠的警報郵件也會以相同方式寄到這個地址。',
      ],
      facts: [
        ['申請人', input.requestedBy],
        ['時間', time],
      ],
      footer: '您收到此郵件，是因為您是此工廠的警報郵件收件人。',
    },
  ]);
}
