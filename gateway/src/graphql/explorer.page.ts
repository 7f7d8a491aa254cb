import { explorerScript } from './explorer-script.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page a browser gets at `/graphql`: yoga's GraphiQL loads its code from a CDN, which a
 * node on a laptop without network cannot reach, so the page is this self-contained explorer
 * (operations, variables, token, live subscriptions over SSE, the schema's fields).
 */
export function renderExplorerPage(options: { readonly title?: string }): string {
  const title = escapeHtml(options.title ?? 'GraphQL');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { margin: 0; font: 14px system-ui, sans-serif; display: grid; height: 100vh;
  grid-template: auto 1fr / 1fr 1fr 1fr; gap: 8px; padding: 8px; box-sizing: border-box; }
header { grid-column: 1 / 4; display: flex; gap: 8px; align-items: center; }
header input { flex: 1; font: inherit; }
section { display: flex; flex-direction: column; min-height: 0; gap: 4px; }
textarea, pre { flex: 1; margin: 0; font: 13px ui-monospace, monospace; border: 1px solid #bbb;
  padding: 6px; overflow: auto; white-space: pre; }
#variables { flex: 0 0 6em; }
</style></head>
<body>
<header><strong>${title}</strong>
<input id="token" placeholder="access token (JWT)" aria-label="access token">
<button id="run">Run (Ctrl+Enter)</button><button id="stop">Stop</button>
<span id="status" role="status"></span></header>
<section><label for="query">Operation</label><textarea id="query" spellcheck="false"></textarea>
<label for="variables">Variables</label><textarea id="variables" spellcheck="false"></textarea></section>
<section><span>Result</span><pre id="result" aria-live="polite"></pre></section>
<section><span>Schema</span><pre id="schema">loading…</pre></section>
<script>${explorerScript}</script>
</body></html>`;
}
