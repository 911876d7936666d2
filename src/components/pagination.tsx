import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';

/** docs/product-rules.md#page-sizes-and-pagination: page numbers are shown in windows of 8. */
export const PAGE_WINDOW = 8;

/** The window of page numbers that holds `page`: 1-8, 9-16, ... cut at `totalPages`. */
export const pageWindow = (page: number, totalPages: number, size = PAGE_WINDOW) => {
  const start = Math.floor((page - 1) / size) * size + 1;
  const end = Math.min(totalPages, start + size - 1);
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, index) => start + index);
};

export type PaginationProps = { page: number; totalPages: number; onChange: (page: number) => void; label?: string };

/**
 * Shared pager: previous/next page, previous/next window of 8, and the current window's numbers.
 * Hidden when everything fits on one page.
 */
export function Pagination({ page, totalPages, onChange, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const numbers = pageWindow(page, totalPages);
  const first = numbers[0] ?? 1;
  const last = numbers.at(-1) ?? 1;
  return (
    <Group component="nav" aria-label={label} gap={4} justify="center" wrap="nowrap">
      {/* On phones the window jumps give way, so one line holds arrows and eight numbers. */}
      <ActionIcon visibleFrom="xs" variant="default" size={30} aria-label="Previous 8 pages" disabled={first === 1} onClick={() => onChange(Math.max(1, first - PAGE_WINDOW))}>
        <IconChevronsLeft size={16} />
      </ActionIcon>
      <ActionIcon variant="default" size={30} aria-label="Previous page" disabled={page === 1} onClick={() => onChange(page - 1)}>
        <IconChevronLeft size={16} />
      </ActionIcon>
      {numbers.map((number) => (
        <Button
          key={number}
          variant={number === page ? 'filled' : 'default'}
          size="compact-sm"
          h={30}
          miw={30}
          px={6}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onChange(number)}
        >
          {number}
        </Button>
      ))}
      <ActionIcon variant="default" size={30} aria-label="Next page" disabled={page === totalPages} onClick={() => onChange(page + 1)}>
        <IconChevronRight size={16} />
      </ActionIcon>
      <ActionIcon visibleFrom="xs" variant="default" size={30} aria-label="Next 8 pages" disabled={last === totalPages} onClick={() => onChange(last + 1)}>
        <IconChevronsRight size={16} />
      </ActionIcon>
    </Group>
  );
}
