import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/App';
import { routes } from '@/app/router';

/** The real app (routes, guards, frame, pages) at a given URL, in memory. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<App router={router} />);
  return { router, ...view };
}
