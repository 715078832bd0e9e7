/** Direct API calls for test set-up, the way a script or a gateway would make them. */

export interface ApiSession {
  email: string;
  token: string;
}

export async function callApi<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  body: Record<string, unknown>,
  session?: ApiSession,
  method = 'POST',
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
    },
    body: JSON.stringify(session ? { ...session, action: path, ...body } : body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function signInApi(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<ApiSession> {
  const body = await callApi<{ statusCode: number; token: string }>(baseUrl, '/User/SignIn', {
    email: account.email,
    password: account.password,
    action: '/User/SignIn',
    token: '',
  });
  if (body.statusCode !== 200) throw new Error(`sign-in failed for ${account.email}`);
  return { email: account.email, token: body.token };
}

/** Sends readings through the gateway ingest API, as a meter gateway does. */
export async function ingest(baseUrl: string, gatewayKey: string, readings: unknown[]) {
  const res = await fetch(`${baseUrl}/v1/Ingest/Readings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${gatewayKey}` },
    body: JSON.stringify({ readings }),
  });
  const body = (await res.json()) as { accepted: number; rejected: unknown[] };
  if (!res.ok || body.accepted !== readings.length) {
    throw new Error(`ingest answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return body;
}
