import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientHost } from '../support/host';
import { accountRow } from '../support/api-as';
import { renderApp } from '../render-app';

const form = () => screen.getByRole('form', { name: 'Create new profile' });
const field = (label: string) => within(form()).getByLabelText(label);
const photoInput = () => form().querySelector<HTMLInputElement>('input[type="file"]')!;
const submit = () => within(form()).getByRole('button', { name: /Create profile|Loading\.\.\./ });

/** Enough of a PNG for the mocks' content check (the signature and an IHDR chunk start). */
const pngFile = (name = 'me.png', size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  return new File([bytes], name, { type: 'image/png' });
};

type App = Awaited<ReturnType<typeof renderApp>>;

const fillValidForm = async ({ user }: App, email = 'new.person@wellness.test') => {
  await user.type(field('First name'), 'Nora');
  await user.type(field('Last name'), 'Newcomer');
  fireEvent.change(field('Date of birth'), { target: { value: '1994-06-15' } });
  fireEvent.blur(field('Date of birth'));
  await user.selectOptions(field('Gender'), 'female');
  await user.type(field('Email'), email);
  await user.type(field('Password'), 'Secret123!');
  await user.type(field('Confirm password'), 'Secret123!');
  await user.selectOptions(field('Level of competition'), 'Intermediate');
};

describe('signup screen', () => {
  it("is titled 'Create new profile' with every field, and hides the nav's 'Create profile' button", async () => {
    await renderApp('/signup');
    expect(screen.getByRole('heading', { level: 1, name: 'Create new profile' })).toBeInTheDocument();
    for (const label of ['First name', 'Last name', 'Date of birth', 'Gender', 'Email', 'Password', 'Confirm password', 'Level of competition']) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(photoInput()).toHaveAttribute('accept', '.png,.jpg,.jpeg');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Create profile' })).not.toBeInTheDocument();
    // When the level can change, said before it is chosen.
    expect(field('Level of competition')).toHaveAccessibleDescription('The competition year starts on 1 April: your level can be changed from 1 to 7 April each year.');
  });

  it("shows 'Create profile' in the nav for guests elsewhere and it leads here", async () => {
    const { user, pathname } = await renderApp('/');
    await user.click(screen.getByRole('link', { name: 'Create profile' }));
    await waitFor(() => expect(pathname()).toBe('/signup'));
  });

  it('gives every required message when submitted empty', async () => {
    const { user } = await renderApp('/signup');
    await user.click(submit());
    for (const message of [
      'Please enter your first name',
      'Please enter your last name',
      'Please enter choose your date of birth',
      'Please select your gender',
      'Please enter your email',
      'Please enter your password',
      'Please enter your confirmation password',
      'Please select your level of competition',
    ]) {
      expect(await within(form()).findByText(message)).toBeInTheDocument();
    }
  });

  it("says 'Email is invalid' and \"Passwords don't match\"", async () => {
    const { user } = await renderApp('/signup');
    await user.type(field('Email'), 'nora@');
    await user.type(field('Password'), 'Secret123!');
    await user.type(field('Confirm password'), 'Secret124!');
    await user.click(submit());
    expect(await within(form()).findByText('Email is invalid')).toBeInTheDocument();
    expect(within(form()).getByText("Passwords don't match")).toBeInTheDocument();
  });

  it('refuses a date of birth in the future', async () => {
    const { user } = await renderApp('/signup');
    fireEvent.change(field('Date of birth'), { target: { value: '2999-01-01' } });
    await user.click(submit());
    expect(await within(form()).findByText('Please enter choose your date of birth')).toBeInTheDocument();
  });

  it("toasts 'The size of your photo is more than 1 MB' and does not attach a larger photo", async () => {
    const { user } = await renderApp('/signup');
    await user.upload(photoInput(), pngFile('big.png', 1_000_001));
    // The words show on the field at once and in a toast once the toast module is loaded: both.
    await waitFor(() => expect(screen.getAllByText('The size of your photo is more than 1 MB')).toHaveLength(2));
    expect(within(form()).queryByText('big.png')).not.toBeInTheDocument();
  });

  it('accepts a photo of exactly 1,000,000 bytes', async () => {
    const { user } = await renderApp('/signup');
    await user.upload(photoInput(), pngFile('limit.png', 1_000_000));
    expect(await within(form()).findByText('limit.png')).toBeInTheDocument();
    expect(screen.queryByText('The size of your photo is more than 1 MB')).not.toBeInTheDocument();
  });

  it('signs up with a multipart body without confirmPassword, signs in and lands on fitness services', async () => {
    const sent: Array<Promise<FormData>> = [];
    clientHost.server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/auth/signup') sent.push(request.clone().formData());
    });
    const app = await renderApp('/signup');
    await fillValidForm(app);
    await app.user.upload(photoInput(), pngFile());
    await app.user.click(submit());
    await waitFor(() => expect(app.pathname()).toBe('/employee/fitness-services'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fitness services' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    const body = await sent[0]!;
    expect([...body.keys()].sort()).toEqual(['dateOfBirth', 'email', 'firstName', 'gender', 'lastName', 'levelOfCompetition', 'password', 'photo']);
    const created = await accountRow('new.person@wellness.test');
    expect(created).toMatchObject({ firstName: 'Nora', lastName: 'Newcomer', gender: 'female', levelOfCompetition: 'Intermediate', role: 'user' });
    expect(created?.profilePicture).not.toBeNull();
  });

  it('after signup the entry page is fitness services: a user route outside the area leads there', async () => {
    const app = await renderApp('/signup');
    await fillValidForm(app);
    await app.user.click(submit());
    await waitFor(() => expect(app.pathname()).toBe('/employee/fitness-services'));
    await act(() => app.router.navigate({ to: '/admin/dashboard' }));
    await waitFor(() => expect(app.pathname()).toBe('/employee/fitness-services'));
  });

  it("puts a taken e-mail's 409 on the e-mail field (red, with the server's words) and keeps the form", async () => {
    const app = await renderApp('/signup');
    await fillValidForm(app, 'bea@wellness.test');
    await app.user.click(submit());
    await waitFor(() => expect(field('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('Email')).toHaveAccessibleDescription(/An account with this email already exists/);
    expect(app.pathname()).toBe('/signup');
    expect(field('First name')).toHaveValue('Nora');
  });
});
