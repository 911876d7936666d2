import { Button, Menu } from '@mantine/core';
import { IconMenu2, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type ComponentType } from 'react';

/** One page of the navigation: where it goes, its name and its icon. */
export type NavLink = { to: string; label: string; icon: ComponentType<{ size?: number; stroke?: number }> };

/**
 * The navigation on a phone: no hover, so no tooltip can explain an icon. One "Menu" button opens
 * the role's pages, each with its icon and its name; arrow keys move through them, Escape closes.
 */
export function MobileMenu({ links, isActive }: { links: NavLink[]; isActive: (to: string) => boolean }) {
  const [opened, setOpened] = useState(false);
  const MenuIcon = opened ? IconX : IconMenu2;
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={240} shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle" color="gray" size="sm" px="xs" leftSection={<MenuIcon size={20} aria-hidden />}>
          Menu
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map(({ to, label, icon: Icon }, index) => {
          const active = isActive(to);
          return (
            <Menu.Item
              key={to}
              leftSection={<Icon size={20} stroke={1.7} />}
              aria-current={active ? 'page' : undefined}
              // Opened, the menu puts the focus on its first page (Mantine's own focus placeholder is a
              // focusable element inside role="menu", which screen readers and axe refuse).
              data-autofocus={index === 0 || undefined}
              fw={active ? 700 : undefined}
              renderRoot={(props) => <Link to={to} {...props} />}
            >
              {label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
