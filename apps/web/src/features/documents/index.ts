// Document capture (issue 39 §1): what other features use to read a receipt or an invoice.
export { extractDocument } from './api';
export {
  checkText,
  confidenceOf,
  documentValues,
  useScanMarks,
  type DocumentBank,
  type DocumentValues,
  type FilledFields,
  type ScanMarks,
} from './fill';
export { ScanDocumentButton, documentFileProblem } from './components/scan-document-button';
export { ScanNotice } from './components/scan-notice';
