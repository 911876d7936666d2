import { toast } from '../../../src/api/toasts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureEmployee, fixtureId } from '../../../mocks/fixtures';
import { mockAccess } from '../../../mocks/access/settings';
import { mockClock } from '../../../mocks/clock';
import { clientHost, sentMail } from '../support/host';
import { and, eq } from 'drizzle-orm';
import { userLevels } from '../../../server/db/schema';
import { accountRow } from '../support/api-as';
import { renderApp } from '../render-app';

const bea = fixtureEmployee('Beginner');
const form = () => screen.getByRole('form', { name: 'Profile' });
const field = (label: string) => within(form()).getByLabelText(label);
const save = () => within(form()).getByRole('button', { name: 'Save' });
const photoInput = () => form().querySelector<HTMLInputElement>('input[type="file"]')!;

const pngFile = (name = 'me.png', size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  return new File([bytes], name, { type: 'image/png' });
};

/** The multipart bodies the app sent to PUT /users/:id/profile. */
const captureProfilePuts = () => {
  const sent: Promise<FormData>[] = [];
  clientHost.server.events.on('request:start', ({ request }) => {
    if (request.method === 'PUT' && /\/api\/users\/\d+\/profile$/.test(new URL(request.url).pathname)) sent.push(request.clone().formData());
  });
  return sent;
};

const openProfile = async () => {
  const app = await renderApp('/employee/profile', { signedInAs: 'user' });
  await screen.findByRole('form', { name: 'Profile' });
  return app;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('profile screen', () => {
  it('shows the stored profile; Save stays disabled until something changes', async () => {
    await openProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(field('First name')).toHaveValue(bea.firstName);
    expect(field('Email')).toHaveValue(bea.email);
    expect(field('Level of competition')).toHaveValue('Beginner');
    expect(within(form()).getByLabelText('Share my activity')).toBeChecked();
    expect(save()).toBeDisabled();
    expect(photoInput()).toHaveAttribute('accept', '.png,.jpg,.jpeg');
  });

  it('submits only the changed fields as multipart, toasts, and disables Save again', async () => {
    const sent = captureProfilePuts();
    const { user } = await openProfile();
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Beatrix');
    await user.click(within(form()).getByLabelText('Keep my activity private'));
    expect(save()).toBeEnabled();
    await user.click(save());
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    const body = await sent[0]!;
    expect(Object.fromEntries(body.entries())).toEqual({ firstName: 'Beatrix', isPrivateActivity: 'true' });
    expect(await accountRow(bea.email)).toMatchObject({ firstName: 'Beatrix', lastName: bea.lastName, isPrivateActivity: true });
    await waitFor(() => expect(save()).toBeDisabled());
  });

  it('typing a value back to the stored one leaves nothing to save', async () => {
    const { user } = await openProfile();
    await user.type(field('Last name'), 'x');
    expect(save()).toBeEnabled();
    await user.type(field('Last name'), '{Backspace}');
    expect(save()).toBeDisabled();
  });

  it('shows the form messages and sends nothing when a field is invalid', async () => {
    const sent = captureProfilePuts();
    const { user } = await openProfile();
    await user.clear(field('First name'));
    await user.clear(field('Email'));
    await user.type(field('Email'), 'not-an-email');
    await user.click(save());
    expect(await screen.findByText('Please enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("an e-mail of another account shows the server's message at the field, once (no toast saying it again)", async () => {
    const { user } = await openProfile();
    const errorToasts = vi.spyOn(toast, 'error');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ivan@wellness.test');
    await user.click(save());
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription(/An account with this email already exists/));
    expect(errorToasts).not.toHaveBeenCalled();
  });

  it('domain mode: an address outside the company domains is refused under the e-mail field, and stays unchanged', async () => {
    mockAccess.set({ signupMode: 'domain', emailDomains: ['wellness.test'] });
    const { user } = await openProfile();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'bea@gmail.com');
    await user.click(save());
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription(/Please use your company e-mail address \(@wellness.test\)/));
    expect(await accountRow(bea.email)).toMatchObject({ email: bea.email });
  });

  it('a new e-mail address waits for its link: the form keeps the current one and says where the link went; it can be dropped', async () => {
    const { user } = await openProfile();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'bea.new@wellness.test');
    await user.click(save());
    const note = await screen.findByRole('region', { name: 'New e-mail address' });
    expect(note).toHaveTextContent(`We sent a link to bea.new@wellness.test. Your address changes when you open it; until then you sign in with ${bea.email}.`);
    expect(field('Email')).toHaveValue(bea.email);
    // The server mails from a job, after its answer.
    expect((await sentMail()).latestTo('bea.new@wellness.test')?.link).toContain('/confirm-email?token=');

    await user.click(within(note).getByRole('button', { name: 'Keep my current address' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'New e-mail address' })).not.toBeInTheDocument());
    expect(await accountRow(bea.email)).toMatchObject({ email: bea.email, pendingEmail: null });
  });

  it("refuses a photo over 1 MB with the toast 'The size of your photo is more than 1 MB'", async () => {
    const { user } = await openProfile();
    await user.upload(photoInput(), pngFile('big.png', 1_000_001));
    // The toast, and the same words on the photo field.
    expect(await screen.findAllByText('The size of your photo is more than 1 MB')).toHaveLength(2);
    expect(within(form()).getByText('The size of your photo is more than 1 MB')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it("a photo the server refuses shows the server's message on the photo field, and goes once another is chosen", async () => {
    const { user } = await openProfile();
    const notAnImage = new File([new TextEncoder().encode('just some text, not a picture')], 'holiday.png', { type: 'image/png' });
    await user.upload(photoInput(), notAnImage);
    await user.click(save());
    const refusal = 'The photo must be a PNG or JPEG image (.png, .jpg, .jpeg)';
    expect(await within(form()).findByText(refusal)).toBeInTheDocument();
    expect(within(form()).getByRole('button', { name: /Photo/ })).toHaveAttribute('aria-invalid', 'true');
    await user.upload(photoInput(), pngFile());
    await waitFor(() => expect(within(form()).queryByText(refusal)).not.toBeInTheDocument());
  });

  it('a new photo alone enables Save and is uploaded as the photo part', async () => {
    const sent = captureProfilePuts();
    const { user } = await openProfile();
    await user.upload(photoInput(), pngFile());
    expect(save()).toBeEnabled();
    await user.click(save());
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    const body = await sent[0]!;
    expect([...body.keys()]).toEqual(['photo']);
    expect((await accountRow(bea.email))!.profilePicture).toMatch(/^[a-f0-9]{32}\.png$/);
  });

  it('level of competition is disabled with the note outside 1-7 April', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00Z') });
    await openProfile();
    expect(field('Level of competition')).toBeDisabled();
    expect(screen.getByText('You can change your level of competition only in the first week of the new year')).toBeInTheDocument();
    // 'The new year' is the competition year: said beside the note.
    expect(screen.getByText('The competition year starts on 1 April: your level can be changed from 1 to 7 April each year.')).toBeInTheDocument();
  });

  it('inside 1-7 April the level can be changed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-04-03T09:00:00Z') });
    mockClock.set('2027-04-03T09:00:00Z');
    const { user } = await openProfile();
    expect(field('Level of competition')).toBeEnabled();
    expect(screen.queryByText('You can change your level of competition only in the first week of the new year')).not.toBeInTheDocument();
    await user.selectOptions(field('Level of competition'), 'Elite');
    await user.click(save());
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    const [level] = await (await clientHost.db()).select().from(userLevels).where(and(eq(userLevels.userId, fixtureId(bea.email)), eq(userLevels.competitionYear, 2027)));
    expect(level?.levelOfCompetition).toBe('Elite');
  });

  it('also shows the fitness service connector', async () => {
    await openProfile();
    expect(await screen.findByRole('checkbox', { name: 'Strava' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Fitbit' })).toBeInTheDocument();
  });
});
