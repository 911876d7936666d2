import { pathOfRouteFile } from '../../build/route-preloads';

/** The page path the server matches a request against, from a route file (pathless `_layout` folders dropped). */
describe('pathOfRouteFile', () => {
  test.each([
    ['src/routes/_employee/employee/dashboard.tsx', '/employee/dashboard'],
    ['src/routes/_signed-in/leaderboard.tsx', '/leaderboard'],
    ['src/routes/_signed-in/teams/index.tsx', '/teams'],
    ['src/routes/_employee/employee/activity-feed.tsx', '/employee/activity-feed'],
    ['src/routes/_guest/index.tsx', '/'],
  ])('%s -> %s', (file, path) => expect(pathOfRouteFile(file)).toBe(path));
});
