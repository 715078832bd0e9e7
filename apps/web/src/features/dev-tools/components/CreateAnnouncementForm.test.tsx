import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { channelListQueryOptions } from '@/lib/queries/channel-list';
import { channelListBody, envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { CREATE_ANNOUNCEMENT_FAILED } from '../api/create-announcement';
import { CreateAnnouncementForm } from './CreateAnnouncementForm';
import { advanceFakeClockUntil } from '@/testing/dev-tools/fake-clock';

const CREATE = '/v1/Web/Announcement/Create';
// 14:03:45 in the factory's zone (Asia/Taipei, from the channel list).
const NOW = new Date('2026-11-21T06:03:45Z');

type Answer = (body: Record<string, unknown>) => Response | Promise<Response>;

function created(body: Record<string, unknown>, id = 12) {
  return jsonResponse({
    ...envelope('demo@wattboard.local', CREATE),
    id,
    text: String(body['content']),
    published_date: '2026-11-21T06:04:00.000Z',
  });
}

/** The form under the app's query client, with the factory's zone already known. */
async function renderForm(
  answerCreate: Answer = (body) => created(body),
  { zoneKnown = true } = {},
) {
  storeSession();
  const network = stubNetwork((path, init) => {
    if (path === CREATE)
      return answerCreate(JSON.parse(String(init.body)) as Record<string, unknown>);
    if (path === '/v1/Web/Factory/Channel/List') return jsonResponse(channelListBody());
    if (path === '/v1/Web/Announcement/Latest') return jsonResponse(null);
    return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
  });
  const client = createQueryClient();
  if (zoneKnown) await client.prefetchQuery(channelListQueryOptions('demo@wattboard.local'));
  render(
    <QueryClientProvider client={client}>
      <CreateAnnouncementForm now={() => NOW} />
    </QueryClientProvider>,
  );
  const fields = {
    title: screen.getByLabelText('Title'),
    content: screen.getByLabelText('Content'),
    important: screen.getByLabelText('Important'),
    start: screen.getByLabelText('Start'),
    end: screen.getByLabelText('End'),
  };
  return { ...network, client, fields, user: userEvent.setup() };
}

const createButton = () =>
  screen.getByRole('button', { name: /Create announcement|Creating\.\.\./ });
const creates = <R extends { path: string }>(requests: R[]) =>
  requests.filter((r) => r.path === CREATE);

/** The message tied to a field (aria-describedby). */
function messageOf(field: HTMLElement): string {
  const id = field.getAttribute('aria-describedby') ?? '';
  return document.getElementById(id)?.textContent ?? '';
}

describe('create-announcement form', () => {
  it('starts now in the factory zone and ends 7 days later', async () => {
    const { fields } = await renderForm();
    expect(fields.start).toHaveValue('2026-11-21T14:03');
    expect(fields.end).toHaveValue('2026-11-28T14:03');
    expect(fields.important).not.toBeChecked();
  });

  it("moves an untouched form into the factory's zone once that is known", async () => {
    const { fields } = await renderForm(undefined, { zoneKnown: false });
    await waitFor(() => expect(fields.start).toHaveValue('2026-11-21T14:03'));
    expect(fields.end).toHaveValue('2026-11-28T14:03');
  });

  it('names the missing title and content with the exact texts and sends nothing', async () => {
    const { fields, user, requests } = await renderForm();
    await user.type(fields.content, '   ');
    await user.click(createButton());

    expect(messageOf(fields.title)).toBe('Title is required');
    expect(messageOf(fields.content)).toBe('Content is required');
    expect(screen.getByText('Title and content are required')).toBeInTheDocument();
    expect(fields.title).toHaveAttribute('aria-invalid', 'true');
    expect(creates(requests)).toEqual([]);

    // Filling in both clears every message.
    await user.type(fields.title, 'Maintenance');
    await user.type(fields.content, 'Power off');
    expect(messageOf(fields.title)).toBe('');
    expect(messageOf(fields.content)).toBe('');
    expect(screen.queryByText('Title and content are required')).not.toBeInTheDocument();
  });

  it('puts "End date must be after start date" on the end date', async () => {
    const { fields, user, requests } = await renderForm();
    await user.type(fields.title, 'Maintenance');
    await user.type(fields.content, 'Power off');
    await user.clear(fields.end);
    await user.type(fields.end, '2026-11-21T14:03');
    await user.click(createButton());

    expect(messageOf(fields.end)).toBe('End date must be after start date');
    expect(fields.end).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf(fields.start)).toBe('');
    expect(creates(requests)).toEqual([]);
  });

  it('lets the end follow the start until the end is edited', async () => {
    const { fields, user } = await renderForm();
    await user.clear(fields.start);
    await user.type(fields.start, '2026-12-01T08:00');
    expect(fields.end).toHaveValue('2026-12-08T08:00');

    await user.clear(fields.end);
    await user.type(fields.end, '2026-12-02T08:00');
    await user.clear(fields.start);
    await user.type(fields.start, '2026-12-01T09:00');
    expect(fields.end).toHaveValue('2026-12-02T08:00');
  });

  it("reads 'Creating...' and is disabled while creating, then starts over with default dates", async () => {
    let answer: (response: Response) => void = () => {};
    const { fields, user, requests } = await renderForm(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await user.type(fields.title, 'Maintenance');
    await user.type(fields.content, 'Power off Saturday 08:00–12:00');
    await user.click(fields.important);
    await user.clear(fields.start);
    await user.type(fields.start, '2026-12-01T08:00');
    await user.clear(fields.end);
    await user.type(fields.end, '2026-12-01T12:00');
    await user.click(createButton());

    await waitFor(() => expect(createButton()).toHaveTextContent('Creating...'));
    expect(createButton()).toBeDisabled();
    await user.click(createButton());
    expect(creates(requests)).toHaveLength(1);
    expect(creates(requests)[0]?.body).toMatchObject({
      action: CREATE,
      title: 'Maintenance',
      content: 'Power off Saturday 08:00–12:00',
      isImportant: true,
      dtStart: '2026-12-01T08:00',
      dtEnd: '2026-12-01T12:00',
    });

    answer(created(creates(requests)[0]?.body as Record<string, unknown>, 31));
    expect(await screen.findByRole('status')).toHaveTextContent('Announcement 31 created.');
    expect(createButton()).toHaveTextContent('Create announcement');
    expect(createButton()).toBeEnabled();
    expect(fields.title).toHaveValue('');
    expect(fields.content).toHaveValue('');
    expect(fields.important).not.toBeChecked();
    expect(fields.start).toHaveValue('2026-11-21T14:03');
    expect(fields.end).toHaveValue('2026-11-28T14:03');
    // A fresh form: no messages from the last submit.
    expect(screen.queryByText('Title and content are required')).not.toBeInTheDocument();
  });

  it("logs 'Error creating announcement' on failure and keeps what was typed", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fields, user, requests } = await renderForm(() =>
      jsonResponse({ statusCode: 201, message: 'Database down' }, 500),
    );
    await user.type(fields.title, 'Maintenance');
    await user.type(fields.content, 'Power off');

    // A failed mutation is retried once, after a second the fake clock skips.
    // (fireEvent: Testing Library's async helpers wait on the real setTimeout faked here.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(createButton());
      expect(creates(requests)).toHaveLength(0); // the resolver checks first, asynchronously
      await advanceFakeClockUntil(() =>
        expect(screen.getByText(/Creating the announcement failed/)).toBeInTheDocument(),
      );
    } finally {
      vi.useRealTimers();
    }
    expect(creates(requests)).toHaveLength(2);
    expect(error).toHaveBeenCalledWith(CREATE_ANNOUNCEMENT_FAILED, expect.any(Error));
    expect(CREATE_ANNOUNCEMENT_FAILED).toBe('Error creating announcement');
    expect(fields.title).toHaveValue('Maintenance');
    expect(within(createButton()).queryByText('Creating...')).not.toBeInTheDocument();
  });
});
