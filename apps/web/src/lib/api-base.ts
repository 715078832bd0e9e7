interface ApiBaseInput {
  hostname: string;
  search: string;
  productionBase: string | undefined;
  developmentBase: string | undefined;
}

/** The development server is used on localhost or staging hosts, or with ?is_dev=1. */
export function usesDevelopmentApi(hostname: string, search: string): boolean {
  return /localhost|staging/i.test(hostname) || new URLSearchParams(search).get('is_dev') === '1';
}

/** The API origin without a trailing slash; '' means the page's own origin. */
export function resolveApiBase(input: ApiBaseInput): string {
  const base = usesDevelopmentApi(input.hostname, input.search)
    ? input.developmentBase
    : input.productionBase;
  return (base ?? '').trim().replace(/\/+$/, '');
}

export function currentApiBase(): string {
  return resolveApiBase({
    hostname: window.location.hostname,
    search: window.location.search,
    productionBase: import.meta.env.VITE_API_BASE,
    developmentBase: import.meta.env.VITE_API_BASE_DEV,
  });
}
