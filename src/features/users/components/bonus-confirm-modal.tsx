import { Modal, Stack, Text } from '@mantine/core';
import type { QuarterlyBonus, User } from '../../../api/contract/users';
import { quarters } from '@/domain/competition';
import { fullName } from './labels';
import { ConfirmActions } from '../../../components/confirm-actions';

/** A bonus flag an admin clicked, waiting for their yes: the user, the four flags as they would be. */
export type BonusChange = { user: User; flags: QuarterlyBonus };

type Props = { change: BonusChange | null; year: number; points: number; onClose: () => void; onConfirm: (change: BonusChange) => void };

const QUARTER_NUMBER = { firstQuarter: 1, secondQuarter: 2, thirdQuarter: 3, fourthQuarter: 4 } as const;

/**
 * One click on a bonus box moves a person's annual points by hundreds, so it asks first
 * (docs/product-rules.md#quarterly-bonus): whom, which quarter, how many points, added or taken back.
 */
export function BonusConfirmModal({ change, year, points, onClose, onConfirm }: Props) {
  const quarter = change ? quarters.find((candidate) => change.flags[candidate] !== change.user.quarterlyBonus[candidate]) : undefined;
  const awarding = Boolean(change && quarter && change.flags[quarter]);
  const label = quarter ? `Q${QUARTER_NUMBER[quarter]}` : '';
  return (
    <Modal opened={change !== null && quarter !== undefined} onClose={onClose} title={awarding ? 'Award the quarterly bonus?' : 'Take back the quarterly bonus?'} centered>
      {change && quarter && (
        <Stack gap="md">
          <Text>
            {awarding ? 'Award ' : 'Take back '}
            <strong>{fullName(change.user)}</strong>
            {awarding ? ` the ${label} ${year} bonus? It adds ` : `'s ${label} ${year} bonus? It takes `}
            <strong>{`${points.toLocaleString('en-GB')} points`}</strong>
            {awarding ? ' to their annual points, and the audit trail records it.' : ' off their annual points, and the audit trail records it.'}
          </Text>
          <ConfirmActions
            confirmLabel={awarding ? `Award ${points.toLocaleString('en-GB')} points` : 'Take back'}
            color={awarding ? undefined : 'red'}
            onConfirm={() => onConfirm(change)}
            onCancel={onClose}
          />
        </Stack>
      )}
    </Modal>
  );
}
