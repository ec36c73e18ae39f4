import { Anchor, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An uploaded file, opened in a new tab through the API (`GET /api/files/{name}`: the member's
 * company is checked there, and the file comes back under the name it was uploaded with).
 */
export function FileLink(props: { fileName: string; children: ReactNode }) {
  return (
    <Anchor href={`/api/files/${encodeURIComponent(props.fileName)}`} target="_blank" rel="noreferrer">
      {props.children}
    </Anchor>
  );
}

/** Several files as links in a row, named by `label` (the stored names are not for people). */
export function FileLinks(props: { files: { fileName: string }[]; label: (index: number) => string }) {
  if (!props.files.length) return null;
  return (
    <Group gap="sm">
      {props.files.map((f, i) => (
        <FileLink key={f.fileName} fileName={f.fileName}>
          {props.label(i)}
        </FileLink>
      ))}
    </Group>
  );
}

/** Labels for `count` files of one kind: "Receipt", or "Receipt 1", "Receipt 2"… when there are several. */
export const numberedLabel = (name: string, count: number) => (i: number) =>
  count > 1 ? `${name} ${i + 1}` : name;
