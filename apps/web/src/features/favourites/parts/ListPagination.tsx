import { Center, Pagination } from '@mantine/core';

interface ListPaginationProps {
  page: number;
  pageSize: number;
  totalCount: number;
  onChange(page: number): void;
}

export function ListPagination({ page, pageSize, totalCount, onChange }: ListPaginationProps) {
  const total = Math.ceil(totalCount / Math.max(1, pageSize));
  if (total <= 1) return null;
  return (
    <Center mt="lg">
      <Pagination
        value={page}
        total={total}
        onChange={(next) => {
          onChange(next);
          window.scrollTo({ top: 0 });
        }}
        siblings={1}
        boundaries={1}
      />
    </Center>
  );
}
