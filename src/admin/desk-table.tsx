import { Table, type TableColumnType, type TableProps } from 'antd';
import type { DeskPage } from './desk-paging';

type Row = object;

/** Orders two cell values: numbers by size, anything else as text (dates are ISO, so text order is time order). */
export function compareCells(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
  if (b === null || b === undefined) return 1;
  return String(a).localeCompare(String(b), 'en', { numeric: true });
}

/** Every column with a `dataIndex` and no sorter of its own sorts by that field. */
function withSorters<T extends Row>(columns: TableProps<T>['columns']): TableProps<T>['columns'] {
  return columns?.map((column) => {
    const { dataIndex, sorter } = column as TableColumnType<T>;
    if (sorter !== undefined || typeof dataIndex !== 'string') return column;
    return {
      ...column,
      sorter: (a: T, b: T) =>
        compareCells((a as Record<string, unknown>)[dataIndex], (b as Record<string, unknown>)[dataIndex]),
    };
  });
}

/** Only the columns the server sorts by offer sorting, showing the order the server used. */
function withServerSorters<T extends Row, S extends string>(
  columns: TableProps<T>['columns'],
  { sort, order }: DeskPage<S>,
  sorts: readonly S[],
): TableProps<T>['columns'] {
  return columns?.map((column) => {
    const { dataIndex } = column as TableColumnType<T>;
    if (typeof dataIndex !== 'string' || !sorts.includes(dataIndex as S)) return { ...column, sorter: false };
    return { ...column, sorter: true, sortOrder: dataIndex === sort ? (order === 'asc' ? 'ascend' : 'descend') : null };
  });
}

/** A list the server pages and sorts: the page asked for, the total it answered, and what to do on a change. */
export interface ServerPaging<S extends string> {
  page: DeskPage<S>;
  total: number;
  sorts: readonly S[];
  onChange: (page: DeskPage<S>) => void;
}

/**
 * A back-office list that fits a 1366 px desk: it scrolls sideways inside its card instead of
 * widening the page, pages 20 rows at a time with the total shown, and sorts by any field column.
 * With `server`, the server pages and sorts: the total is the whole filtered set's.
 */
export function DeskTable<T extends Row, S extends string = string>({
  columns,
  pagination,
  scroll,
  server,
  ...props
}: TableProps<T> & { server?: ServerPaging<S> }) {
  const showTotal = (total: number, [from, to]: [number, number]) => `${from}–${to} of ${total}`;
  if (server) {
    const { page, total, sorts, onChange } = server;
    return (
      <Table<T>
        size="middle"
        scroll={{ x: 'max-content', ...scroll }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          hideOnSinglePage: false,
          showTotal,
        }}
        onChange={(p, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = typeof one?.field === 'string' && sorts.includes(one.field as S) ? (one.field as S) : null;
          const pageSize = p.pageSize ?? page.pageSize;
          const sorted = field && one?.order ? { sort: field, order: one.order === 'ascend' ? 'asc' : 'desc' } : {};
          const resorted = field !== null && (field !== page.sort || sorted.order !== page.order);
          onChange({
            ...page,
            ...(sorted as Partial<DeskPage<S>>),
            pageSize,
            page: resorted || pageSize !== page.pageSize ? 1 : (p.current ?? 1),
          });
        }}
        columns={withServerSorters(columns, page, sorts)}
        {...props}
      />
    );
  }
  return (
    <Table<T>
      size="middle"
      scroll={{ x: 'max-content', ...scroll }}
      pagination={
        pagination === false
          ? false
          : {
              pageSize: 20,
              showSizeChanger: true,
              hideOnSinglePage: false,
              showTotal,
              ...pagination,
            }
      }
      columns={withSorters(columns)}
      {...props}
    />
  );
}
