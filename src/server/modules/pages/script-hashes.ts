// CSP hashes of inline scripts: the script-src sources ('sha256-…') that allow exactly these scripts and no other.
import { createHash } from 'node:crypto';

export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Every inline script of a page (the theme and loader scripts of the built index.html), by hash. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    scriptHash(m[1]!),
  );
}
