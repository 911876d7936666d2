import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the build beside index.html (build/route-preloads.ts): page path -> its first load's files. */
const PRELOADS_FILE = 'route-preloads.json';

/**
 * index.html for a signed-in page's first load, naming every file that page's first render needs
 * (`<link rel=modulepreload>`), so they are fetched beside the entry instead of one layer of imports
 * after another (docs/performance.md#on-a-mid-range-phone). `null`: the plain index.html serves
 * (no list for this path, or a build without the file).
 */
export const pagePreloads = (staticDir: string) => {
  const file = join(staticDir, PRELOADS_FILE);
  if (!existsSync(file) || !existsSync(join(staticDir, 'index.html'))) return () => null;
  const lists = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  const index = readFileSync(join(staticDir, 'index.html'), 'utf8');
  const pages = new Map<string, string>();
  for (const [path, files] of Object.entries(lists)) {
    // Only our own hashed file names go into the page (the list is the build's, but the page is HTML).
    // Low priority: the entry and its stylesheet (the first paint) keep the slow network to themselves
    // while they load; these follow at once instead of after the entry has run and asked for them.
    const links = files
      .filter((name) => /^\/assets\/[\w-]+\.js$/.test(name))
      .map((name) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${name}">`);
    pages.set(path, index.replace('</head>', `${links.join('')}</head>`));
  }
  return (pathname: string) => pages.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) ?? null;
};
