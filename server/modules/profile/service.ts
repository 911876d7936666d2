import { writeForUser } from '../../db/user-write-lock';
import { scoringService } from '../scoring/service';
import { auditRepo } from '../audit/repo';
import type { User } from '@/contract/users';
import type { ProfileUpdate } from '@/contract/profile';
import { currentCompetitionYear, isLevelWindowOpen } from '@/domain/competition';
import type { AuthUser } from '../../http/access-token';
import type { AppDeps } from '../../deps';
import type { Photo } from '../../http/multipart';
import { removePhoto, withStoredPhoto } from '../../http/photo-storage';
import { requestEmailChange } from '../access/email-change';
import { emailTaken, isUniqueViolation } from '../auth/service';
import { usersRepo } from '../users/repo';
import { levelWindowClosed, profileNotFound } from '@/domain/profile-errors';
import { profileRepo, type ProfileChanges } from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'jobs' | 'photos'>;

/** Another user's profile is "not found" (docs/product-rules.md#permissions); admins may read any. */
const assertMayRead = (caller: AuthUser, id: number) => {
  if (caller.role !== 'admin' && caller.id !== id) throw profileNotFound();
};

export const profileService = (deps: Deps) => {
  const { db, clock, photos } = deps;
  const userReads = usersRepo(db);
  return {
    read: async (caller: AuthUser, id: number): Promise<User> => {
      assertMayRead(caller, id);
      const user = await userReads.loadUser(id, clock.now());
      if (!user) throw profileNotFound();
      return user;
    },

    /**
     * Merges the changed fields (and photo) into the caller's own profile. A level change also sets
     * the level of the current competition year, in the same transaction; the replaced photo file is
     * removed only after the commit.
     */
    update: async (caller: AuthUser, id: number, fields: ProfileUpdate, photo: Photo | null): Promise<User> => {
      if (caller.id !== id) throw profileNotFound();
      const now = clock.now();
      const current = await userReads.findUserRowById(id);
      if (!current) throw profileNotFound();

      const changes: ProfileChanges = {};
      for (const key of ['firstName', 'lastName', 'dateOfBirth', 'gender', 'isPrivateActivity'] as const) {
        if (fields[key] !== undefined && fields[key] !== current[key]) Object.assign(changes, { [key]: fields[key] });
      }
      // A new address is confirmed by its owner first (docs/access.md#changing-the-e-mail-address); the
      // current one sent back drops a pending change.
      const newEmail = fields.email !== undefined && (fields.email !== current.email || current.pendingEmail !== null) ? fields.email : undefined;
      const levelChanged = fields.levelOfCompetition !== undefined && fields.levelOfCompetition !== current.levelOfCompetition;
      if (levelChanged) {
        if (!isLevelWindowOpen(now)) throw levelWindowClosed();
        changes.levelOfCompetition = fields.levelOfCompetition;
      }

      // The photo this save replaces, read under the user's write lock: with two replacements at once,
      // each removes exactly the file it displaced, so no file is left without a user.
      let replacedPhoto: string | null = null;
      try {
        await withStoredPhoto(photos, photo, async (fileName) => {
          if (fileName) changes.profilePicture = fileName;
          if (Object.keys(changes).length === 0 && newEmail === undefined) return;
          await writeForUser(db, id, async (tx) => {
            const repo = profileRepo(tx);
            const locked = await usersRepo(tx).findUserRowById(id);
            if (!locked) throw profileNotFound();
            if (fileName) replacedPhoto = locked.profilePicture;
            if (newEmail !== undefined) await requestEmailChange(deps, tx, locked, newEmail, now);
            if (Object.keys(changes).length > 0) await repo.updateUserRow(id, changes, now);
            if (levelChanged && changes.levelOfCompetition) {
              await repo.upsertYearLevel(id, currentCompetitionYear(now), changes.levelOfCompetition);
              // The year's scores move to the new level's leaderboard and insight groups.
              await scoringService().rescoreLevelChange(tx, id, currentCompetitionYear(now));
              await auditRepo(tx).audit({
                at: now,
                actor: caller,
                action: 'level.change',
                subject: current,
                before: { levelOfCompetition: current.levelOfCompetition },
                after: { levelOfCompetition: changes.levelOfCompetition },
              });
            }
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken(); // the e-mail was taken meanwhile
        throw error;
      }
      if (replacedPhoto) await removePhoto(photos, replacedPhoto);
      const user = await userReads.loadUser(id, now);
      if (!user) throw profileNotFound();
      return user;
    },
  };
};
