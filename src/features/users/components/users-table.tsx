import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { AdminUserRow, QuarterlyBonus, User, UserSort } from '../../../api/contract/users';
import { fullName, genderLabel } from './labels';
import { QuarterlyBonusCell } from './quarterly-bonus-cell';
import { UserActions } from './user-actions';
import { UserEmail } from './user-email';
import { competitionYearSpan } from '@/domain/competition';

/** What the users table and its phone cards both show and do. */
export type UsersViewProps = {
  rows: AdminUserRow[];
  bonusYear: number;
  /** Flags being saved, per user id: shown at once, before the refetch confirms them. */
  pendingBonus: Map<number, QuarterlyBonus>;
  resettingIds: Set<number>;
  onBonusChange: (user: User, flags: QuarterlyBonus) => void;
  onUpdate: (user: User) => void;
  onDelete: (user: User) => void;
  onResetPassword: (user: User) => void;
  /** What an empty list says: no employees at all (and where to invite them), or none matching the search. */
  emptyText: ReactNode;
};

export type UsersSorting = { sort: UserSort; order: 'asc' | 'desc'; onSort: (column: UserSort) => void };

const sortableColumns: { key: UserSort; label: string }[] = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'email', label: 'Email' },
  { key: 'gender', label: 'Gender' },
  { key: 'levelOfCompetition', label: 'Level of competition' },
];

/** A header that sorts by its column; a second click turns the order round (aria-sort says which). */
function SortableHeader({ column, label, sorting }: { column: UserSort; label: string; sorting: UsersSorting }) {
  const active = sorting.sort === column;
  const Icon = !active ? IconSelector : sorting.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={() => sorting.onSort(column)} fw={700} fz="sm" aria-label={`Sort by ${label}`}>
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** docs/product-rules.md#users-management; scrolls sideways below 1100 px rather than squeezing the columns. */
export function UsersTable({ rows, bonusYear, pendingBonus, resettingIds, onBonusChange, emptyText, sorting, ...actions }: UsersViewProps & { sorting: UsersSorting }) {
  const columnCount = sortableColumns.length + 2;
  return (
    // Focusable, so a keyboard can scroll the columns that do not fit (axe: scrollable-region-focusable).
    <Table.ScrollContainer minWidth={1100} type="native" tabIndex={0} role="region" aria-label="Users table">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            {sortableColumns.map((column) => (
              <SortableHeader key={column.key} column={column.key} label={column.label} sorting={sorting} />
            ))}
            <Table.Th style={{ whiteSpace: 'nowrap' }}>
              {`${bonusYear} Quarterly Bonus`}
              <Text size="xs" c="dimmed" fw={400}>
                {competitionYearSpan(bonusYear)}
              </Text>
            </Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                <Text c="dimmed" size="sm" py="md" ta="center">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>{user.firstName}</Table.Td>
                <Table.Td>{user.lastName}</Table.Td>
                <Table.Td>
                  <UserEmail user={user} />
                </Table.Td>
                <Table.Td>{genderLabel(user.gender)}</Table.Td>
                <Table.Td>{user.levelOfCompetition}</Table.Td>
                <Table.Td>
                  <QuarterlyBonusCell
                    name={fullName(user)}
                    year={bonusYear}
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
