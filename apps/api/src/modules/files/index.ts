// Public API of the files module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export { findAccountFiles, storeUpload } from './service';
