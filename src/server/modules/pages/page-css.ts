// A rendered page's own part of the stylesheet (issue 52, docs/decisions/009 "Styles inline"). The whole of it inline
// made every document 20 KB compressed, two round trips of a new connection on a slow link before the first paint;
// a page's own rules are a few KB. The build splits the stylesheet into pieces with what each needs
// (scripts/build/page-css.ts, dist/client/page-css.json); here a page keeps the pieces its classes can match, and the
// loader adds the whole stylesheet after the largest paint, before the app runs (app/boot/load-app.ts): what the app
// draws then may use any class.
import fs from 'node:fs';

/** A piece of the stylesheet. */
export type CssPiece =
  /** Kept on every page. */
  | string
  /** A style rule, kept when the page has every class of one of the lists. */
  | { rule: string; when: string[][] }
  /** An at-rule around pieces, kept when any of them is. */
  | { open: string; body: CssPiece[] }
  /** A rule of custom properties only (the theme's colours, Tailwind's defaults): each kept when a kept piece names it. */
  | { selector: string; props: [name: string, declaration: string][]; when?: string[][] }
  /** An @property, kept when a kept piece names its property. */
  | { property: string; rule: string };

/** Beside index.html in the client build: the built stylesheet's address, and its pieces. */
export const PAGE_CSS_FILE = 'page-css.json';

export type PageCssFile = { href: string; pieces: CssPiece[] };

/**
 * Classes a page may have before the app runs without the server writing them: index.html's theme script puts `dark`
 * on <html> before the first paint.
 */
const ADDED_BEFORE_THE_APP = ['dark'];

/** The style element of a page whose HTML is `html`: its own rules, and the whole stylesheet's address for the loader. */
export type PageStyle = (html: string) => string;

export function loadPageCss(file: string): PageStyle | null {
  if (!fs.existsSync(file)) return null;
  const { href, pieces } = JSON.parse(fs.readFileSync(file, 'utf8')) as PageCssFile;
  return (html) => `<style data-rest="${href}">${pageCss(pieces, html)}</style>`;
}

/** The pieces a page whose markup is `html` needs, as CSS. */
export function pageCss(pieces: CssPiece[], html: string): string {
  const classes = classesOf(html);
  const matches = (when: string[][] | undefined) =>
    !when || when.some((needed) => needed.every((c) => classes.has(c)));
  // The custom properties the page's rules (and its inline styles) name, and those their kept values name in turn.
  const named = propertiesIn(html, new Set());
  propertiesIn(emit(pieces, matches, null), named);
  const declared = pieces.flatMap(function props(piece): [string, string][] {
    if (typeof piece === 'string' || 'rule' in piece) return [];
    if ('open' in piece) return piece.body.flatMap(props);
    return matches(piece.when) ? piece.props : [];
  });
  for (let before = -1; before !== named.size;) {
    before = named.size;
    for (const [name, declaration] of declared)
      if (named.has(name)) propertiesIn(declaration, named);
  }
  return emit(pieces, matches, named);
}

/** The CSS of the kept pieces; with `named` null, without custom properties and @property (what names them). */
function emit(
  pieces: CssPiece[],
  matches: (when?: string[][]) => boolean,
  named: Set<string> | null,
): string {
  let out = '';
  for (const piece of pieces) {
    if (typeof piece === 'string') out += piece;
    else if ('open' in piece) {
      const body = emit(piece.body, matches, named);
      if (body) out += `${piece.open}{${body}}`;
    } else if ('when' in piece && 'rule' in piece) out += matches(piece.when) ? piece.rule : '';
    // What is left names custom properties: none yet while the names are being gathered.
    else if (!named) continue;
    else if ('property' in piece) out += named.has(piece.property) ? piece.rule : '';
    else if (matches(piece.when)) {
      const kept = piece.props.filter(([name]) => named.has(name)).map(([, d]) => d);
      if (kept.length) out += `${piece.selector}{${kept.join(';')}}`;
    }
  }
  return out;
}

function propertiesIn(text: string, into: Set<string>): Set<string> {
  for (const [name] of text.matchAll(/--[\w-]+/g)) into.add(name);
  return into;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
};

/** Every class named in the page's markup (attribute values as the renderer escapes them). */
function classesOf(html: string): Set<string> {
  const classes = new Set(ADDED_BEFORE_THE_APP);
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of value!
      .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ENTITIES[e]!)
      .split(/\s+/))
      if (name) classes.add(name);
  return classes;
}
