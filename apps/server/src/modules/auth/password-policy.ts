import { dictionary } from '@zxcvbn-ts/language-common';
import { ADMIN_MESSAGES, PASSWORD_MIN } from '@wattboard/contract';

/**
 * What a chosen password must not be (OWASP ASVS 2.1, NIST SP 800-63B 5.1.1.2):
 * shorter than PASSWORD_MIN (the contract refuses that already; kept here so
 * callers outside the HTTP contract, such as `factory:add`, get the same rule),
 * one of the most common passwords, or a word an attacker tries first for this
 * account with a few characters added: the user's e-mail (or its part before
 * the @) and the product's name. No composition rules (digits, symbols): both standards
 * advise against them.
 */
export type PasswordProblem = 'tooShort' | 'tooCommon' | 'containsEmail' | 'containsProductName';

export const PRODUCT_NAME = 'wattboard';
/** A shorter local part ("a@…", "jo@…") would refuse too many good passwords. */
const MIN_EMAIL_WORD = 4;

// zxcvbn-ts's list of ~49,000 passwords most often seen in breaches (lower case).
let common: ReadonlySet<string> | undefined;
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common']);
  return common;
}

function folded(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * True when the password is the word with a few characters around it
 * ("Wattboard2026!", "manager123"): what is left without the word is shorter
 * than a password may be. A long passphrase that merely mentions it passes.
 */
function builtOn(candidate: string, word: string): boolean {
  if (word.length === 0 || !candidate.includes(word)) return false;
  return [...candidate.split(word).join('')].length < PASSWORD_MIN;
}

/** The first rule a password breaks, or null when it may be used. */
export function passwordProblem(password: string, email: string): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN) return 'tooShort';
  const candidate = folded(password);
  if (commonPasswords().has(candidate)) return 'tooCommon';
  const address = folded(email.trim());
  const localPart = address.split('@')[0] ?? '';
  if (
    builtOn(candidate, address) ||
    (localPart.length >= MIN_EMAIL_WORD && builtOn(candidate, localPart))
  ) {
    return 'containsEmail';
  }
  if (builtOn(candidate, PRODUCT_NAME)) return 'containsProductName';
  return null;
}

/** The contract's message for each problem (the web shows it in the page's language). */
export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  tooShort: `The password must be at least ${PASSWORD_MIN} characters.`,
  tooCommon: ADMIN_MESSAGES.passwordTooCommon,
  containsEmail: ADMIN_MESSAGES.passwordContainsEmail,
  containsProductName: ADMIN_MESSAGES.passwordContainsProductName,
};

/** The message for a refused password, or null when it may be used. */
export function passwordPolicyMessage(password: string, email: string): string | null {
  const problem = passwordProblem(password, email);
  return problem ? PASSWORD_PROBLEM_MESSAGES[problem] : null;
}
