import { currentCompetitionYear } from '@/domain/competition';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { usersRepo } from '../users/repo';
import { authRepo } from './repo';
import { hashPassword } from '../../passwords/argon2';
import { randomToken } from '../../http/tokens';
import { maskEmail } from '../../mail/mask-email';

type Log = { info: (message: string) => void; warn: (message: string) => void };

const createAdmin = async (db: Db, email: string, password: string, now: Date) => {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const repo = authRepo(tx);
    const created = await repo.insertUserUnlessTaken({ role: 'admin', email, passwordHash, firstName: 'Admin', lastName: 'User', gender: 'other', levelOfCompetition: 'Beginner', createdAt: now, updatedAt: now });
    if (created !== null) await repo.insertUserLevel({ userId: created, competitionYear: currentCompetitionYear(now), levelOfCompetition: 'Beginner' });
  });
};

/**
 * First admin (docs/configuration.md#origin-mail-and-first-admin): ADMIN_EMAIL + ADMIN_PASSWORD create that admin when missing; an empty
 * database without them gets admin@localhost with a random password, printed once to stdout
 * (not to the log, which may be shipped elsewhere).
 */
export const bootstrapAdmin = async (db: Db, config: AppConfig, now: Date, log: Log, print: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) => {
  if (config.adminEmail && config.adminPassword) {
    const email = config.adminEmail.trim().toLowerCase();
    const existing = await usersRepo(db).findUserRowByEmail(email);
    if (!existing) {
      await createAdmin(db, email, config.adminPassword, now);
      log.info(`created admin ${maskEmail(email)} from ADMIN_EMAIL`);
    } else if (existing.role !== 'admin') {
      log.warn(`ADMIN_EMAIL ${maskEmail(email)} belongs to an employee account; it was left unchanged`);
    }
    return;
  }
  if (config.adminEmail || config.adminPassword) log.warn('set both ADMIN_EMAIL and ADMIN_PASSWORD to create an admin; ignoring the one that is set');
  if ((await authRepo(db).countUsers()) > 0) return;
  const password = randomToken(12);
  await createAdmin(db, 'admin@localhost', password, now);
  print(`\n  First admin created (shown only this once):\n    email:    admin@localhost\n    password: ${password}\n`);
};
