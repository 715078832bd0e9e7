import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { roleForbiddenMessage } from '@wattboard/contract';
import type { EffectiveRole } from '@wattboard/contract';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { accountBody } from '@/testing/account';
import { SettingsDialog } from './SettingsDialog';

const EMAIL = 'demo@wattboard.local';
const GET = '/v1/Setting/GetEmailReceivers';
const UPDATE = '/v1/Setting/UpdateEmailReceivers';

interface SavedReceiver {
  id: number;
  receiverName: string;
  email: string;
  status: 'on' | 'off';
}

const people = (count: number): SavedReceiver[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    receiverName: `Person ${i + 1}`,
    email: `person${i + 1}@example.com`,
    status: i % 2 === 0 ? 'on' : 'off',
  }));

/**
 * The receivers endpoints at the network boundary, holding a list the way
 * the server does: the update replaces it, the next load returns it.
 */
function serveReceivers(
  initial: SavedReceiver[],
  options: {
    failLoad?: boolean;
    failSave?: boolean;
    holdFirstLoad?: boolean;
    role?: EffectiveRole;
    refuseSave?: boolean;
  } = {},
) {
  let saved = initial;
  // Lets a test look at the loading state before the first answer arrives.
  let releaseFirstLoad = () => {};
  const firstLoadHeld = options.holdFirstLoad
    ? new Promise<void>((resolve) => (releaseFirstLoad = resolve))
    : Promise.resolve();
  const network = stubNetwork(async (path, init) => {
    if (path === GET) {
      await firstLoadHeld;
      if (options.failLoad) return jsonResponse({ statusCode: 201, message: 'down' }, 500);
      return jsonResponse({ ...envelope(EMAIL, GET), data: saved });
    }
    if (path === '/v1/User/Account') return jsonResponse(accountBody(options.role ?? 'manager'));
    if (path === UPDATE) {
      // The role changed while the dialog was open: the server refuses as it does for a viewer.
      if (options.refuseSave)
        return jsonResponse(
          { statusCode: 201, message: roleForbiddenMessage('viewer', 'manage') },
          403,
        );
      if (options.failSave) return jsonResponse({ statusCode: 201, message: 'down' }, 500);
      const body = JSON.parse(String(init.body)) as { receivers: Omit<SavedReceiver, 'id'>[] };
      saved = body.receivers.map((receiver, i) => ({ id: 100 + i, ...receiver }));
      return jsonResponse({
        ...envelope(EMAIL, UPDATE),
        data: { updated: saved.length, deleted: 0, message: 'ok' },
      });
    }
    return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
  });
  const calls = (path: string) => network.requests.filter((r) => r.path === path);
  return { ...network, calls, releaseFirstLoad };
}

async function openAlarmNotice() {
  storeSession();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SettingsDialog open onClose={() => {}} userName="demo" userEmail={EMAIL} />
    </QueryClientProvider>,
  );
  // The dialog's panel is its own chunk: it arrives after the first render.
  await user.click(await screen.findByRole('tab', { name: 'Alarm Notice' }));
  return user;
}

const rows = () => screen.queryAllByTestId('receiver-row');
const nameInputs = () => screen.getAllByPlaceholderText('Receiver Name') as HTMLInputElement[];
const emailInputs = () => screen.getAllByPlaceholderText('Email') as HTMLInputElement[];
const switches = () => screen.getAllByRole('switch') as HTMLInputElement[];

describe('Alarm Notice tab (e-mail receivers)', () => {
  it('says it is loading, then shows each receiver read-only with Edit', async () => {
    const server = serveReceivers(people(2), { holdFirstLoad: true });
    await openAlarmNotice();
    expect(screen.getByText('Loading email receivers...')).toBeInTheDocument();
    server.releaseFirstLoad();

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(nameInputs().map((input) => input.value)).toEqual(['Person 1', 'Person 2']);
    expect(emailInputs().map((input) => input.value)).toEqual([
      'person1@example.com',
      'person2@example.com',
    ]);
    expect(emailInputs()[0]).toHaveAttribute('type', 'email');
    expect(switches().map((toggle) => toggle.checked)).toEqual([true, false]);
    for (const input of [...nameInputs(), ...emailInputs()])
      expect(input).toHaveAttribute('readonly');
    for (const toggle of switches()) expect(toggle).toBeDisabled();
    for (const button of screen.getAllByRole('button', { name: /^Delete/ }))
      expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    for (const name of ['Save', 'Cancel', 'Add receiver']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('says when the receivers cannot be loaded', async () => {
    serveReceivers([], { failLoad: true });
    await openAlarmNotice();
    expect(
      await screen.findByText('Failed to load email receivers', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('Cancel throws away the edits and restores the loaded list', async () => {
    const server = serveReceivers(people(2));
    const user = await openAlarmNotice();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(nameInputs()[0]!);
    await user.type(nameInputs()[0]!, 'Someone else');
    await user.click(switches()[1]!);
    await user.click(screen.getByRole('button', { name: 'Delete receiver 2' }));
    expect(rows()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(rows()).toHaveLength(2);
    expect(nameInputs().map((input) => input.value)).toEqual(['Person 1', 'Person 2']);
    expect(switches().map((toggle) => toggle.checked)).toEqual([true, false]);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(nameInputs()[0]).toHaveAttribute('readonly');
    expect(server.calls(UPDATE)).toHaveLength(0);
  });

  it('adds rows that start switched off and empty, and hides the add button at five', async () => {
    serveReceivers(people(3));
    const user = await openAlarmNotice();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));

    await user.click(screen.getByRole('button', { name: 'Add receiver' }));
    expect(rows()).toHaveLength(4);
    expect(nameInputs()[3]!.value).toBe('');
    expect(emailInputs()[3]!.value).toBe('');
    expect(switches()[3]!.checked).toBe(false);
    expect(nameInputs()[3]).not.toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Add receiver' }));
    expect(rows()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Add receiver' })).not.toBeInTheDocument();
    expect(screen.getByText('5 of 5 receivers')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete receiver 5' }));
    expect(screen.getByRole('button', { name: 'Add receiver' })).toBeInTheDocument();
  });

  it('shows a malformed address on its row and sends nothing', async () => {
    const server = serveReceivers(people(1));
    const user = await openAlarmNotice();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(emailInputs()[0]!);
    await user.type(emailInputs()[0]!, 'person1-at-example');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const row = rows()[0]!;
    expect(await within(row).findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(emailInputs()[0]).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(server.calls(UPDATE)).toHaveLength(0);

    // Correcting it clears the message.
    await user.clear(emailInputs()[0]!);
    await user.type(emailInputs()[0]!, 'fixed@example.com');
    await waitFor(() => expect(within(row).queryByText('Enter a valid e-mail address')).toBeNull());
  });

  it('drops blank rows, saves, returns to normal and shows the refetched list', async () => {
    const confirm = vi.spyOn(toast, 'success');
    const server = serveReceivers(people(2));
    const user = await openAlarmNotice();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(switches()[1]!); // Person 2 on
    await user.click(screen.getByRole('button', { name: 'Add receiver' })); // left blank
    await user.click(screen.getByRole('button', { name: 'Add receiver' }));
    await user.type(nameInputs()[3]!, 'Name only');
    await user.click(screen.getByRole('button', { name: 'Add receiver' }));
    await user.type(nameInputs()[4]!, '  Night shift ');
    await user.type(emailInputs()[4]!, 'night@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByRole('button', { name: 'Edit' });
    // Issue #23 item 9: a save confirms itself.
    expect(confirm).toHaveBeenCalledWith('E-mail receivers saved.');
    confirm.mockRestore();
    expect(server.calls(UPDATE).map((call) => call.body)).toEqual([
      expect.objectContaining({
        email: EMAIL,
        action: UPDATE,
        receivers: [
          { status: 'on', receiverName: 'Person 1', email: 'person1@example.com' },
          { status: 'on', receiverName: 'Person 2', email: 'person2@example.com' },
          { status: 'off', receiverName: 'Night shift', email: 'night@example.com' },
        ],
      }),
    ]);
    expect(server.calls(GET)).toHaveLength(2);
    expect(rows()).toHaveLength(3);
    expect(nameInputs().map((input) => input.value)).toEqual([
      'Person 1',
      'Person 2',
      'Night shift',
    ]);
    expect(nameInputs()[2]).toHaveAttribute('readonly');
  });

  it('stays in edit mode with the edits when saving fails (the failure is only logged)', async () => {
    const server = serveReceivers(people(1), { failSave: true });
    const user = await openAlarmNotice();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(nameInputs()[0]!);
    await user.type(nameInputs()[0]!, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.calls(UPDATE).length).toBeGreaterThan(0));
    await waitFor(() => expect(console.warn).toHaveBeenCalled(), { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(nameInputs()[0]!.value).toBe('Renamed');
    expect(server.calls(GET)).toHaveLength(1);
  });

  it('holds Edit back for an operator and says why', async () => {
    const server = serveReceivers(people(1), { role: 'operator' });
    const user = await openAlarmNotice();
    const reason =
      "Your role (Operator) cannot change who receives alarm e-mails. Ask your factory's Admin for the Manager role.";
    expect(await screen.findByText(reason)).toBeInTheDocument();
    const edit = screen.getByRole('button', { name: 'Edit' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription(reason);
    await user.click(edit);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(server.calls(UPDATE)).toEqual([]);
  });

  it('says why a save was refused for the role, and reads the account again', async () => {
    const server = serveReceivers(people(1), { refuseSave: true });
    const user = await openAlarmNotice();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        "Your role (Viewer) does not allow this: it needs the Manager role. Ask your factory's Admin.",
      ),
    ).toBeInTheDocument();
    expect(server.calls(UPDATE)).toHaveLength(1);
    await waitFor(() => expect(server.calls('/v1/User/Account')).toHaveLength(2));
  });

  it('speaks Traditional Chinese', async () => {
    const server = serveReceivers(people(1), { holdFirstLoad: true });
    await i18n.changeLanguage('zh-TW');
    storeSession();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SettingsDialog open onClose={() => {}} userName="demo" userEmail={EMAIL} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: '警報通知' }));
    expect(screen.getByText('正在載入電子郵件收件人...')).toBeInTheDocument();
    server.releaseFirstLoad();
    await user.click(await screen.findByRole('button', { name: '編輯' }));
    expect(screen.getByPlaceholderText('收件人名稱')).toBeInTheDocument();
    for (const name of ['取消', '儲存', '新增收件人', '刪除收件人 1']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });
});
