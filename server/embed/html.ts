/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * JSON for a `<script type="application/json">` block: no catalogue text can close the element
 * or open a comment (`<`, `>`, `&` become \u escapes), and U+2028/2029 cannot break a parser
 * that treats the text as script (ARCHITECTURE.md §4).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A small, readable page for answers that are not the widget (errors, 404s). */
export function messagePage(title: string, message: string, lang = 'en'): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><style>body{margin:0;font:14px/19px system-ui,sans-serif;background:#181818;color:#fff;display:flex;align-items:center;justify-content:center;height:100vh;text-align:center}h1{font-size:16px;margin:0 0 8px}p{margin:0;color:#b3b3b3}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}
