/**
 * The name the user panel shows: the username, else the part of the
 * e-mail before the at-sign, else null so the caller shows its default label.
 */
export function displayUsername(
  username: string | null | undefined,
  email: string | null | undefined,
): string | null {
  const name = username?.trim();
  if (name) return name;
  const localPart = email?.split('@')[0]?.trim();
  return localPart ? localPart : null;
}
