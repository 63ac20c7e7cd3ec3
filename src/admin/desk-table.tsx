import { Table, type TableColumnType, type TableProps } from 'antd';

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

/**
 * A back-office list that fits a 1366 px desk: it scrolls sideways inside its card instead of
 * widening the page, pages 20 rows at a time with the total shown, and sorts by any field column.
 */
export function DeskTable<T extends Row>({ columns, pagination, scroll, ...props }: TableProps<T>) {
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
              showTotal: (total, [from, to]) => `${from}–${to} of ${total}`,
              ...pagination,
            }
      }
      columns={withSorters(columns)}
      {...props}
    />
  );
}
