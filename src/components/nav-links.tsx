import { ActionIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { IconActivity, IconChartBar, IconHeartbeat, IconHistory, IconLayoutDashboard, IconMailPlus, IconMedal, IconTrophy, IconUserCircle, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { LazyTooltip } from './lazy-tooltip';
import type { NavLink } from './mobile-menu';

/** Only phones fetch the menu (Mantine's Menu brings the floating-ui positioning code). */
const MobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));

/** Navigation (docs/product-rules.md#screens-and-navigation): admins get leaders, teams, dashboard, overview, audit; employees get feed, leaderboard, teams, dashboard, profile. */
export const navLinks: Record<'admin' | 'user', NavLink[]> = {
  admin: [
    { to: '/admin/leaders', label: 'Leaders', icon: IconMedal },
    { to: '/teams', label: 'Teams', icon: IconUsersGroup },
    { to: '/admin/dashboard', label: 'Users', icon: IconUsers },
    { to: '/admin/overview', label: 'Overview', icon: IconChartBar },
    { to: '/admin/invitations', label: 'Invitations', icon: IconMailPlus },
    { to: '/admin/audit', label: 'Audit trail', icon: IconHistory },
    { to: '/admin/trackers', label: 'Fitness services', icon: IconHeartbeat },
  ],
  user: [
    { to: '/employee/activity-feed', label: 'Activity feed', icon: IconActivity },
    { to: '/leaderboard', label: 'Leaderboard', icon: IconTrophy },
    { to: '/teams', label: 'Teams', icon: IconUsersGroup },
    { to: '/employee/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
    { to: '/employee/profile', label: 'Profile', icon: IconUserCircle },
  ],
};

/** Icon links with tooltips on wider screens; on a phone (as wide as the users table's cards) a "Menu" with the names written out. */
export function NavLinks({ role }: { role: 'admin' | 'user' }) {
  const { pathname } = useLocation();
  // Read at the first render (no icons flashing on a phone before the menu replaces them).
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  if (!phone) return <DesktopLinks links={navLinks[role]} isActive={isActive} />;
  return (
    <Suspense fallback={null}>
      <MobileMenu links={navLinks[role]} isActive={isActive} />
    </Suspense>
  );
}

function DesktopLinks({ links, isActive }: { links: NavLink[]; isActive: (to: string) => boolean }) {
  return (
    <>
      {links.map(({ to, label, icon: Icon }) => {
        const active = isActive(to);
        return (
          <LazyTooltip key={to} label={label}>
            <ActionIcon
              variant={active ? 'light' : 'subtle'}
              color={active ? undefined : 'gray'}
              size="lg"
              aria-label={label}
              aria-current={active ? 'page' : undefined}
              renderRoot={(props) => <Link to={to} {...props} />}
            >
              <Icon size={21} stroke={1.7} />
            </ActionIcon>
          </LazyTooltip>
        );
      })}
    </>
  );
}
