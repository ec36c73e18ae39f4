// A Vite plugin for the web build: every top-level `const x = <call>` of @owo/contract (the zod
// schemas, `z.object(...)`) becomes `const x = /* @__PURE__ */ (() => <call>)()`, so the bundler
// drops the schemas a page does not use. The package is `"sideEffects": false` already, but a
// module kept for one constant kept every schema in it (and zod with them): ~25 KB gzip on the
// dashboard (issue 38 §3). The contract's modules have no top-level side effects (src/README.md).
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

function declarations(statement: Node): Node[] {
  const decl =
    statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
  return decl?.type === 'VariableDeclaration' ? (decl.declarations as Node[]) : [];
}

export function pureContract(): Plugin {
  return {
    name: 'owo:pure-contract',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT.test(id.split('?')[0])) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const s = new MagicString(code);
      for (const statement of program.body)
        for (const d of declarations(statement)) {
          const init = d.init as Node | null;
          if (init?.type !== 'CallExpression') continue;
          s.prependLeft(init.start, '/* @__PURE__ */ (() => ');
          s.appendRight(init.end, ')()');
        }
      return s.hasChanged() ? { code: s.toString(), map: s.generateMap({ hires: true }) } : null;
    },
  };
}
