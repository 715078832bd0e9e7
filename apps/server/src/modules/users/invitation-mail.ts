/**
 * The invitation a new user gets (issue #13), in both languages. It names the
 * account and who invited them, never the password: the Admin hands that
 * over separately (a mail box is not a safe place for it). Pure.
 */
import { renderMailDocument, type RenderedMail } from '../mail/index.ts';

export interface InvitationInput {
  factory: { name: string; nameZh: string };
  username: string;
  email: string;
  invitedBy: string;
}

export function renderInvitationMail(input: InvitationInput): RenderedMail {
  return renderMailDocument('[Wattboard] Your account / 您的帳號', [
    {
      lang: 'en',
      heading: `Welcome to Wattboard: ${input.factory.name}`,
      paragraphs: [
        `Hello ${input.username},`,
        `${input.invitedBy} has created a Wattboard account for you. Sign in with this e-mail address and the one-time password ${input.invitedBy} gives you; you will then choose your own password.`,
      ],
      facts: [
        ['Account', input.email],
        ['Invited by', input.invitedBy],
      ],
      footer: 'You receive this mail because an administrator of this factory added you.',
    },
    {
      lang: 'zh-Hant-TW',
      heading: `歡迎使用瓦特板：${input.factory.nameZh}`,
      paragraphs: [
        `${input.username} 您好：`,
        `${input.invitedBy} 已為您建立瓦特板帳號。請以此電子郵件地址及 ${input.invitedBy} 提供的一次性密碼登入，登入後即可設定您自己的密碼。`,
      ],
      facts: [
        ['帳號', input.email],
        ['邀請人', input.invitedBy],
      ],
      footer: '您收到此郵件，是因為此工廠的管理員新增了您的帳號。',
    },
  ]);
}
