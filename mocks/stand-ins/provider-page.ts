import { idpPeople, PROVIDER_PAGES, type OutsideWorld } from './outside-world';
import type { IdpPerson } from './identity-provider';

/**
 * The pages a browser is sent to at a provider (a navigation, which the service worker does not
 * answer: the static host serves the app's index.html, and mock mode shows this instead of the
 * app). The company sign-in lets QA pick who signs in; a fitness service asks for consent. Plain
 * DOM: no part of the app.
 */
const SERVICES: [prefix: string, name: string][] = [
  ['/strava-oauth/', 'Strava'],
  ['/google/', 'Google (Fitbit)'],
  ['/polar-flow/', 'Polar Flow'],
];

export const isProviderPage = (pathname: string) => pathname.startsWith(`${PROVIDER_PAGES}/`);

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f1f3f5;color:#212529}
main{box-sizing:border-box;max-width:440px;margin:32px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin:0 0 4px}ul{list-style:none;padding:0;margin:16px 0;display:grid;gap:8px}
button{box-sizing:border-box;width:100%;padding:10px 14px;font:inherit;text-align:left;border:1px solid #adb5bd;border-radius:8px;background:#fff;color:inherit;cursor:pointer}
button:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}button.primary{background:#1864ab;border-color:#1864ab;color:#fff;text-align:center}
.cancel{text-align:center;margin-top:8px}small{display:block;color:#495057}[role=alert]{color:#c92a2a;font-weight:600}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}`;

/** Shows the provider's page for this URL; the browser then goes where the provider sends it. */
export const showProviderPage = (world: OutsideWorld) => {
  const url = new URL(location.href);
  const path = url.pathname.slice(PROVIDER_PAGES.length);
  const alert = element('p', { role: 'alert' });
  const go = (answer: { location: string } | { error: string }) => ('location' in answer ? location.replace(answer.location) : (alert.textContent = answer.error));
  const main = element('main');
  document.head.append(element('style', { textContent: STYLE }));
  document.body.replaceChildren(main);

  if (path === '/sso/authorize') {
    document.title = 'Acme SSO - sign in';
    const hint = url.searchParams.get('login_hint');
    const choose = (person: IdpPerson | null) => void world.signIn(url, person).then(go);
    const people = idpPeople.map((person) =>
      element('li', {}, element('button', { type: 'button', onclick: () => choose(person) }, `${person.givenName} ${person.familyName}`, element('small', {}, person.email, person.emailVerified ? '' : ' (address not verified)'))),
    );
    main.append(
      element('h1', {}, 'Acme SSO'),
      element('p', {}, hint ? `Mock identity provider: sign in again as ${hint}.` : 'Mock identity provider: choose who signs in.'),
      alert,
      element('ul', { ariaLabel: 'People' }, ...people),
      element('button', { type: 'button', className: 'cancel', onclick: () => choose(null) }, 'Cancel'),
    );
    return;
  }

  const name = SERVICES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'Provider';
  document.title = `${name} - authorize`;
  const authorize = async () => {
    const answer = await world.consent(url);
    const next = answer.headers.get('location');
    if (next) return location.replace(next);
    const body = (await answer.json().catch(() => ({}))) as { message?: string; error?: string };
    alert.textContent = `${name} answered ${answer.status}: ${body.message ?? body.error ?? 'the request was refused'}`;
  };
  // Every provider sends a refusal back as `error=access_denied` with the state.
  const back = new URL(url.searchParams.get('redirect_uri') ?? location.origin);
  back.search = new URLSearchParams({ error: 'access_denied', state: url.searchParams.get('state') ?? '' }).toString();
  main.append(
    element('h1', {}, name),
    element('p', {}, `Mock ${name}: Wellness Challenge asks to read your workouts.`),
    alert,
    element('button', { type: 'button', className: 'primary', onclick: () => void authorize() }, 'Authorize'),
    element('button', { type: 'button', className: 'cancel', onclick: () => location.replace(back.href) }, 'Cancel'),
  );
};
