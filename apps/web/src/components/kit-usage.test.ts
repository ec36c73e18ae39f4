import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = join(__dirname, '..', 'features');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
const offenders = (pattern: RegExp, only: (path: string) => boolean = () => true) =>
  sources(FEATURES)
    .filter((path) => only(path) && pattern.test(readFileSync(path, 'utf8')))
    .map((path) => relative(FEATURES, path));

describe('the web kit is used everywhere', () => {
  it('no area defines its own status badge: StatusBadge has the one colour map', () => {
    expect(offenders(/function \w*(Status|State)Badge\b|const \w*(Status|State)Badge\s*=/)).toEqual([]);
  });

  it('every page title is a PageHeader: no screen writes its own <Title order={1|2}>', () => {
    // The public site (marketing) lays out its own hero and section headings.
    const exempt = [/^marketing\//];
    expect(offenders(/<Title\s+order=\{[12]\}/).filter((f) => !exempt.some((e) => e.test(f)))).toEqual([]);
  });

  it('no area defines its own label-and-value Field: DetailField is the one', () => {
    expect(offenders(/function Field\b|const Field\s*=/)).toEqual([]);
  });

  it('no area writes its own import uploader, rows table or fix dialog: the import kit is the one', () => {
    // a spreadsheet `accept` list or a template download by hand, a row test id or a "Fix row" by hand
    const ownImport =
      /\.csv[^'"`\n]*\.xlsx|fetchFile\([^)]*template|data-testid=\{`(import|failed)-row-|`Fix row |function \w*Import\w*(Table|Upload\w*|Card|Modal)\b/;
    expect(offenders(ownImport)).toEqual([]);
  });

  it('no routes.tsx defines its own page() helper or guards a screen by hand: guardedRoute is the one', () => {
    // a local `page`/`settingsPage`/`billPage`, or a screen wrapped in a guard (an `<Outlet />` layout may be)
    const ownRoute =
      /(function|const) \w*[pP]age\b\s*[=(]|<RequirePermission[^>]*>\s*<(?!Outlet)\w+\s*\/>|<AreaGuard[^>]*>\s*<\w*Screen\b/;
    expect(offenders(ownRoute, (path) => path.endsWith('routes.tsx'))).toEqual([]);
  });

  it('every paged list uses the list kit: no area imports Mantine Pagination for itself', () => {
    // ListBody (skeleton, error, empty) and ListPagination are the one way a list pages
    expect(offenders(/import \{[^}]*\bPagination\b[^}]*\} from '@mantine\/core'/)).toEqual([]);
  });

  it('every bank picker is BankSelect: no area maps the banks list into a Select of its own', () => {
    expect(
      offenders(
        /<Select\b[^>]*label="Bank"|\.map\(\(\w+\) => \(\{ value: \w+\.code, label: \w+\.name \}\)\)/,
      ),
    ).toEqual([]);
  });

  it('every account-name lookup is useAccountLookup (shown with AccountNameCheck)', () => {
    // a lookup of its own: the validate call by hand, or a hook asking for `{ accountName }` itself
    const ownLookup =
      /payout\/local\/validate|validateAccount\(|function use(AccountLookup|ResolvedName)\b|get<\{ accountName: string \}>/;
    expect(offenders(ownLookup)).toEqual([]);
  });
});
