// The built stylesheet as the server picks a page's own part of it (issue 52, docs/decisions/009 "Styles inline"):
// each style rule with the classes it needs, so that a rendered page carries inline only the rules its own classes
// can match, and the rest comes after its largest paint. Parsed here, once per build, so the server needs no CSS
// parser: per page it only compares class names (modules/pages/page-css.ts).
import postcss, { type ChildNode, type Container } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import type { CssPiece } from '../../src/server/modules/pages/page-css.ts';

/**
 * The classes a selector needs on the page to match anything: one list per selector of a list (any one may match).
 * Only the classes a compound names itself count: one inside `:not()`, `:where()` or `:is()` may be absent, so the rule
 * is kept without it. An empty list (`html`, `:root`, `[data-pending]`) matches whatever the page's classes.
 */
function neededClasses(selector: string): string[][] {
  const alternatives: string[][] = [];
  selectorParser((selectors) => {
    selectors.each((one) => {
      const classes = new Set<string>();
      one.walkClasses((node) => {
        for (let up = node.parent; up && up !== one; up = up.parent)
          if (up.type === 'pseudo') return;
        classes.add(node.value);
      });
      alternatives.push([...classes]);
    });
  }).processSync(selector);
  return alternatives;
}

/** At-rules around style rules, kept when one of those is. */
const GROUPS = new Set(['layer', 'media', 'supports', 'container']);

function pieces(container: Container<ChildNode>): CssPiece[] {
  const out: CssPiece[] = [];
  container.each((node) => {
    if (node.type === 'comment') return;
    if (node.type === 'rule') {
      const when = neededClasses(node.selector);
      // A selector that may match without any class is kept on every page (as far as its classes go).
      const always = when.some((classes) => classes.length === 0);
      const props = node.nodes.map((d) =>
        d.type === 'decl' && d.prop.startsWith('--') ? d : null,
      );
      if (props.length > 0 && props.every((d) => d !== null))
        out.push({
          selector: node.selector,
          props: props.map((d) => [d.prop, d.toString()]),
          ...(always ? {} : { when }),
        });
      else out.push(always ? node.toString() : { rule: node.toString(), when });
      return;
    }
    if (node.type === 'atrule' && node.name === 'property') {
      out.push({ property: node.params, rule: node.toString() });
      return;
    }
    if (node.type === 'atrule' && node.nodes && GROUPS.has(node.name)) {
      out.push({
        open: `@${node.name}${node.raws.afterName ?? ' '}${node.params}`,
        body: pieces(node),
      });
      return;
    }
    // @keyframes, @property, @layer statements: kept as they are.
    out.push(node.toString() + (node.type === 'atrule' && !node.nodes ? ';' : ''));
  });
  return out;
}

/** The stylesheet (as Vite built it, minified) split into pieces the server can pick from. */
export function pageCssPieces(css: string): CssPiece[] {
  return pieces(postcss.parse(css));
}
