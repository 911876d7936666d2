import { deletedAccountName } from '@/domain/privacy';
import { mockClock } from '../clock';
import { deleteUserCascade, mockDb } from '../db';
import type { MockAuthUser } from '../http';

/**
 * Deletes an employee's account like the API's modules/privacy/account-deletion.ts: tracker links
 * (the mocks have no provider to tell), every row of theirs, the invitation and stored answers that
 * name them; their audit entries lose name, e-mail and states; one entry records the deletion.
 */
export const deleteMockAccount = (caller: MockAuthUser, userId: number) => {
  const user = mockDb.users.find((candidate) => candidate.id === userId);
  if (!user) return;
  const anonymous = deletedAccountName(userId);
  mockDb.auditEvents = (mockDb.auditEvents ?? []).map((entry) =>
    entry.subjectId === userId ? { ...entry, subjectName: anonymous, subjectEmail: null, before: null, after: null } : entry,
  );
  mockDb.invitations = (mockDb.invitations ?? []).filter((invitation) => invitation.email !== user.email);
  mockDb.idempotencyKeys = (mockDb.idempotencyKeys ?? []).filter((row) => row.scope !== `user:${userId}`);
  mockDb.dataExports = (mockDb.dataExports ?? []).filter((row) => row.userId !== userId);
  mockDb.emailConfirmationTokens = (mockDb.emailConfirmationTokens ?? []).filter((row) => row.userId !== userId);
  deleteUserCascade(userId);
  const rows = mockDb.auditEvents;
  rows.push({
    id: rows.length + 1,
    at: mockClock.now().toISOString(),
    actorId: caller.id,
    actorRole: caller.role,
    actorSystem: null,
    action: 'user.delete',
    subjectId: userId,
    subjectName: anonymous,
    subjectEmail: null,
    before: null,
    after: JSON.stringify({ deletedBy: caller.id === userId ? 'self' : 'admin' }),
  });
};
