import type { ReactNode } from 'react';

export interface TableProps<T> {
  /** The table's accessible name, when no caption gives it one. */
  label?: string;
  /** A `<caption>` element, shown or visually hidden as the screen wants. */
  caption?: ReactNode;
  className?: string;
  /** The column headings, left to right. */
  columns: readonly ReactNode[];
  rows: readonly T[];
  /** One `<tr>` (with its key) per row. */
  row: (item: T) => ReactNode;
  /** Shown instead of the table when there are no rows; without it an empty table shows its headings. */
  empty?: ReactNode;
}

/** A table of records under one row of column headings: the admin and creator lists, the charts' data tables. */
export function Table<T>({ label, caption, className, columns, rows, row, empty }: TableProps<T>) {
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  return (
    <table aria-label={label} className={className}>
      {caption}
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th key={i} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows.map((item) => row(item))}</tbody>
    </table>
  );
}
