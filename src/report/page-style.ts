/**
 * The HTML report's style sheet: system fonts, light and dark schemes (by
 * `prefers-color-scheme`), charts in two columns on wide screens and one on
 * narrow ones, and the table as stacked cards below 720 px, so nothing is
 * wider than the screen at 400 px.
 */
export const pageStyle = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --panel: #f6f8fa;
  --bar: #2f6fba; --others: #8c959f; --link: #0b5cad; --bad: #b42318; --ok: #1a7f37; --mark: #fff3bf; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9da7b3; --line: #30363d; --panel: #161b22;
    --bar: #58a6ff; --others: #6e7681; --link: #79b8ff; --bad: #ff7b72; --ok: #56d364; --mark: #3d2f00; }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 1200px; padding: 16px; background: var(--bg); color: var(--fg);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin: 0 0 4px; }
h2 { font-size: 1.2rem; margin: 28px 0 10px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 1rem; margin: 16px 0 6px; }
a { color: var(--link); }
code, .u, .alt, .cut, .ctx, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 0.88em; }
.muted, .subtitle { color: var(--muted); }
.totals { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 10px; margin: 16px 0; padding: 0; }
.totals div { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; }
.totals dt { color: var(--muted); font-size: 0.85rem; }
.totals dd { margin: 0; font-size: 1.35rem; font-weight: 600; font-variant-numeric: tabular-nums; }
.note { background: var(--panel); border-left: 4px solid var(--bar); padding: 8px 12px; margin: 12px 0; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 460px), 1fr)); gap: 16px 28px; }
.chart { margin: 0; min-width: 0; }
.chart figcaption { font-weight: 600; margin-bottom: 6px; }
svg.bars { display: block; overflow: visible; }
svg.bars text { fill: var(--fg); font-size: 12.5px; }
svg.bars text.value { fill: var(--muted); font-variant-numeric: tabular-nums; }
svg.bars rect.bar { fill: var(--bar); }
svg.bars .others rect.bar { fill: var(--others); }
svg.bars a:focus { outline: none; }
svg.bars a:focus rect.bar, svg.bars a:hover rect.bar { fill: var(--link); stroke: var(--fg); stroke-width: 1; }
details { margin: 8px 0; }
summary { cursor: pointer; font-weight: 600; }
ul.look { margin: 6px 0; padding-left: 20px; }
ul.look li { margin: 4px 0; }
.controls { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: flex-end; margin: 8px 0; }
.controls label { display: flex; flex-direction: column; font-size: 0.85rem; color: var(--muted); flex: 1 1 150px; min-width: 0; }
.controls input, .controls select, button { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 5px; padding: 4px 8px; min-width: 0; }
button { cursor: pointer; background: var(--panel); }
button:disabled { cursor: default; opacity: 0.5; }
:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
th { background: var(--panel); font-size: 0.85rem; }
th button { border: none; background: none; padding: 0; font-weight: 600; color: var(--fg); }
th[aria-sort="ascending"] button::after { content: " ▲"; }
th[aria-sort="descending"] button::after { content: " ▼"; }
col.c-url { width: 33%; } col.c-host { width: 14%; } col.c-scheme { width: 7%; } col.c-num { width: 7%; } col.c-places { width: 23%; } col.c-valid { width: 9%; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td .alt, td .cut { color: var(--bad); }
td .ctx { color: var(--muted); margin-top: 2px; }
td .kind, td .msg, td .more { color: var(--muted); font-size: 0.85em; }
td .ok { color: var(--ok); }
td .bad { color: var(--bad); font-weight: 600; }
td .err { font-size: 0.85em; }
.pager { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 10px 0; }
#table-status { flex: 1 1 260px; }
.noscript-only { display: block; }
body.scripted .noscript-only { display: none; }
@media (max-width: 720px) {
  body { padding: 10px; font-size: 14px; }
  table, thead, tbody, tr, td { display: block; width: 100%; }
  colgroup { display: none; }
  thead tr { display: flex; flex-wrap: wrap; gap: 4px 12px; }
  thead th { border: none; background: none; padding: 2px 0; }
  tr { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; padding: 4px 0; }
  td { border: none; padding: 3px 10px; }
  td.num { text-align: left; }
  td::before { content: attr(data-label) ": "; color: var(--muted); font-size: 0.85em; }
  td.url::before { content: none; }
}
`;
