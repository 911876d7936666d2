import './app-layout.css';
import { Outlet } from '@tanstack/react-router';
import { NavBar } from './nav-bar';

/**
 * Header with the navigation bar above whatever page the router shows. Plain elements styled as
 * Mantine's AppShell (header only) drew them: AppShell's code was a tenth of the login page's
 * JavaScript. `right-scroll-bar-position` keeps the fixed header still while a modal locks scrolling
 * (react-remove-scroll pads such elements by the scrollbar's width).
 */
export function AppLayout() {
  return (
    <div className="app-layout">
      {/* The first stop of the Tab key: past the navigation, straight to the page. */}
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <header className="app-layout-header right-scroll-bar-position">
        <NavBar />
      </header>
      <main id="main-content" tabIndex={-1} className="app-layout-main">
        <Outlet />
      </main>
    </div>
  );
}
