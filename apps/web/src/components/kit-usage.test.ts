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

/** Each `<Button …>` opening tag of a source, braces and strings skipped (an arrow's `=>` does not end it). */
const buttonTags = (source: string): string[] =>
  [...source.matchAll(/<Button\b/g)].map((m) => {
    let depth = 0;
    let quote: string | null = null;
    for (let i = m.index + 7; i < source.length; i++) {
      const c = source[i]!;
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || (depth > 0 && (c === "'" || c === '`'))) quote = c;
      else if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0) return source.slice(m.index, i + 1);
    }
    return source.slice(m.index);
  });

/** A Button's styling outside the one hierarchy (app/theme.ts): any `color=`, any other variant. */
const offHierarchy = (tag: string): string[] => {
  const level = /^'(primary|secondary|subtle|danger)'$|^"(primary|secondary|subtle|danger)"$/;
  const styles = [...tag.matchAll(/\s(variant|color)=("[^"]*"|\{[^}]*\})/g)];
  return styles
    .filter(([, prop, value]) => {
      if (prop === 'color') return true;
      const literals = value!.startsWith('"') ? [value!] : (value!.match(/'[^']*'|"[^"]*"/g) ?? ['?']);
      return !literals.every((l) => level.test(l));
    })
    .map(([style]) => style!.trim());
};

// Every area is on the button hierarchy and the form grid (issue 37) but marketing, which lays out its
// own public pages.
const ON_HIERARCHY = /^(?!marketing\/)/;

describe('the web kit is used everywhere', () => {
  it('every Button names a level of the one hierarchy: primary, secondary, subtle or danger', () => {
    const adHoc = [...sources(FEATURES), ...sources(join(__dirname))]
      .filter((path) => path.startsWith(__dirname) || ON_HIERARCHY.test(relative(FEATURES, path)))
      .flatMap((path) =>
        buttonTags(readFileSync(path, 'utf8')).flatMap((tag) =>
          offHierarchy(tag).map((style) => `${relative(join(__dirname, '..'), path)}: ${style}`),
        ),
      );
    expect(adHoc).toEqual([]);
  });

  it('forms go one column on a phone: fields side by side only in FormGrid', () => {
    // a `Group grow` row keeps its fields side by side at 390 px (label-and-value grids may stay two wide)
    const squeezed = offenders(/<Group grow\b/, (path) => ON_HIERARCHY.test(relative(FEATURES, path)));
    expect(squeezed).toEqual([]);
  });

  it('the hierarchy rule catches a colour, an unknown variant and a conditional one', () => {
    const tags = buttonTags(
      '<Button onClick={() => go()} variant="light">a</Button><Button color="red">b</Button>' +
        "<Button variant={on ? 'filled' : 'subtle'}>c</Button><Button variant={on ? 'danger' : 'secondary'}>d</Button>",
    );
    expect(tags.map(offHierarchy)).toEqual([
      ['variant="light"'],
      ['color="red"'],
      ["variant={on ? 'filled' : 'subtle'}"],
      [],
    ]);
  });

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
