import { Table, Text } from '@mantine/core';
import type { QuarterlyBonus, User } from '../../../api/contract/users';
import { fullName, genderLabel } from './labels';
import { QuarterlyBonusCell } from './quarterly-bonus-cell';
import { UserActions } from './user-actions';

/** What the users table and its phone cards both show and do. */
export type UsersViewProps = {
  rows: User[];
  bonusYear: number;
  /** Flags being saved, per user id: shown at once, before the refetch confirms them. */
  pendingBonus: Map<number, QuarterlyBonus>;
  resettingIds: Set<number>;
  onBonusChange: (user: User, flags: QuarterlyBonus) => void;
  onUpdate: (user: User) => void;
  onDelete: (user: User) => void;
  onResetPassword: (user: User) => void;
};

/** SPEC 2 "Admin users table"; scrolls sideways below 1100 px rather than squeezing the columns. */
export function UsersTable({ rows, bonusYear, pendingBonus, resettingIds, onBonusChange, ...actions }: UsersViewProps) {
  const columns = ['First name', 'Last name', 'Email', 'Gender', 'Level of competition', `${bonusYear} Quarterly Bonus`, 'Actions'];
  return (
    <Table.ScrollContainer minWidth={1100} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" size="sm" py="md" ta="center">
                  There are no employees yet
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>{user.firstName}</Table.Td>
                <Table.Td>{user.lastName}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
                <Table.Td>{genderLabel(user.gender)}</Table.Td>
                <Table.Td>{user.levelOfCompetition}</Table.Td>
                <Table.Td>
                  <QuarterlyBonusCell
                    name={fullName(user)}
                    flags={pendingBonus.get(user.id) ?? user.quarterlyBonus}
                    busy={pendingBonus.has(user.id)}
                    onChange={(flags) => onBonusChange(user, flags)}
                  />
                </Table.Td>
                <Table.Td>
                  <UserActions user={user} resetting={resettingIds.has(user.id)} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
