import { Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Pagination } from '../../../components/pagination';
import { SideScrollHint } from '../../../components/side-scroll-hint';
import { useSideScrollHint } from '../../../lib/use-side-scroll-hint';

export type PagedColumn<T> = { header: string; cell: (row: T, index: number) => ReactNode; align?: 'right' | 'center'; nowrap?: boolean };

type Props<T> = {
  label: string;
  columns: PagedColumn<T>[];
  rows: T[];
  count: number;
  page: number;
  pageSize: number;
  /** Another page is on its way: these rows stay, dimmed. */
  fetching: boolean;
  emptyText: string;
  onPageChange: (page: number) => void;
};

/** A numbered, paged list of one kind of row (the workouts tabs): '#' counts across pages. */
export function PagedTable<T extends { id: number }>({
  label,
  columns,
  rows,
  count,
  page,
  pageSize,
  fetching,
  emptyText,
  onPageChange,
}: Props<T>) {
  const [moreColumns, sideScroller] = useSideScrollHint<HTMLDivElement>();
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="md" aria-busy={fetching} style={{ opacity: fetching ? 0.7 : 1 }}>
      <Table.ScrollContainer ref={sideScroller} minWidth={300} type="native" tabIndex={0} role="region" aria-label={`${label} table`}>
        <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.header} ta={column.align}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.id}>
                <Table.Td c="dimmed">{(page - 1) * pageSize + index + 1}</Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.header} ta={column.align} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {column.cell(row, index)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SideScrollHint shown={moreColumns} mt={-8} />
      <Pagination page={page} totalPages={Math.ceil(count / pageSize)} onChange={onPageChange} label={`${label} pages`} />
    </Stack>
  );
}
