import { lazy, Suspense } from 'react';
import { Button, Group } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../api/session';
import { useAccessOptions } from '../api/access-options';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { Logo } from './logo';

/** The role's icon links and 'Sign out', fetched once someone is signed in: a guest's first load (the login page) shows none. */
const NavLinks = lazy(() => import('./nav-links').then((module) => ({ default: module.NavLinks })));
const SignOutButton = lazy(() => import('./sign-out-button').then((module) => ({ default: module.SignOutButton })));

/** Top bar: logo, the role's icon links, colour scheme, and 'Create profile' or 'Sign out'. */
export function NavBar() {
  const { data: session, isSuccess: known } = useQuery(sessionQuery);
  // Until the restore answers (`known`), neither a guest's 'Create profile' nor a user's links: either could be wrong.
  const { pathname } = useLocation();
  const role = session?.user.role;
  // Invite mode: accounts come from invitations only, so guests are not offered a profile of their own;
  // with passwords off, newcomers join through 'Sign in with' on the login page.
  const options = useAccessOptions();
  const signupOpen = options?.signupMode !== 'invite' && options?.passwordSignin !== false;

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" component="nav" aria-label="Main">
      <Link to={role ? '/leaderboard' : '/'} aria-label={role ? 'Wellness Challenge, go to the leaderboard' : 'Wellness Challenge, go to the home page'} style={{ textDecoration: 'none', color: 'inherit' }}>
        <Logo withName nameVisibleFrom="sm" />
      </Link>
      <Group gap={4} wrap="nowrap">
        {role && (
          <Suspense fallback={null}>
            <NavLinks role={role} />
          </Suspense>
        )}
        <ColorSchemeToggle />
        {known && !role && signupOpen && pathname !== '/signup' && (
          <Button component={Link} to="/signup" size="sm" ml={4}>
            Create profile
          </Button>
        )}
        {role && (
          <Suspense fallback={null}>
            <SignOutButton />
          </Suspense>
        )}
      </Group>
    </Group>
  );
}
