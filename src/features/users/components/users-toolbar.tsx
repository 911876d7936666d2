import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { levels, type LevelOfCompetition } from '../../../api/contract/common';
import { userSortColumns, type UserSort } from '../../../api/contract/users';
import { useUrlSearchBox } from '../../../lib/use-url-search-box';
import type { UsersView } from '../users-view';

const sortLabels: Record<UserSort, string> = { lastName: 'Last name', firstName: 'First name', email: 'Email', gender: 'Gender', levelOfCompetition: 'Level of competition' };

type Props = {
  view: UsersView;
  /** `replace`: typing replaces the history entry instead of adding one per key. */
  onChange: (next: Partial<UsersView>, options?: { replace?: boolean }) => void;
  narrow: boolean;
};

/** Search (debounced, `/` focuses it), level filter, and on phones the sort the table headers give on desktops. */
export function UsersToolbar({ view, onChange, narrow }: Props) {
  // Typing replaces the history entry instead of adding one per pause.
  const { inputRef, text, onType, clear } = useUrlSearchBox(view.search, (search) => onChange({ search, page: 1 }, { replace: true }));

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        ref={inputRef}
        label="Search employees"
        placeholder="Name or e-mail  ( / )"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={onType}
        rightSection={
          text ? (
            <CloseButton
              aria-label="Clear search"
              onClick={() => {
                clear();
                onChange({ search: undefined, page: 1 });
              }}
            />
          ) : null
        }
        style={{ flex: '1 1 240px' }}
        maxLength={100}
      />
      <Select
        label="Level of competition"
        placeholder="All levels"
        data={levels as unknown as string[]}
        value={view.level ?? null}
        onChange={(value) => onChange({ level: (value as LevelOfCompetition | null) ?? undefined, page: 1 })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      {narrow && (
        <Select
          label="Sort by"
          data={userSortColumns.flatMap((column) => [
            { value: `${column}:asc`, label: `${sortLabels[column]} (A-Z)` },
            { value: `${column}:desc`, label: `${sortLabels[column]} (Z-A)` },
          ])}
          value={`${view.sort}:${view.order}`}
          onChange={(value) => {
            if (!value) return;
            const [sort, order] = value.split(':') as [UserSort, 'asc' | 'desc'];
            onChange({ sort, order, page: 1 });
          }}
          allowDeselect={false}
          w="100%"
        />
      )}
    </Group>
  );
}
