import { useState } from 'react';

/** The page of a server-paged desk list: which page, how many rows, sorted by which column. */
export interface DeskPage<S extends string> {
  page: number;
  pageSize: number;
  sort: S;
  order: 'asc' | 'desc';
}

/**
 * The state of a list the server pages and sorts: what to ask for, and a reset to the first page
 * when a filter changes (a filter runs over the whole set, so page 7 of the old set means nothing).
 */
export function useDeskPage<S extends string>(sort: S, order: 'asc' | 'desc') {
  const [page, setPage] = useState<DeskPage<S>>({ page: 1, pageSize: 20, sort, order });
  return {
    page,
    setPage,
    firstPage: () => setPage((p) => ({ ...p, page: 1 })),
  };
}
