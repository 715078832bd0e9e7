import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readAgain } from './read-again';

/** A list whose server answers each request with what it holds when the request arrives. */
function slowList() {
  const held = ['Meter 1'];
  let requests = 0;
  const fetchList = async () => {
    requests += 1;
    const answer = [...held];
    await new Promise((resolve) => setTimeout(resolve, 30));
    return answer;
  };
  return { held, fetchList, requests: () => requests };
}

/** The list observed (as a page shows it) while its first load is on its way, and the change made. */
function firstLoadUnderway() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const server = slowList();
  const observer = new QueryObserver(queryClient, {
    queryKey: ['nodes'],
    queryFn: server.fetchList,
  });
  const unsubscribe = observer.subscribe(() => {});
  server.held.push('E2E Meter');
  return { queryClient, server, unsubscribe };
}

describe('readAgain', () => {
  it('reads a list whose first load is still on its way again, so it holds the change', async () => {
    // The first load has asked; the change lands before it answers.
    const { queryClient, server, unsubscribe } = firstLoadUnderway();
    await readAgain(queryClient, ['nodes']);
    expect(server.requests()).toBe(2);
    expect(queryClient.getQueryData(['nodes'])).toEqual(['Meter 1', 'E2E Meter']);
    unsubscribe();
  });

  it('invalidating alone would have kept the first answer (why it cancels first)', async () => {
    const { queryClient, unsubscribe } = firstLoadUnderway();
    await queryClient.invalidateQueries({ queryKey: ['nodes'] });
    expect(queryClient.getQueryData(['nodes'])).toEqual(['Meter 1']);
    unsubscribe();
  });
});
