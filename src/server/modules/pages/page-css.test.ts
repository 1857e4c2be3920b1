// What a rendered page keeps of the stylesheet, on CSS shaped as Tailwind builds it. That the kept rules draw a page
// exactly as the whole stylesheet does is checked in Chromium, on every public page (e2e/page-css.spec.ts).
import { describe, expect, it } from 'vitest';
import { pageCssPieces } from '../../../../scripts/build/page-css.ts';
import { pageCss } from './page-css.ts';

const stylesheet = [
  '@layer theme{:root,:host{--color-red-50:#fef2f2;--color-primary:var(--primary);--spacing:.25rem}}',
  '@layer base{*,:after,:before{box-sizing:border-box}h1{font-size:inherit}}',
  '@layer utilities{',
  '.flex{display:flex}.grid{display:grid}',
  '.bg-red-50{background-color:var(--color-red-50)}',
  '.text-primary{color:var(--color-primary)}',
  '.mt-2{margin-top:calc(var(--spacing) * 2)}',
  '.shadow-sm{--tw-shadow:0 1px 3px 0 #0000001a;box-shadow:var(--tw-shadow)}',
  '.a,.b{color:red}',
  ':where(.space-y-2>:not(:last-child)){margin-block-start:8px}',
  '.group-hover\\:underline:is(:where(.group):hover *){text-decoration-line:underline}',
  '.\\[\\&_li\\]\\:ml-5 li{margin-left:20px}',
  '.not-\\[\\.x\\]\\:flex:not(.x){display:flex}',
  '@media (min-width:40rem){.sm\\:grid{display:grid}.sm\\:flex{display:flex}}',
  '@media (min-width:64rem){.lg\\:flex{display:flex}}',
  '.dark\\:bg-red-50:where(.dark,.dark *){background-color:var(--color-red-50)}',
  '}',
  ':root{--primary:#4338ca;--unused:1px}.dark{--primary:#818cf8}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');
const pieces = pageCssPieces(stylesheet);
const cssOf = (html: string) => pageCss(pieces, html);

describe('a rendered page keeps the rules its classes can match', () => {
  it('keeps a utility the page uses and drops one it does not', () => {
    const css = cssOf('<div class="flex"><h1>Hi</h1></div>');
    expect(css).toContain('.flex{display:flex}');
    expect(css).not.toContain('.grid{');
    // Rules that need no class (the reset, the elements) and keyframes stay on every page.
    expect(css).toContain('*,:after,:before{box-sizing:border-box}');
    expect(css).toContain('h1{font-size:inherit}');
    expect(css).toContain('@keyframes spin');
  });

  it('keeps an at-rule only around what it keeps, and variants by their own class', () => {
    const css = cssOf('<div class="sm:flex"></div>');
    expect(css).toContain('@media (min-width:40rem){.sm\\:flex{display:flex}}');
    expect(css).not.toContain('.sm\\:grid');
    expect(css).not.toContain('64rem');
  });

  it('keeps a rule of a selector list when the page has any one of them', () => {
    expect(cssOf('<p class="b"></p>')).toContain('.a,.b{color:red}');
    expect(cssOf('<p class="c"></p>')).not.toContain('.a,.b');
  });

  it('does not need a class named inside :where(), :is() or :not() to keep a rule', () => {
    const css = cssOf('<ul class="group-hover:underline not-[.x]:flex"></ul>');
    expect(css).toContain(':where(.space-y-2>:not(:last-child))');
    expect(css).toContain('.group-hover\\:underline:is(:where(.group):hover *)');
    expect(css).toContain('.not-\\[\\.x\\]\\:flex:not(.x)');
  });

  it('reads class names as the renderer escapes them in attributes', () => {
    expect(cssOf('<ul class="[&amp;_li]:ml-5"></ul>')).toContain('.\\[\\&_li\\]\\:ml-5 li{');
    expect(cssOf('<ul class="ml-5"></ul>')).not.toContain('ml-5 li{');
  });

  it("keeps the dark theme's rules, whose class the theme script adds before the first paint", () => {
    const css = cssOf('<p class="dark:bg-red-50 text-primary"></p>');
    expect(css).toContain('.dark{--primary:#818cf8}');
    expect(css).toContain('.dark\\:bg-red-50:where(.dark,.dark *)');
    expect(css).toContain('--color-red-50:#fef2f2');
  });

  it('keeps a custom property a kept rule names, and what its value names in turn; no other', () => {
    const css = cssOf('<p class="text-primary mt-2"></p>');
    expect(css).toContain('--color-primary:var(--primary)');
    expect(css).toContain(':root{--primary:#4338ca}');
    expect(css).toContain('--spacing:.25rem');
    expect(css).not.toContain('--color-red-50');
    expect(css).not.toContain('--unused');
    // Nothing of the theme but what is named: an @property nobody names goes too.
    expect(css).not.toContain('--tw-shadow');
    expect(cssOf('<p class="shadow-sm"></p>')).toContain('@property --tw-shadow{');
    expect(cssOf('<p class="shadow-sm"></p>')).not.toContain('--tw-ring-shadow');
  });

  it('keeps a custom property named by the markup itself (an inline style, the loader)', () => {
    expect(cssOf('<p style="color:var(--color-red-50)"></p>')).toContain('--color-red-50:#fef2f2');
  });

  it('keeps the rules in the order of the stylesheet', () => {
    const css = cssOf('<p class="flex grid sm:grid sm:flex lg:flex"></p>');
    const at = (text: string) => css.indexOf(text);
    expect(at('.flex{')).toBeLessThan(at('.grid{'));
    expect(at('.grid{')).toBeLessThan(at('.sm\\:grid{'));
    expect(at('.sm\\:grid{')).toBeLessThan(at('.sm\\:flex{'));
    expect(at('.sm\\:flex{')).toBeLessThan(at('.lg\\:flex{'));
  });
});
