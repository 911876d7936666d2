import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The install manifest. `start_url` is `/`: the route guard sends a signed-in person on to their
 * role's entry page (an employee's dashboard, an admin's users), a guest sees the login screen.
 * The theme colour is the brand's; the page's own meta tags switch it for the dark scheme.
 */
export const pwaManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Wellness Challenge',
  short_name: 'Wellness',
  description: 'Log activities, earn points and climb the company leaderboard.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#0c7c5c',
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
