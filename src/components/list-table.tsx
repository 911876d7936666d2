import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSideScrollHint } from '../lib/use-side-scroll-hint';
import { SideScrollHint } from './side-scroll-hint';

type Props = {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  /** Columns of numbers: right-aligned headers (their cells align themselves with `ta="right"`). */
  numericColumns?: readonly string[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** Said in the one row of an empty table. */
  emptyText: string;
  /** One `<Table.Tr>` per row; none shows `emptyText`. */
  rows: ReactNode[];
  striped?: boolean;
  highlightOnHover?: boolean;
  nowrap?: boolean;
};

/**
 * The app's plain list table: header, rows, and a dimmed line when there are none. Narrower than
 * `minWidth` it scrolls sideways (a focusable region, so keyboards can scroll it) and says so.
 */
export function ListTable({
  label,
  columns,
  numericColumns = [],
  minWidth,
  emptyText,
  rows,
  striped = true,
  highlightOnHover = true,
  nowrap = true,
}: Props) {
  const [moreColumns, sideScroller] = useSideScrollHint<HTMLDivElement>();
  return (
    <>
      <Table.ScrollContainer ref={sideScroller} minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={`${label} table`}>
        <Table
          striped={striped}
          highlightOnHover={highlightOnHover}
          verticalSpacing="xs"
          aria-label={label}
          style={nowrap ? { whiteSpace: 'nowrap' } : undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column} style={numericColumns.includes(column) ? { textAlign: 'right' } : undefined}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" size="sm">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SideScrollHint shown={moreColumns} />
    </>
  );
}
