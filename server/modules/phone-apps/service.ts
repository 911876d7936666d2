import type { ImportReport, ImportToken, ImportTokenList, PhonePush } from '@/contract/phone-apps';
import { IMPORT_TOKENS_PER_PERSON } from '@/contract/phone-apps';
import { conflict, notFound } from '@/domain/errors';
import { rateLimitRules } from '@/domain/rate-limit-rules';
import type { AppDeps } from '../../deps';
import { writeForUser } from '../../db/user-write-lock';
import { importTokenHash, newImportToken, revokedToken, type ImportCaller } from '../../http/import-token';
import { consumeRateLimit } from '../../http/rate-limit';
import type { ProviderActivity } from '../../trackers/providers/types';
import { auditRepo } from '../audit/repo';
import { scoringService } from '../scoring/service';
import { importBatch } from '../trackers/import-batch';
import type { OrphanedTwin } from '../trackers/repo';
import { tickImportedSteps } from '../trackers/step-imports';
import { phoneAppsRepo, type TokenRow } from './repo';
import { phoneWorkoutType } from './workout-types';

type Deps = Pick<AppDeps, 'db' | 'clock'> & {
  /** The tracker service's follow-up of an import (trackers/service.ts recountTwins). */
  recountTwins: (userId: number, orphans: OrphanedTwin[]) => Promise<void>;
};

/** How a push was written: Health Auto Export's JSON or our own format (docs/trackers.md#phone-apps). */
export type PushFormat = 'health-auto-export' | 'phone';

const toToken = (row: TokenRow): ImportToken => ({ id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null });

/** A pushed workout as a record of the import path; the phone's workouts are shown like any tracker's. */
const toRecord = (workout: PhonePush['workouts'][number]): ProviderActivity => ({
  externalId: workout.externalId,
  name: phoneWorkoutType(workout.type),
  seconds: workout.seconds,
  startAt: workout.startAt,
  localDay: workout.localDay,
  isPrivate: false,
  updatedAt: null,
});

/**
 * 'Connect a phone app' (docs/trackers.md#phone-apps): an employee's personal import tokens, and the
 * pushes a phone app makes with one. A push goes through the trackers' one import path
 * (trackers/import-batch.ts: duplicates across every source, editable days, the minute rule) as
 * source `phone`, and its step counts tick step achievements (trackers/step-imports.ts).
 */
export const phoneAppsService = ({ db, clock, recountTwins }: Deps) => {
  const repo = phoneAppsRepo(db);
  const scoring = scoringService();

  const list = async (userId: number): Promise<ImportTokenList> => ({ tokens: (await repo.tokensOf(userId)).map(toToken), limit: IMPORT_TOKENS_PER_PERSON });

  return {
    list,

    /** A new token, shown this once: only its hash is stored. At most IMPORT_TOKENS_PER_PERSON in force. */
    create: async (userId: number, name: string) => {
      const now = clock.now();
      const token = newImportToken();
      const created = await writeForUser(db, userId, async (tx) => {
        if ((await phoneAppsRepo(tx).countTokensInForce(userId)) >= IMPORT_TOKENS_PER_PERSON)
          throw conflict(`You already have ${IMPORT_TOKENS_PER_PERSON} phone app tokens: revoke one you no longer use first`);
        const row = await phoneAppsRepo(tx).insertToken({ userId, name, tokenHash: importTokenHash(token), createdAt: now });
        await auditRepo(tx).auditOwnAction(userId, { at: now, action: 'import_token.create', after: { tokenName: name } });
        return row;
      });
      return { token, created: toToken(created) };
    },

    /** Revokes one of the caller's tokens: its next push is refused (401). */
    revoke: async (userId: number, id: number) => {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const name = await phoneAppsRepo(tx).revokeToken(userId, id, now);
        if (name === null) throw notFound('Import token not found');
        await auditRepo(tx).auditOwnAction(userId, { at: now, action: 'import_token.revoke', before: { tokenName: name } });
      });
      return list(userId);
    },

    /**
     * One push, in one transaction under the employee's write lock: the workouts through the import
     * path, the step days, the rescoring, the token's last use and, when anything changed, one audit
     * entry. The same push again finds everything as it left it and changes nothing but the last use.
     */
    importPush: async (caller: ImportCaller, push: PhonePush, format: PushFormat): Promise<ImportReport> => {
      const now = clock.now();
      await consumeRateLimit(db, rateLimitRules.importPerToken, String(caller.tokenId), now);
      const { userId } = caller;
      const outcome = await writeForUser(db, userId, async (tx) => {
        // Revoked since the request was let in: nothing is written.
        if (!(await phoneAppsRepo(tx).markUsed(caller.tokenId, now))) throw revokedToken();
        const workouts = await importBatch(tx, { userId, source: 'phone', activities: push.workouts.map(toRecord), now, sameSourceTwins: true });
        const steps = await tickImportedSteps(tx, userId, push.stepDays, now);
        await scoring.rescoreDays(tx, userId, [...workouts.days, ...steps.ticked]);
        if (workouts.added + workouts.updated + workouts.removed + steps.ticked.length > 0) {
          await auditRepo(tx).auditOwnAction(userId, {
            at: now,
            action: 'phone.import',
            after: { tokenName: caller.tokenName, format, workoutsAdded: workouts.added, workoutsUpdated: workouts.updated, workoutsRemoved: workouts.removed, stepDaysTicked: steps.ticked },
          });
        }
        return { workouts, steps };
      });
      await recountTwins(userId, outcome.workouts.orphans);
      const { workouts, steps } = outcome;
      return {
        workouts: { received: push.workouts.length, added: workouts.added, updated: workouts.updated, removed: workouts.removed, duplicates: workouts.duplicates },
        steps: { days: push.stepDays.length, ticked: steps.ticked, alreadyTicked: steps.alreadyTicked, closed: steps.closed },
      };
    },
  };
};

export type PhoneAppsService = ReturnType<typeof phoneAppsService>;
