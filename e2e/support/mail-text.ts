/**
 * The readable text of a raw MIME message: every part's body decoded from its
 * transfer encoding (quoted-printable or base64, as nodemailer chooses per
 * part), joined. Enough for asserting what a mail says; not a MIME parser.
 */
export function mailText(raw: string): string {
  const texts: string[] = [];
  // A part: its headers, a blank line, its body up to the next boundary line.
  const part = /((?:^[\w-]+:.*\r?\n(?:[ \t].*\r?\n)*)+)\r?\n([\s\S]*?)(?=^--|$(?![\s\S]))/gm;
  for (const [, headers, body] of raw.matchAll(part)) {
    if (!/^content-type:\s*text\//im.test(headers!)) continue;
    const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers!)?.[1]?.toLowerCase();
    texts.push(decodeBody(body!, encoding));
  }
  return texts.join('\n');
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** RFC 2045 §6.7: soft line breaks go, =XX is a byte; the bytes are UTF-8. */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
