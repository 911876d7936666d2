/** Navigation out of the app (to an identity provider, a tracker's authorisation page), in one object so tests can watch it. */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
};
