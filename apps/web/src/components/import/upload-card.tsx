// The upload step of every file import: the screen's own fields (a bulk payment's name and wallet),
// the template's columns and downloads, the file, and "Upload and check". The server reads and
// checks the file; nothing is written until the user confirms the checked rows.
import { Alert, Button, Card, FileInput, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { fetchFile, saveBlob } from '../../lib/files';
import { toastError } from '../../lib/toast';

export type TemplateFormat = 'csv' | 'xlsx';

/**
 * The template the server serves at `path`: one download per format (`?format=csv|xlsx`), or, for
 * a single-format template, one "Download template" without the query.
 */
export type ImportTemplate = { path: string; name: string; formats?: readonly TemplateFormat[] };

export const SPREADSHEET_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** For an import whose server also reads the older Excel format. */
export const SPREADSHEET_OR_XLS_ACCEPT = '.csv,.xlsx,.xls';

export async function downloadTemplate(t: ImportTemplate, format: TemplateFormat) {
  const single = (t.formats ?? []).length === 1;
  try {
    const { blob, filename } = await fetchFile(t.path, {
      query: single ? undefined : { format },
      accept: '*/*',
      fallbackName: `${t.name}.${format}`,
    });
    saveBlob(blob, filename);
  } catch (e) {
    toastError((e as Error).message);
  }
}

export function ImportUploadCard(props: {
  /** The template's columns, shown as `Columns: a, b, c`. */
  columns?: readonly string[];
  /** More about the columns (or, without `columns`, all there is to say about them). */
  help?: ReactNode;
  template?: ImportTemplate;
  /** The heading of the template notes ("Use the template"). */
  templateTitle?: string;
  /** The screen's own fields, above the file. */
  children?: ReactNode;
  fileLabel?: string;
  filePlaceholder?: string;
  accept?: string;
  fileTestId?: string;
  /** A check before anything is sent (size, extension): its message blocks the upload. */
  checkFile?: (file: File) => string | null;
  onFileChange?: (file: File | null) => void;
  /** The server's refusal of the file. */
  error?: string;
  uploading: boolean;
  uploadLabel?: string;
  /** The server answers a missing file itself (with the screen's other fields' errors). */
  fileOptional?: boolean;
  onUpload: (file: File | null) => void;
  onCancel?: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const pick = (f: File | null) => {
    setFile(f);
    setCheckError(f && props.checkFile ? props.checkFile(f) : null);
    props.onFileChange?.(f);
  };
  const notes = props.columns || props.help || props.template;
  return (
    <Card maw={720}>
      <Stack>
        {props.children}
        {notes && (
          <TemplateNotes
            title={props.templateTitle}
            columns={props.columns}
            help={props.help}
            template={props.template}
          />
        )}
        <FileInput
          label={props.fileLabel ?? 'File (CSV or xlsx, up to 2 MB)'}
          placeholder={props.filePlaceholder ?? 'Choose a file'}
          accept={props.accept ?? SPREADSHEET_ACCEPT}
          value={file}
          onChange={pick}
          error={checkError ?? props.error}
          clearable
          data-testid={props.fileTestId}
        />
        <Group justify="flex-end">
          {props.onCancel && (
            <Button variant="secondary" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
          <Button
            disabled={(!file && !props.fileOptional) || !!checkError}
            loading={props.uploading}
            onClick={() => props.onUpload(file)}
          >
            {props.uploadLabel ?? 'Upload and check'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The template's columns, more about them, and its downloads. */
function TemplateNotes(props: {
  title?: string;
  columns?: readonly string[];
  help?: ReactNode;
  template?: ImportTemplate;
}) {
  const { template } = props;
  const formats = template?.formats ?? (['csv', 'xlsx'] as const);
  return (
    <Alert color="teal" variant="light" title={props.title}>
      <Stack gap="xs">
        {props.columns && (
          <Text size="sm">
            Columns: <code>{props.columns.join(', ')}</code>
          </Text>
        )}
        {props.help}
        {template && (
          <Group gap="xs">
            {formats.map((f) => (
              <Button
                key={f}
                size="xs"
                variant="secondary"
                onClick={() => void downloadTemplate(template, f)}
              >
                {formats.length === 1 ? 'Download template' : `Download ${f === 'csv' ? 'CSV' : f} template`}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
