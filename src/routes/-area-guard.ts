import { redirect } from '@tanstack/react-router';
import { areaRedirect, entryPage, type Area } from '../lib/guard';
import { toast } from '../api/toasts';
import type { RouterContext } from '../router-context';

/** Who is looking: the session is restored (POST /auth/refresh, once per app load) before any decision. */
const viewerOf = async (context: RouterContext) => {
  const session = await context.auth.restore();
  return { viewer: session?.user.role ?? ('guest' as const), afterSignUp: session?.afterSignUp ?? false };
};

/** `beforeLoad` of a pathless layout route: guards its whole subtree. */
export const guardArea =
  (area: Area) =>
  async ({ context }: { context: RouterContext }) => {
    const { viewer, afterSignUp } = await viewerOf(context);
    const target = areaRedirect(area, viewer, { afterSignUp });
    if (target) throw redirect({ href: target, replace: true });
  };

export const pageNotFoundText = (pathname: string) => `Page not found: ${pathname}`;

/** `beforeLoad` of the catch-all route: a path outside the route table goes to the viewer's entry page, saying why. */
export const toEntryPage = async ({ context, location }: { context: RouterContext; location: { pathname: string } }) => {
  const { viewer, afterSignUp } = await viewerOf(context);
  toast.info(pageNotFoundText(location.pathname), { id: 'page-not-found', color: 'orange' });
  throw redirect({ href: entryPage(viewer, { afterSignUp }), replace: true });
};
