// What other features may use from categories.
export { useCategories, categoryKeys } from './api';
export { CategorySelect } from './category-select';
