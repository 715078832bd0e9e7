import { useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useMenuFocus, wrapTarget } from './menu-focus';

function Harness() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  useMenuFocus(open, button, menu, () => setOpen(false));
  return (
    <>
      <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Menu
      </button>
      <aside ref={menu} hidden={!open}>
        <a href="#one">One</a>
        <a href="#two">Two</a>
        <button type="button">Sign out</button>
      </aside>
      <button type="button">Page button</button>
    </>
  );
}

describe('the phone menu keeps keyboard focus (issue #14)', () => {
  it('moves focus in, cycles Tab and Shift+Tab through the button and the menu, and returns on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    expect(screen.getByRole('link', { name: 'One' })).toHaveFocus();

    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();
    await user.tab(); // not out to the page: back to the menu button
    expect(menuButton).toHaveFocus();
    await user.tab({ shift: true }); // and backwards to the menu's last control
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menuButton).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    // Closed: Tab leaves the button for the page again.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Page button' })).toHaveFocus();
  });

  it('wraps only at the ends of the ring', () => {
    const ring = ['button', 'a', 'b'];
    expect(wrapTarget(ring, 'b', false)).toBe('button');
    expect(wrapTarget(ring, 'button', true)).toBe('b');
    expect(wrapTarget(ring, 'a', false)).toBeNull();
    expect(wrapTarget(ring, 'a', true)).toBeNull();
    expect(wrapTarget(ring, 'elsewhere', false)).toBe('button');
    expect(wrapTarget(ring, null, true)).toBe('b');
    expect(wrapTarget([], 'a', false)).toBeNull();
  });
});
