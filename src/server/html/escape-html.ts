// Escaping text for the HTML the server writes itself: e-mail bodies, the server-rendered page heads, and
// the sandbox's and local mailbox's plain pages. One copy, in a place every module may import.
export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
