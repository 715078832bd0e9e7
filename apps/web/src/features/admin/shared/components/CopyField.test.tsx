import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyField } from './CopyField';

const KEY = 'wbk_3f9a1c';

function setClipboard(clipboard: { writeText: (text: string) => Promise<void> } | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

function setExecCommand(result: boolean) {
  const execCommand = vi.fn(() => result);
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return execCommand;
}

afterEach(() => {
  setClipboard(undefined);
  window.getSelection()?.removeAllRanges();
});

describe('CopyField', () => {
  it('copies through the Clipboard API where there is one (a secure context)', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard({ writeText });
    render(<CopyField label="Gateway key" value={KEY} />);
    await userEvent.click(screen.getByRole('button', { name: /Copy/ }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
  });

  it('over plain http (no Clipboard API) it copies the selected text instead', async () => {
    setClipboard(undefined);
    const execCommand = setExecCommand(true);
    render(<CopyField label="Gateway key" value={KEY} />);
    await userEvent.click(screen.getByRole('button', { name: /Copy/ }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(window.getSelection()?.toString()).toBe(KEY);
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
  });

  it('when nothing can copy, the text is left selected and the message says to copy it by hand', async () => {
    setClipboard({ writeText: () => Promise.reject(new Error('denied')) });
    setExecCommand(false);
    render(<CopyField label="Install command" value={`npm run gateway -- ${KEY}`} multiline />);
    await userEvent.click(screen.getByRole('button', { name: /Copy/ }));
    expect(window.getSelection()?.toString()).toBe(`npm run gateway -- ${KEY}`);
    expect(
      await screen.findByText('Could not copy; select the text and copy it by hand.'),
    ).toBeInTheDocument();
  });
});
