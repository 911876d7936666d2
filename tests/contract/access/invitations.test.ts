import { auditEndpoints } from '@/contract/audit';
import { authEndpoints } from '@/contract/auth';
import { invitationEndpoints } from '@/contract/invitations';
import { DEFAULT_NOW, expectError, expectSuccess, targets, useTarget, type ContractTarget } from '../harness';

const ADMIN = { email: 'admin@wellness.test', password: 'Admin123!' };

const invitationToken = (target: ContractTarget, email: string) => {
  const mail = [...target.mails()].reverse().find((message) => message.to === email && message.text.includes('/signup?invitation='));
  const match = mail ? /\/signup\?invitation=([^\s"<&]+)/.exec(mail.text) : null;
  return match ? decodeURIComponent(match[1]!) : null;
};

const acceptForm = (token: string, password = 'Secret123!') => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ token, firstName: 'Nina', lastName: 'Invited', dateOfBirth: '1992-03-04', gender: 'female', password })) form.append(name, value);
  return form;
};

const ROSTER = [
  'Email,First name,Last name,Level',
  'one@acme.com,One,Person,Advanced',
  '"two@acme.com","Two, Jr.",Person,',
  'BEA@wellness.test,Bea,Existing,Beginner',
  'one@acme.com,One,Again,Elite',
  'not-an-email,Bad,Row,Master',
].join('\n');

describe.each(targets)('invitations on $name', (target) => {
  useTarget(target);

  test('an admin invites one person; the mail leads to a profile that signs in at once, confirmed; all of it audited', async () => {
    const admin = await target.signIn(ADMIN.email, ADMIN.password);
    const created = expectSuccess(invitationEndpoints.invite, await target.call(invitationEndpoints.invite, { token: admin.accessToken, body: { firstName: 'Nina', lastName: 'Invited', email: 'Nina@Acme.com', levelOfCompetition: 'Elite' } }));
    expect(created).toMatchObject({ email: 'nina@acme.com', status: 'pending', levelOfCompetition: 'Elite', expiresAt: '2026-12-06T10:00:00.000Z' });
    const token = invitationToken(target, 'nina@acme.com')!;
    expect(token).toEqual(expect.any(String));
    expect(target.mails().find((mail) => mail.to === 'nina@acme.com')!.subject).toBe('You are invited to the Wellness Challenge');

    expect(expectSuccess(invitationEndpoints.details, await target.call(invitationEndpoints.details, { query: { token } }))).toEqual({ email: 'nina@acme.com', firstName: 'Nina', lastName: 'Invited', levelOfCompetition: 'Elite' });
    const session = expectSuccess(invitationEndpoints.accept, await target.call(invitationEndpoints.accept, { formData: acceptForm(token) }));
    expect(session.user).toMatchObject({ email: 'nina@acme.com', role: 'user', levelOfCompetition: 'Elite', dateOfBirth: '1992-03-04' });
    await target.signIn('nina@acme.com', 'Secret123!');
    expectError(await target.call(invitationEndpoints.accept, { formData: acceptForm(token) }), 400, 'INVALID_INVITATION', 'This invitation link is invalid or has expired');

    const list = expectSuccess(invitationEndpoints.list, await target.call(invitationEndpoints.list, { token: admin.accessToken, query: { page: 1, pageSize: 10 } }));
    expect(list.rows.map((row) => row.status)).toEqual(['accepted']);
    const audit = expectSuccess(auditEndpoints.list, await target.call(auditEndpoints.list, { token: admin.accessToken, query: { page: 1, pageSize: 20 } }));
    expect(audit.rows.map((event) => event.action)).toEqual(expect.arrayContaining(['invitation.send', 'invitation.accept']));
  });

  test('an address with an account cannot be invited; employees cannot invite', async () => {
    const admin = await target.signIn(ADMIN.email, ADMIN.password);
    expectError(await target.call(invitationEndpoints.invite, { token: admin.accessToken, body: { firstName: 'Bea', lastName: 'B', email: 'bea@wellness.test', levelOfCompetition: 'Beginner' } }), 409, 'EMAIL_TAKEN');
    const employee = await target.signIn('bea@wellness.test', 'Employee123!');
    expectError(await target.call(invitationEndpoints.invite, { token: employee.accessToken, body: { firstName: 'X', lastName: 'Y', email: 'x@acme.com', levelOfCompetition: 'Beginner' } }), 403, 'FORBIDDEN');
  });

  test('resend issues a new link (the old one stops working); revoke ends it; links expire', async () => {
    let admin = await target.signIn(ADMIN.email, ADMIN.password);
    const { id } = expectSuccess(invitationEndpoints.invite, await target.call(invitationEndpoints.invite, { token: admin.accessToken, body: { firstName: 'Nina', lastName: 'Invited', email: 'nina@acme.com', levelOfCompetition: 'Beginner' } }));
    const first = invitationToken(target, 'nina@acme.com')!;
    target.advance(60 * 60 * 1000);
    admin = await target.signIn(ADMIN.email, ADMIN.password);
    expect(expectSuccess(invitationEndpoints.resend, await target.call(invitationEndpoints.resend, { token: admin.accessToken, params: { id } }))).toMatchObject({ status: 'pending', sentAt: '2026-11-22T11:00:00.000Z' });
    const second = invitationToken(target, 'nina@acme.com')!;
    expect(second).not.toBe(first);
    expectError(await target.call(invitationEndpoints.details, { query: { token: first } }), 400, 'INVALID_INVITATION');
    expectSuccess(invitationEndpoints.details, await target.call(invitationEndpoints.details, { query: { token: second } }));

    target.advance(14 * 24 * 60 * 60 * 1000);
    admin = await target.signIn(ADMIN.email, ADMIN.password);
    expectError(await target.call(invitationEndpoints.details, { query: { token: second } }), 400, 'INVALID_INVITATION');
    expect(expectSuccess(invitationEndpoints.list, await target.call(invitationEndpoints.list, { token: admin.accessToken, query: { page: 1, pageSize: 10 } })).rows[0]!.status).toBe('expired');

    expectSuccess(invitationEndpoints.revoke, await target.call(invitationEndpoints.revoke, { token: admin.accessToken, params: { id } }));
    expect(expectSuccess(invitationEndpoints.list, await target.call(invitationEndpoints.list, { token: admin.accessToken, query: { page: 1, pageSize: 10 } })).rows[0]!.status).toBe('revoked');
    expectError(await target.call(invitationEndpoints.resend, { token: admin.accessToken, params: { id } }), 409, 'CONFLICT', 'This invitation was revoked; invite the person again');
    expectError(await target.call(invitationEndpoints.revoke, { token: admin.accessToken, params: { id: 999 } }), 404, 'NOT_FOUND', 'Invitation not found');
  });

  test('a roster preview reports every row and writes nothing; the import invites the new rows; the same file again changes nothing', async () => {
    const admin = await target.signIn(ADMIN.email, ADMIN.password);
    const preview = expectSuccess(invitationEndpoints.previewRoster, await target.call(invitationEndpoints.previewRoster, { token: admin.accessToken, body: { csv: ROSTER } }));
    expect(preview.counts).toEqual({ total: 5, new: 2, invited: 0, account: 1, revoked: 0, duplicate: 1, error: 1 });
    expect(preview.problems).toEqual([
      { line: 4, email: 'bea@wellness.test', status: 'account', messages: ['An account with this email already exists'] },
      { line: 5, email: 'one@acme.com', status: 'duplicate', messages: ['This address appears earlier in the file'] },
      { line: 6, email: 'not-an-email', status: 'error', messages: ['Email is invalid', 'Level must be one of Beginner, Intermediate, Advanced, Elite'] },
    ]);
    expect(target.mails()).toEqual([]);
    expect(expectSuccess(invitationEndpoints.list, await target.call(invitationEndpoints.list, { token: admin.accessToken, query: { page: 1, pageSize: 10 } })).count).toBe(0);

    const imported = expectSuccess(invitationEndpoints.importRoster, await target.call(invitationEndpoints.importRoster, { token: admin.accessToken, body: { csv: ROSTER } }));
    expect(imported.invited).toBe(2);
    expect(target.mails().map((mail) => mail.to).sort()).toEqual(['one@acme.com', 'two@acme.com']);
    const rows = expectSuccess(invitationEndpoints.list, await target.call(invitationEndpoints.list, { token: admin.accessToken, query: { page: 1, pageSize: 10 } })).rows;
    expect(rows.map((row) => [row.email, row.firstName, row.levelOfCompetition]).sort()).toEqual([
      ['one@acme.com', 'One', 'Advanced'],
      ['two@acme.com', 'Two, Jr.', 'Beginner'],
    ]);

    const again = expectSuccess(invitationEndpoints.importRoster, await target.call(invitationEndpoints.importRoster, { token: admin.accessToken, body: { csv: ROSTER } }));
    expect(again.invited).toBe(0);
    expect(again.counts).toMatchObject({ new: 0, invited: 2 });
    expect(target.mails()).toHaveLength(2);
  });

  test('a file without the required columns is refused as a whole', async () => {
    const admin = await target.signIn(ADMIN.email, ADMIN.password);
    expectError(
      await target.call(invitationEndpoints.previewRoster, { token: admin.accessToken, body: { csv: 'name,mail\nA,a@acme.com' } }),
      400,
      'VALIDATION_FAILED',
      'The first row must name the columns email, first_name, last_name (and optionally level)',
    );
  });

  test('a roster over 20,000 rows or 10 MB is refused with words that say so', async () => {
    const admin = await target.signIn(ADMIN.email, ADMIN.password);
    const rows = Array.from({ length: 20_001 }, (_, index) => `p${index}@acme.com,P,Number ${index},Beginner,Sales,Berlin`);
    const tooLong = ['email,first_name,last_name,level,department,office', ...rows].join('\n');
    expectError(await target.call(invitationEndpoints.previewRoster, { token: admin.accessToken, body: { csv: tooLong } }), 400, 'VALIDATION_FAILED', 'A roster holds at most 20,000 rows; split the file');
    const tooLarge = `email,first_name,last_name\n${'x'.repeat(10_000_000)}`;
    const refused = expectError(await target.call(invitationEndpoints.importRoster, { token: admin.accessToken, body: { csv: tooLarge } }), 400, 'VALIDATION_FAILED');
    expect(refused.issues).toEqual([{ path: 'csv', message: 'The file is larger than 10 MB' }]);
    expect(expectSuccess(invitationEndpoints.list, await target.call(invitationEndpoints.list, { token: admin.accessToken, query: { page: 1, pageSize: 10 } })).count).toBe(0);
  });

  test('in invite mode an invitation is the way in', async () => {
    await target.reset(DEFAULT_NOW, { signupMode: 'invite', emailDomains: [] });
    const admin = await target.signIn(ADMIN.email, ADMIN.password);
    expectSuccess(invitationEndpoints.invite, await target.call(invitationEndpoints.invite, { token: admin.accessToken, body: { firstName: 'Nina', lastName: 'Invited', email: 'nina@acme.com', levelOfCompetition: 'Beginner' } }));
    expectSuccess(invitationEndpoints.accept, await target.call(invitationEndpoints.accept, { formData: acceptForm(invitationToken(target, 'nina@acme.com')!) }));
    expectError(await target.call(authEndpoints.signin, { body: { email: 'nobody@acme.com', password: 'x' } }), 401, 'INVALID_CREDENTIALS');
  });
});
