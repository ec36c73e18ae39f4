// The screens' parts shared by every file import (vendors, bills): upload with template downloads,
// the per-row error table, and the summary table. The server keeps the batch; screens keep its id
// in the URL (`?batch=`), so a reload shows the same batch and nothing is written until confirmed.
import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { fetchFile, saveBlob } from '../lib/files';
import { toastError } from '../lib/toast';

/** `accountNumber` → `account number`. */
const fieldLabel = (f: string) => f.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

export type ImportRowBase = { row: number; errors: { field: string; message: string }[] };

export function ImportUploadCard(props: {
  title: string;
  description: React.ReactNode;
  templatePath: string;
  templateName: string;
  columns: readonly string[];
  uploading: boolean;
  error?: string;
  onUpload: (file: File) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const download = async (format: 'csv' | 'xlsx') => {
    try {
      const { blob, filename } = await fetchFile(props.templatePath, {
        query: { format },
        accept: '*/*',
        fallbackName: `${props.templateName}.${format}`,
      });
      saveBlob(blob, filename);
    } catch (e) {
      toastError((e as Error).message);
    }
  };
  return (
    <Card maw={720}>
      <Stack>
        <div>
          <Title order={3}>{props.title}</Title>
          <Text c="dimmed" size="sm">
            {props.description}
          </Text>
        </div>
        <Alert color="teal" variant="light" title="Use the template">
          <Stack gap="xs">
            <Text size="sm">
              Columns: <code>{props.columns.join(', ')}</code>
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => void download('csv')}>
                Download CSV template
              </Button>
              <Button size="xs" variant="default" onClick={() => void download('xlsx')}>
                Download xlsx template
              </Button>
            </Group>
          </Stack>
        </Alert>
        <FileInput
          label="File (CSV or xlsx, up to 2 MB)"
          placeholder="Choose a file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={setFile}
          error={props.error}
          clearable
        />
        <Group justify="flex-end">
          <Button disabled={!file} loading={props.uploading} onClick={() => file && props.onUpload(file)}>
            Upload and check
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Rows with errors: spreadsheet row number, the field and the message. */
export function ImportErrorTable<R extends ImportRowBase>(props: {
  rows: R[];
  describe: (r: R) => React.ReactNode;
}) {
  const bad = props.rows.filter((r) => r.errors.length);
  return (
    <Card padding={0}>
      <ScrollArea>
        <Table data-testid="import-errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Row</Table.Th>
              <Table.Th>Entry</Table.Th>
              <Table.Th>Errors</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bad.map((r) => (
              <Table.Tr key={r.row}>
                <Table.Td>{r.row}</Table.Td>
                <Table.Td>{props.describe(r)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {r.errors.map((e, i) => (
                      <Text key={i} size="sm" c="red.7">
                        <Badge size="xs" variant="light" color="red" mr={6} tt="none">
                          {fieldLabel(e.field)}
                        </Badge>
                        {e.message}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}

/** The valid rows about to be written, column by column. */
export function ImportSummaryTable<R extends ImportRowBase>(props: {
  rows: R[];
  columns: { label: string; value: (r: R) => React.ReactNode }[];
}) {
  return (
    <Card padding={0}>
      <ScrollArea>
        <Table data-testid="import-summary">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Row</Table.Th>
              {props.columns.map((c) => (
                <Table.Th key={c.label}>{c.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((r) => (
              <Table.Tr key={r.row}>
                <Table.Td>{r.row}</Table.Td>
                {props.columns.map((c) => (
                  <Table.Td key={c.label}>{c.value(r)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
