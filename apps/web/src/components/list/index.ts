// The list kit: every list screen is written with these parts (docs/web.md "Lists and
// date fields"); transactions is the example.
export { FilterBar, DAY_PRESETS, draftToFilters, type FilterGroup } from './filter-bar';
export { ListBody, ListPagination, ListSkeleton, NoData } from './list-body';
export { listQuery, csvQuery, DEFAULT_PAGE_SIZE, type ListFilters } from './list-query';
export { useListState } from './use-list-state';
export { AddFundsButton, ExportCsvButton, useCanAddFunds } from './toolbar-buttons';
export { RowCards, usePhone, SMALL_SCREEN_QUERY, type RowCard } from './phone-cards';
