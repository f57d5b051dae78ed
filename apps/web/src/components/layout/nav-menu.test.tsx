import type { NavItem } from '@portal/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NavMenu } from './nav-menu.tsx';

let nextId = 1;
const item = (type: NavItem['type'], label: string, extra: Partial<NavItem> = {}): NavItem => ({
  id: nextId++,
  type,
  label,
  path: null,
  children: [],
  tag: null,
  ...extra,
});
const link = (label: string, path: string, tag: string | null = null) => item('link', label, { path, tag });

const items: NavItem[] = [
  item('dropdown', 'Research', {
    children: [
      item('dropdown', 'Sectors', {
        children: [
          item('dropdown', 'Technology', { children: [link('Chips', '/sectors/1_chips')] }),
          link('Banks', '/sectors/2_banks'),
        ],
      }),
      link('Energy Transition', '/home', 'EnergyTransition'),
      item('modal', 'Talk to us'),
    ],
  }),
  item('favourites', 'Favourites'),
  link('About', '/about'),
  link('Elsewhere', '//evil.example/phish'),
  item('modal', 'Contact us'),
];

const renderMenu = () => {
  const onOpenModal = vi.fn();
  const onChoose = vi.fn();
  const router = createMemoryRouter(
    [{ path: '*', element: <NavMenu items={items} onOpenModal={onOpenModal} onChoose={onChoose} /> }],
    { initialEntries: ['/start'] },
  );
  render(<RouterProvider router={router} />);
  return { onOpenModal, onChoose, location: () => router.state.location.pathname };
};

describe('navigation menu', () => {
  it('leaves out a dropdown without entries (no favourites yet)', () => {
    renderMenu();
    expect(screen.getByRole('button', { name: 'Research' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Favourites' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  });

  it('never links off-site, whatever path the server sends', () => {
    renderMenu();
    expect(screen.getByRole('link', { name: 'Elsewhere' })).toHaveAttribute('href', '/');
  });

  it('moves through nested menus with the keyboard and gives focus back as they close', async () => {
    renderMenu();
    const user = userEvent.setup();
    const research = screen.getByRole('button', { name: 'Research' });
    research.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sectors' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Talk to us' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowRight}');
    expect(screen.getByRole('menuitem', { name: 'Technology' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('menuitem', { name: 'Chips' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('menuitem', { name: 'Technology' })).toHaveFocus();
    expect(screen.queryByRole('menuitem', { name: 'Chips' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('menuitem', { name: 'Sectors' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(research).toHaveFocus();
    expect(research).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('stores the tag of a chosen item and clears it when another item is chosen', async () => {
    const { onChoose, location } = renderMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Research' }));
    await user.click(screen.getByRole('menuitem', { name: 'Energy Transition' }));
    expect(sessionStorage.getItem('TagsInput')).toBe('["EnergyTransition"]');
    await waitFor(() => expect(location()).toBe('/home'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onChoose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(sessionStorage.getItem('TagsInput')).toBeNull();
  });

  it('opens the area-of-interest modal from a modal item at any level, closing the menus', async () => {
    const { onOpenModal } = renderMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Contact us' }));
    expect(onOpenModal).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Research' }));
    await user.click(screen.getByRole('menuitem', { name: 'Talk to us' }));
    expect(onOpenModal).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Research' })).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    renderMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Research' }));
    expect(screen.getByRole('menu', { name: 'Research' })).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
