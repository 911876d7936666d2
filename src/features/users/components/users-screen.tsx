import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMediaQuery } from '@mantine/hooks';
import { useMutationState } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { usersEndpoints, type QuarterlyBonus, type User, type UserSort } from '../../../api/contract/users';
import { downloadFile } from '../../../api/download';
import { DownloadButton } from '../../../components/download-button';
import { PageShell } from '../../../components/page-shell';
import { Pagination } from '../../../components/pagination';
import { useClock } from '../../../lib/use-clock';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { quarterlyBonusYear } from '@/domain/competition';
import { USERS_PAGE_SIZE, adminUsersQueries } from '../api/admin-users-queries';
import { RESET_MAIL_MUTATION_KEY, useSendResetMail } from '../api/use-send-reset-mail';
import { BONUS_MUTATION_KEY, useSetQuarterlyBonus } from '../api/use-set-quarterly-bonus';
import { BonusConfirmModal, type BonusChange } from './bonus-confirm-modal';
import { DeleteUserModal } from './delete-user-modal';
import { ResetMailModal } from './reset-mail-modal';
import { UpdateUserModal } from './update-user-modal';
import { UserCards } from './user-cards';
import { UsersTable } from './users-table';
import { UsersToolbar } from './users-toolbar';
import type { UsersView } from '../users-view';

/** The first run's empty table points to where people come from (the navigation keeps its icon links). */
function NoEmployeesYet() {
  return (
    <>
      {'There are no employees yet. '}
      <Anchor component={Link} to="/admin/invitations">
        Invite them
      </Anchor>
      {' one by one or from a roster file.'}
    </>
  );
}

type Props = { view: UsersView; onViewChange: (next: Partial<UsersView>, options?: { replace?: boolean }) => void };

/** /admin/dashboard: the employees, 10 per page, searchable, filtered and sorted, with their bonus flags and the admin actions. */
export function UsersScreen({ view, onViewChange }: Props) {
  const page = view.page;
  const onPageChange = useCallback((next: number) => onViewChange({ page: next }), [onViewChange]);
  // The route's loader brought the first view; another page, sort or search keeps these rows, dimmed, until its own arrive.
  const list = useKeptSuspenseQuery(adminUsersQueries.list(view));
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [confirmingReset, setConfirmingReset] = useState<User | null>(null);
  const [confirmingBonus, setConfirmingBonus] = useState<BonusChange | null>(null);
  const setBonus = useSetQuarterlyBonus();
  const sendResetMail = useSendResetMail();
  const pendingBonus = useMutationState({
    filters: { mutationKey: BONUS_MUTATION_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as { id: number; flags: QuarterlyBonus },
  });
  const resetting = useMutationState({
    filters: { mutationKey: RESET_MAIL_MUTATION_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as number,
  });
  // Phones get stacked cards; a seven-column table does not fit 375 px.
  const narrow = useMediaQuery('(max-width: 48em)');
  const bonusYear = quarterlyBonusYear(useClock().now());
  const listProps = {
    rows: list.data.rows,
    bonusYear,
    pendingBonus: new Map(pendingBonus.map((variables) => [variables.id, variables.flags])),
    resettingIds: new Set(resetting),
    // Asked first: one box is hundreds of points (bonus-confirm-modal.tsx).
    onBonusChange: (user: User, flags: QuarterlyBonus) => setConfirmingBonus({ user, flags }),
    onUpdate: setEditing,
    onDelete: setDeleting,
    onResetPassword: setConfirmingReset,
    emptyText: view.search || view.level ? 'No employees match your search' : <NoEmployeesYet />,
  };
  const sorting = {
    sort: view.sort,
    order: view.order,
    onSort: (column: UserSort) => onViewChange({ sort: column, order: view.sort === column && view.order === 'asc' ? 'desc' : 'asc', page: 1 }),
  } as const;
  const count = list.data.count;
  const totalPages = Math.ceil(count / USERS_PAGE_SIZE);

  // Deleting the last row of the last page leaves an empty page: step back to the new last one.
  useEffect(() => {
    if (!list.isStale && page > 1 && page > totalPages) onPageChange(Math.max(1, totalPages));
  }, [list.isStale, page, totalPages, onPageChange]);

  return (
    <PageShell
      title="Users"
      size="xl"
      actions={
        <Group gap="md">
          <Text c="dimmed" aria-live="polite">
            {count === 1 ? '1 employee' : `${count} employees`}
          </Text>
          <DownloadButton download={() => downloadFile(usersEndpoints.exportList, { query: { search: view.search, level: view.level, sort: view.sort, order: view.order } })} />
        </Group>
      }
    >
      <UsersToolbar view={view} onChange={onViewChange} narrow={Boolean(narrow)} />
      <Stack gap="md" aria-busy={list.isFetching || list.isStale} style={{ opacity: list.isStale ? 0.6 : 1 }}>
        {narrow ? <UserCards {...listProps} /> : <UsersTable {...listProps} sorting={sorting} />}
        <Pagination page={page} totalPages={totalPages} onChange={onPageChange} label="Users pages" />
      </Stack>
      <UpdateUserModal user={editing} onClose={() => setEditing(null)} />
      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
      <BonusConfirmModal
        change={confirmingBonus}
        year={bonusYear}
        points={list.data.quarterlyBonusPoints}
        onClose={() => setConfirmingBonus(null)}
        onConfirm={({ user, flags }) => setBonus.mutate({ id: user.id, flags })}
      />
      <ResetMailModal user={confirmingReset} onClose={() => setConfirmingReset(null)} onSend={(user) => sendResetMail.mutate(user.id)} />
    </PageShell>
  );
}
