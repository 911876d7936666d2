import Papa from 'papaparse';
import { auditEndpoints } from '@/contract/audit';
import { usersEndpoints } from '@/contract/users';
import { bonusEndpoints } from '@/contract/bonus';
import { fixtureAdmin, fixtureId, fixtureUsers } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

/** Product rules: Audit trail. Admin actions leave an entry (who, when, what, before, after); admins read and export it. */

describe.each(targets)('audit trail on $name', (target) => {
  useTarget(target);
  const bea = fixtureUsers.find((user) => user.email === 'bea@wellness.test')!;
  const beaId = fixtureId(bea.email);
  const adminId = fixtureId(fixtureAdmin.email);

  test('an update (one entry with every changed field, the level too), a bonus and a reset mail are recorded, newest first, filterable', async () => {
    const token = (await target.signIn(fixtureAdmin.email, fixtureAdmin.password)).accessToken;
    expectSuccess(
      usersEndpoints.update,
      await target.call(usersEndpoints.update, {
        token,
        params: { id: beaId },
        body: {
          firstName: 'Beatrix',
          lastName: bea.lastName,
          dateOfBirth: bea.dateOfBirth,
          gender: bea.gender,
          levelOfCompetition: 'Advanced',
        },
      }),
    );
    target.advance(1000);
    expectSuccess(
      bonusEndpoints.quarterlyBonus,
      await target.call(bonusEndpoints.quarterlyBonus, {
        token,
        params: { id: beaId },
        body: { newQuarterlyBonusData: { firstQuarter: true, secondQuarter: false, thirdQuarter: false, fourthQuarter: false } },
      }),
    );
    target.advance(1000);
    expectSuccess(usersEndpoints.sendResetMail, await target.call(usersEndpoints.sendResetMail, { token, params: { id: beaId } }));

    const all = expectSuccess(auditEndpoints.list, await target.call(auditEndpoints.list, { token, query: { subjectId: beaId } }));
    expect(all.count).toBe(3);
    // Same instant: the later entry (higher id) first.
    expect(all.rows.map((row) => row.action)).toEqual(['user.reset_password_mail', 'bonus.change', 'user.update']);
    const update = all.rows.find((row) => row.action === 'user.update')!;
    // The people as they are now: the admin by name, the employee under the name the edit gave.
    expect(update).toMatchObject({ actorId: adminId, actorRole: 'admin', actorName: 'Ada Admin', actorSystem: null, subjectId: beaId, subjectName: 'Beatrix Beginner', subjectEmail: bea.email, subjectDeleted: false });
    expect(JSON.parse(update.before!)).toEqual({ firstName: 'Bea', levelOfCompetition: 'Beginner' });
    expect(JSON.parse(update.after!)).toEqual({ firstName: 'Beatrix', levelOfCompetition: 'Advanced' });
    const bonus = all.rows.find((row) => row.action === 'bonus.change')!;
    expect(JSON.parse(bonus.before!)).toMatchObject({ firstQuarter: false });
    expect(JSON.parse(bonus.after!)).toMatchObject({ firstQuarter: true });

    // An admin's level correction is part of that one entry, not a second one.
    const levels = expectSuccess(auditEndpoints.list, await target.call(auditEndpoints.list, { token, query: { action: 'level.change' } }));
    expect(levels.rows).toEqual([]);

    const csv = await target.call(auditEndpoints.exportList, { token, query: { subjectId: beaId } });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const parsed = Papa.parse<string[]>((csv.body as string).replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual(['When (UTC)', 'Action', 'Employee', 'Employee id', 'Employee e-mail', 'By', 'By id', 'By role', 'Change']);
    expect(parsed.data).toHaveLength(4);
    // The screen's words: no action codes, no JSON.
    const bonusLine = parsed.data.find((line) => line[1] === 'Quarterly bonus changed')!;
    expect(bonusLine.slice(2)).toEqual(['Beatrix Beginner', String(beaId), bea.email, 'Ada Admin', String(adminId), 'admin', expect.stringMatching(/First quarter bonus: no → yes/)]);
    expect(csv.body as string).not.toMatch(/bonus\.change|user\.update|\{"/);
  });

  test('a deleted employee keeps their entries without name or e-mail; entries cannot be edited or deleted through the API', async () => {
    const token = (await target.signIn(fixtureAdmin.email, fixtureAdmin.password)).accessToken;
    expectSuccess(usersEndpoints.sendResetMail, await target.call(usersEndpoints.sendResetMail, { token, params: { id: beaId } }));
    expectSuccess(usersEndpoints.remove, await target.call(usersEndpoints.remove, { token, params: { id: beaId } }));
    const entries = expectSuccess(auditEndpoints.list, await target.call(auditEndpoints.list, { token, query: { subjectId: beaId } }));
    // Erased with the account (docs/product-rules.md#account-deletion): no name, no e-mail, marked deleted.
    expect(entries.rows).toMatchObject([
      { action: 'user.delete', actorId: adminId, actorName: 'Ada Admin', subjectName: `Deleted account #${beaId}`, subjectEmail: null, subjectDeleted: true, before: null, after: '{"deletedBy":"admin"}' },
      { action: 'user.reset_password_mail', subjectName: `Deleted account #${beaId}`, subjectEmail: null, subjectDeleted: true },
    ]);
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      expect((await target.request(method, `/audit/${entries.rows[0]!.id}`, { token })).status).toBe(404);
    }
    const employee = (await target.signIn('ivan@wellness.test', 'Employee123!')).accessToken;
    expectError(await target.call(auditEndpoints.list, { token: employee }), 403, 'FORBIDDEN');
  });
});
