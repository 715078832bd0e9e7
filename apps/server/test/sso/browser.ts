/**
 * A browser's part at the provider: follows its redirects with its cookies
 * until it sends the browser back to Wattboard (a URL under `appUrl`).
 */
export async function followProvider(start: string, appUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(appUrl)) return new URL(url);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: { cookie } });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) {
      throw new Error(
        `the provider stopped at ${url}: ${response.status} ${await response.text()}`,
      );
    }
    url = new URL(location, url).toString();
  }
  throw new Error('the provider redirected too often');
}
