// The import kit: every file import screen (vendors, bills, employees, bulk payments, meters) is
// written with these parts: upload with the template, the checked rows with their errors, fixing a
// row, confirm all, discard. kit-usage.test.ts refuses a feature's own uploader or rows table.
export {
  ImportUploadCard,
  SPREADSHEET_ACCEPT,
  SPREADSHEET_OR_XLS_ACCEPT,
  downloadTemplate,
  type ImportTemplate,
  type TemplateFormat,
} from './upload-card';
export {
  ImportErrorTable,
  ImportRowErrors,
  ImportSummaryTable,
  ImportTable,
  type ImportColumn,
  type ImportInlineFix,
  type ImportRowBase,
  type ImportRowFix,
} from './import-table';
export {
  ImportActions,
  ImportFixModal,
  ImportPage,
  ImportProgress,
  importBatchGate,
  type ImportFixField,
} from './import-parts';
