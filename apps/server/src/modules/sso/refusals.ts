/**
 * Why a single sign-on did not sign someone in, in both languages: shown on
 * the error page, never a stack trace or the provider's raw answer.
 */
export const REFUSALS = {
  notConfigured: {
    en: 'This factory has no single sign-on. Sign in with your e-mail and password.',
    zh: '此工廠未設定單一登入，請以電子郵件與密碼登入。',
  },
  unknownSignIn: {
    en: 'This sign-in link is unknown, already used or expired. Start again from the login page.',
    zh: '此登入連結無效、已使用或已過期，請從登入頁重新開始。',
  },
  providerRefused: {
    en: 'The identity provider’s answer could not be verified. Start again from the login page.',
    zh: '無法驗證身分提供者的回應，請從登入頁重新開始。',
  },
  providerUnavailable: {
    en: 'The identity provider cannot be reached. Try again later or sign in with your password.',
    zh: '無法連線至身分提供者，請稍後再試或以密碼登入。',
  },
  noEmail: {
    en: 'The identity provider sent no verified e-mail address for you.',
    zh: '身分提供者未提供您已驗證的電子郵件地址。',
  },
  otherFactory: {
    en: 'Your account belongs to another factory: sign in there.',
    zh: '您的帳號屬於其他工廠，請至該工廠登入。',
  },
  otherIdentity: {
    en: 'Your account is linked to another identity at the provider. Ask your factory’s Admin.',
    zh: '您的帳號已連結至身分提供者的另一個身分，請洽工廠管理員。',
  },
  noAccount: {
    en: 'You have no account in this factory. Ask your factory’s Admin to add you.',
    zh: '您在此工廠沒有帳號，請洽工廠管理員新增。',
  },
  noRole: {
    en: 'None of your groups gives a role in this factory. Ask your factory’s Admin.',
    zh: '您所屬的群組在此工廠沒有對應的角色，請洽工廠管理員。',
  },
  disabled: {
    en: 'Your account is disabled. Ask your factory’s Admin.',
    zh: '您的帳號已停用，請洽工廠管理員。',
  },
  adminPasswordOnly: {
    en: 'The Admin account signs in with its password only.',
    zh: '管理員帳號僅能以密碼登入。',
  },
} as const satisfies Record<string, { en: string; zh: string }>;

export type RefusalReason = keyof typeof REFUSALS;

export class SsoRefusal extends Error {
  readonly reason: RefusalReason;

  constructor(reason: RefusalReason) {
    super(REFUSALS[reason].en);
    this.reason = reason;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a refused sign-on shows: both languages, a way back, nothing internal. */
export function refusalPage(reason: RefusalReason, loginUrl: string): string {
  const { en, zh } = REFUSALS[reason];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Wattboard: single sign-on failed / 單一登入失敗</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<h1>Single sign-on failed</h1><p>${escapeHtml(en)}</p>
<h1 lang="zh-Hant-TW">單一登入失敗</h1><p lang="zh-Hant-TW">${escapeHtml(zh)}</p>
<p><a href="${escapeHtml(loginUrl)}">Back to the login page / 返回登入頁</a></p>
</body></html>`;
}
