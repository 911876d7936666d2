import { AppShell } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { NavBar } from './nav-bar';

/** Header with the navigation bar above whatever page the router shows. */
export function AppLayout() {
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <NavBar />
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
