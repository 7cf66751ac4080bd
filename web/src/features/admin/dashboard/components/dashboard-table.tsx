/**
 * A view's figures as a table, the accessible alternative to its chart, and the same cells as CSV: the
 * export is built from exactly what the table shows, so the two always agree.
 */
import { Button, Table } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ScrollableTable } from '../../../../ui/scrollable-table';

export interface TableColumn<R> {
  label: string;
  cell: (row: R) => string | number;
  /** Right-aligned (figures). */
  numeric?: boolean;
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[";\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The table's header and cells as CSV (semicolons, as Italian spreadsheets expect). */
export const tableCsv = <R,>(columns: readonly TableColumn<R>[], rows: readonly R[]) =>
  [
    columns.map((column) => csvCell(column.label)),
    ...rows.map((row) => columns.map((column) => csvCell(column.cell(row)))),
  ]
    .map((line) => line.join(';'))
    .join('\r\n');

const download = (fileName: string, text: string) => {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

export function CsvButton<R>({
  columns,
  rows,
  fileName,
}: {
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  fileName: string;
}) {
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => download(`${fileName}.csv`, tableCsv(columns, rows))}
      disabled={rows.length === 0}
    >
      Esporta CSV
    </Button>
  );
}

export function DashboardTable<R>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
}) {
  return (
    <ScrollableTable minWidth={560} label={caption}>
      <Table striped highlightOnHover withTableBorder>
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, padding: '4px 0' }}>
          {caption}
        </caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} scope="col" ta={column.numeric ? 'right' : 'left'}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.label} ta={column.numeric ? 'right' : 'left'}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}
