import { authEndpoints } from '@/contract/auth';
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE_MESSAGE } from '@/contract/fields';
import { fixtureAdmin, fixtureEmployee, fixtureId } from '../../../mocks/fixtures';
import { cookieAttributes, expectError, expectSuccess, targets, useTarget } from '../harness';

const PNG: Uint8Array<ArrayBuffer> = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

const signupForm = (overrides: Record<string, string | null> = {}, photo?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }) => {
  const fields: Record<string, string | null> = {
    firstName: 'Nora',
    lastName: 'Newcomer',
    dateOfBirth: '1990-06-15',
    gender: 'female',
    email: 'nora@wellness.test',
    password: 'Secret123!',
    levelOfCompetition: 'Intermediate',
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  if (photo) form.append('photo', new Blob([photo.bytes], { type: photo.type }), photo.name);
  return form;
};

describe.each(targets)('auth on $name', (target) => {
  useTarget(target);
  const employee = fixtureEmployee('Beginner');

  describe('signin', () => {
    test('the right password answers the session and sets the refresh cookie', async () => {
      const response = await target.call(authEndpoints.signin, { body: { email: 'Admin@Wellness.test ', password: fixtureAdmin.password } });
      const session = expectSuccess(authEndpoints.signin, response);
      expect(session.user).toEqual({
        id: 1,
        role: 'admin',
        firstName: 'Ada',
        lastName: 'Admin',
        email: 'admin@wellness.test',
        dateOfBirth: '1980-05-14',
        gender: 'female',
        levelOfCompetition: 'Beginner',
        profilePicture: null,
        isPrivateActivity: false,
        quarterlyBonus: { firstQuarter: false, secondQuarter: false, thirdQuarter: false, fourthQuarter: false },
      });
      expect(cookieAttributes(response, 'wc_refresh')).toMatchObject({ path: '/api/auth', httponly: 'true', samesite: 'strict', 'max-age': String(30 * 24 * 60 * 60) });
    });

    test('a wrong password and an unknown e-mail get the same 401', async () => {
      for (const body of [{ email: employee.email, password: 'wrong-password' }, { email: 'nobody@wellness.test', password: 'whatever1' }]) {
        const response = await target.call(authEndpoints.signin, { body });
        expectError(response, 401, 'INVALID_CREDENTIALS', 'Email or password is incorrect');
        expect(response.setCookies).toEqual([]);
      }
    });

    test('missing fields answer 400 with one issue per field', async () => {
      const body = expectError(await target.call(authEndpoints.signin, { body: {} }), 400, 'VALIDATION_FAILED', 'Please enter your email (and 1 more)');
      expect(body.issues).toEqual([
        { path: 'email', message: 'Please enter your email' },
        { path: 'password', message: 'Please enter your password' },
      ]);
    });

    test('a malformed e-mail and a wrong type are field issues too', async () => {
      const body = expectError(await target.call(authEndpoints.signin, { body: { email: 'not-an-email', password: 12345678 } }), 400, 'VALIDATION_FAILED');
      expect(body.issues).toEqual([
        { path: 'email', message: 'Email is invalid' },
        { path: 'password', message: 'Please enter your password' },
      ]);
    });

    test('no body, an empty JSON body and broken JSON answer readable 400s', async () => {
      const none = expectError(await target.request('POST', '/auth/signin'), 400, 'VALIDATION_FAILED', 'Invalid input: expected object, received null');
      expect(none.issues).toEqual([{ path: 'request', message: 'Invalid input: expected object, received null' }]);
      expectError(await target.request('POST', '/auth/signin', { rawBody: '', contentType: 'application/json' }), 400, 'VALIDATION_FAILED', 'The request body is empty');
      expectError(await target.request('POST', '/auth/signin', { rawBody: '{"email":', contentType: 'application/json' }), 400, 'VALIDATION_FAILED', 'The request body is not valid JSON');
    });

    test('an unknown content type answers 415', async () => {
      expectError(await target.request('POST', '/auth/signin', { rawBody: '<signin/>', contentType: 'application/xml' }), 415, 'VALIDATION_FAILED', 'This content type is not accepted here');
    });
  });

  describe('signup (multipart)', () => {
    test('creates an employee, signed in, without a photo', async () => {
      const response = await target.call(authEndpoints.signup, { formData: signupForm() });
      const session = expectSuccess(authEndpoints.signup, response);
      expect(session.user).toMatchObject({ id: 7, role: 'user', email: 'nora@wellness.test', levelOfCompetition: 'Intermediate', profilePicture: null, isPrivateActivity: false });
      expect(cookieAttributes(response, 'wc_refresh')).toMatchObject({ path: '/api/auth', httponly: 'true', samesite: 'strict' });
      expectSuccess(authEndpoints.signin, await target.call(authEndpoints.signin, { body: { email: 'nora@wellness.test', password: 'Secret123!' } }));
    });

    test('stores a PNG photo and serves it back with its type', async () => {
      const response = await target.call(authEndpoints.signup, { formData: signupForm({}, { bytes: PNG, name: 'me.png', type: 'image/png' }) });
      const { user } = expectSuccess(authEndpoints.signup, response);
      expect(user.profilePicture).toMatch(/^\/api\/uploads\/[a-f0-9]{32}\.png$/);
      const photo = await target.request('GET', user.profilePicture!.replace(/^\/api/, ''));
      expect(photo.status).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
    });

    test('a duplicate e-mail (any case) answers 409 EMAIL_TAKEN', async () => {
      expectError(
        await target.call(authEndpoints.signup, { formData: signupForm({ email: 'BEA@wellness.test' }) }),
        409,
        'EMAIL_TAKEN',
        'An account with this email already exists',
      );
    });

    test('a photo that is not an image, or more than 1 MB, is refused', async () => {
      const fake = await target.call(authEndpoints.signup, { formData: signupForm({}, { bytes: new TextEncoder().encode('not an image'), name: 'me.png', type: 'image/png' }) });
      expectError(fake, 400, 'PHOTO_TYPE_NOT_ALLOWED', 'The photo must be a PNG or JPEG image (.png, .jpg, .jpeg)');
      const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
      big.set(PNG);
      expectError(await target.call(authEndpoints.signup, { formData: signupForm({}, { bytes: big, name: 'big.png', type: 'image/png' }) }), 400, 'PHOTO_TOO_LARGE', PHOTO_TOO_LARGE_MESSAGE);
      // Nothing was created: the e-mail is still free.
      expectSuccess(authEndpoints.signup, await target.call(authEndpoints.signup, { formData: signupForm() }));
    });

    test('a JSON body is accepted too (no photo)', async () => {
      const body = Object.fromEntries(signupForm().entries());
      expect(expectSuccess(authEndpoints.signup, await target.call(authEndpoints.signup, { body })).user).toMatchObject({ email: 'nora@wellness.test' });
    });

    test('a file under another field name is refused', async () => {
      const form = signupForm();
      form.append('avatar', new Blob([PNG], { type: 'image/png' }), 'me.png');
      expectError(await target.call(authEndpoints.signup, { formData: form }), 400, 'VALIDATION_FAILED', 'Unexpected file field "avatar": only "photo" is accepted');
    });

    test('missing and invalid fields answer 400 with the form messages', async () => {
      const form = signupForm({ firstName: null, gender: 'robot', password: 'short', dateOfBirth: '2999-01-01' });
      const body = expectError(await target.call(authEndpoints.signup, { formData: form }), 400, 'VALIDATION_FAILED', 'Please enter your first name (and 3 more)');
      expect(body.issues).toEqual([
        { path: 'firstName', message: 'Please enter your first name' },
        { path: 'dateOfBirth', message: 'Please enter choose your date of birth' },
        { path: 'gender', message: 'Please select your gender' },
        { path: 'password', message: 'Password must be at least 8 characters' },
      ]);
    });
  });

  test('fixture ids are equal on both targets', async () => {
    const { user } = await target.signIn(employee.email, employee.password);
    expect(user.id).toBe(fixtureId(employee.email));
  });
});
