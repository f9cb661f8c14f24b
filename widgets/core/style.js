// necro widget toolkit, the toolkit's CSS (widgets/core/style.js).
// One part of the toolkit: necro/widget/assets.py concatenates widgets/core/*.js in the
// order it lists (TOOLKIT) into one module, so every part sees the others' names.

const CSS = `
.necro-w { /* JupyterLab's theme, else the book theme's (pydata), else light defaults */
  --necro-fg: var(--jp-ui-font-color1, var(--pst-color-text-base, #1b1b1b));
  --necro-bg: var(--jp-layout-color1, var(--pst-color-background, #fff));
  --necro-muted: var(--jp-ui-font-color2, var(--pst-color-text-muted, #555));
  --necro-line: var(--jp-border-color1, var(--pst-color-border, #8a8a8a));
  --necro-soft: var(--jp-layout-color2, var(--pst-color-surface, #f1f1ee));
  --necro-accent: var(--jp-brand-color1, var(--pst-color-link, #0b5cad)); --necro-warn: var(--jp-warn-color0, #b34d00);
  color: var(--necro-fg); background: var(--necro-bg); font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
  border: 1px solid var(--necro-line); border-radius: 6px; padding: 8px; max-width: 960px; box-sizing: border-box; }
.necro-w * { box-sizing: border-box; }
.necro-w [hidden] { display: none !important; }
.necro-w button { font: inherit; color: var(--necro-fg); background: var(--necro-soft); border: 1px solid var(--necro-line);
  border-radius: 4px; padding: 3px 9px; margin: 2px; cursor: pointer; min-height: 28px; }
.necro-w button:hover:not(:disabled) { border-color: var(--necro-accent); }
.necro-w button:disabled { opacity: .45; cursor: not-allowed; }
.necro-w button:focus-visible, .necro-w select:focus-visible, .necro-w textarea:focus-visible,
.necro-w a:focus-visible, .necro-w summary:focus-visible, .necro-w [tabindex]:focus-visible {
  outline: 3px solid var(--necro-accent); outline-offset: 2px; }
.necro-w .necro-top { display: flex; gap: 8px; align-items: baseline; justify-content: space-between; flex-wrap: wrap;
  border-bottom: 1px solid var(--necro-line); padding-bottom: 4px; margin-bottom: 6px; }
.necro-w .necro-status { font-weight: 600; }
.necro-w .necro-mode { font-size: 12px; color: var(--necro-muted); border: 1px dashed var(--necro-line);
  border-radius: 10px; padding: 0 8px; }
.necro-w[data-mode=browser] .necro-mode { border-style: solid; border-color: var(--necro-accent); color: var(--necro-accent); }
.necro-w .necro-engine-note { font-size: 12px; color: var(--necro-muted); margin: -2px 0 6px; }
.necro-w .necro-main { display: flex; flex-wrap: wrap; gap: 10px; }
.necro-w .necro-board { flex: 3 1 320px; min-width: 0; overflow-x: auto; }
.necro-w .necro-side { flex: 2 1 240px; min-width: 0; }
.necro-w h4 { font-size: 13px; margin: 6px 0 2px; text-transform: uppercase; letter-spacing: .04em; color: var(--necro-muted); }
.necro-w .necro-actions { display: flex; flex-wrap: wrap; max-height: 220px; overflow-y: auto;
  scrollbar-gutter: stable; /* a scrollbar that comes and goes would re-wrap the buttons in a loop */ }
.necro-w .necro-actions button.necro-hot { border: 2px solid var(--necro-accent); text-decoration: underline; }
.necro-w .necro-actions button .necro-p { color: var(--necro-muted); font-size: 12px; margin-left: 4px; }
.necro-w .necro-preview { min-height: 2.8em; font-size: 13px; color: var(--necro-muted); }
.necro-w .necro-error:not(:empty) { border: 2px solid var(--necro-warn); border-left-width: 6px; padding: 4px 6px;
  margin: 4px 0; border-radius: 4px; }
.necro-w .necro-error:not(:empty)::before { content: "Refused: "; font-weight: 700; color: var(--necro-warn); }
.necro-w .necro-error.necro-board-error:not(:empty)::before { content: "Board problem: "; }
.necro-w .necro-note:not(:empty) { border: 1px dashed var(--necro-line); border-left: 6px double var(--necro-accent);
  padding: 4px 6px; margin: 4px 0; border-radius: 4px; }
.necro-w .necro-controls { display: flex; flex-wrap: wrap; align-items: center; gap: 2px; margin-top: 4px; }
.necro-w .necro-seat-label { display: block; width: 100%; margin-top: 4px; }
.necro-w select { display: block; width: 100%; font: inherit; color: var(--necro-fg); background: var(--necro-bg); border: 1px solid var(--necro-line);
  border-radius: 4px; padding: 2px 4px; max-width: 100%; }
.necro-w details { margin-top: 6px; border-top: 1px solid var(--necro-line); padding-top: 2px; }
.necro-w summary { cursor: pointer; font-weight: 600; font-size: 13px; }
.necro-w .necro-log { max-height: 200px; overflow-y: auto; margin: 2px 0; padding-left: 0; list-style: none; font-size: 13px; }
.necro-w .necro-log li { padding: 1px 0; border-bottom: 1px dotted var(--necro-line); }
.necro-w .necro-log .necro-step { font-variant-numeric: tabular-nums; color: var(--necro-muted); margin-right: 4px; }
.necro-w .necro-log .necro-why { color: var(--necro-muted); font-size: 12px; }
.necro-w .necro-log a { color: var(--necro-accent); }
.necro-w table { margin: 0; }
.necro-w .necro-insight { margin: 4px 0; border: 1px solid var(--necro-line); border-radius: 4px; padding: 4px 6px;
  background: var(--necro-soft); }
.necro-w .necro-insight-title { font-weight: 600; font-size: 13px; }
.necro-w .necro-insight-scroll { overflow-x: auto; }
.necro-w .necro-insight table { border-collapse: collapse; font-size: 12px; width: 100%; }
.necro-w .necro-insight th, .necro-w .necro-insight td { border-bottom: 1px solid var(--necro-line); padding: 2px 3px;
  text-align: left; vertical-align: top; }
.necro-w .necro-insight td { font-variant-numeric: tabular-nums; }
.necro-w .necro-insight p { margin: 2px 0 0; font-size: 12px; color: var(--necro-muted); }
.necro-w code { color: inherit; background: none; padding: 0; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
.necro-w textarea { width: 100%; font: 12px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; color: var(--necro-fg);
  background: var(--necro-bg); border: 1px solid var(--necro-line); border-radius: 4px; }
.necro-w .necro-link input { width: 100%; font: 12px ui-monospace, "DejaVu Sans Mono", monospace; color: var(--necro-fg);
  background: var(--necro-bg); border: 1px solid var(--necro-line); border-radius: 4px; padding: 2px 4px; }
.necro-w .necro-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.necro-w .necro-edit { border: 1px solid var(--necro-accent); border-radius: 4px; padding: 4px 6px; margin: 4px 0; }
.necro-w .necro-edit label { display: block; margin: 3px 0; }
.necro-w .necro-edit input[type=number] { width: 7em; font: inherit; color: var(--necro-fg); background: var(--necro-bg);
  border: 1px solid var(--necro-line); border-radius: 4px; }
.necro-w .necro-edit .necro-edit-pending { border-left: 6px solid var(--necro-accent); padding-left: 6px; font-weight: 600; }
.necro-w .necro-edit-pick[aria-pressed=true] { border: 2px solid var(--necro-accent); }
.necro-w[data-editing="1"] .necro-board [data-edit] { cursor: pointer; }
.necro-w .necro-thinking::after { content: " (the computer is thinking...)"; font-weight: 400; font-style: italic; }
.necro-w .necro-working::after { content: " (working...)"; font-weight: 400; font-style: italic; }
`;

function injectStyle() {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement("style");
  style.id = STYLE_ID;
  style.textContent = CSS;
  document.head.append(style);
}
