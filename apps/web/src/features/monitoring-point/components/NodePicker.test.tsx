import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NodePicker } from './NodePicker';

const channels = [
  { id: 1, chName: '總進線', name: 'Incoming Supply', type: 'virtual', isVirtual: true },
  { id: 2, chName: '生產區', name: 'Production Area', type: 'virtual', isVirtual: true },
  {
    id: 3,
    chName: '空壓機房電表',
    name: 'Compressor Room Meter',
    type: 'smartMeter',
    isVirtual: false,
  },
  { id: 4, chName: '伺服器機房', name: 'Server Room', type: 'circuit', isVirtual: false },
];

function renderPicker() {
  const onSelect = vi.fn();
  render(
    <>
      <NodePicker channels={channels} selectedId={1} onSelect={onSelect} />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { onSelect, picker: screen.getByRole('combobox', { name: 'Monitoring point' }) };
}

/** A closed select's arrow key: the browser moves the value and fires change. */
function arrowTo(picker: HTMLElement, value: string) {
  fireEvent.keyDown(picker, { key: 'ArrowDown' });
  fireEvent.change(picker, { target: { value } });
}

describe('NodePicker keyboard (issue #14)', () => {
  it('moves with the arrow keys without loading, and loads the choice on Enter', () => {
    const { onSelect, picker } = renderPicker();
    picker.focus();
    arrowTo(picker, '2');
    arrowTo(picker, '3');
    expect(onSelect).not.toHaveBeenCalled();
    expect(picker).toHaveValue('3');
    fireEvent.keyDown(picker, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(3);
  });

  it('goes back to the shown node on Escape, and loads a moved choice when focus leaves', async () => {
    const { onSelect, picker } = renderPicker();
    picker.focus();
    arrowTo(picker, '2');
    fireEvent.keyDown(picker, { key: 'Escape' });
    expect(picker).toHaveValue('1');
    arrowTo(picker, '4');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(4);
  });

  it('loads a pick with the pointer at once', async () => {
    const { onSelect, picker } = renderPicker();
    await userEvent.setup().selectOptions(picker, 'Server Room');
    expect(onSelect).toHaveBeenCalledWith(4);
  });
});
