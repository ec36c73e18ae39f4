import '@testing-library/jest-dom/vitest';
import { loadNamespaces } from './lib/i18n';

// Production loads the on-demand text namespaces before the first page outside the auth screens;
// tests render screens directly, so load them all up front.
await loadNamespaces();
