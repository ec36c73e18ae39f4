// Public API of the documents module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export { readDocument, pdfText, type DocumentMime } from './reader';
export { documentMime } from './service';
