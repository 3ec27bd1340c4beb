// The sandbox widget's stylesheet, served as a file (the CSP allows no inline style), with a dark
// and a light theme picked by the page's data-theme, contrast at WCAG AA in both.
export const WIDGET_STYLE = `
:root { color-scheme: dark; --bg: #10141c; --panel: #171d28; --line: #2a3344; --text: #e8ecf3; --muted: #a3adbd;
  --accent: #5b8cff; --accent-text: #0b1020; --good: #3fcf8e; --bad: #ff7a7a; --code: #222a38; }
[data-theme="light"] { color-scheme: light; --bg: #f4f6fa; --panel: #ffffff; --line: #d5dbe5; --text: #141a24;
  --muted: #4d5868; --accent: #2155d6; --accent-text: #ffffff; --good: #11774a; --bad: #b42323; --code: #eef1f6; }
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--bg); color: var(--text);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
.widget { width: 100%; max-width: 440px; margin: 0 auto; padding: 20px 20px 28px; display: grid; gap: 16px; }
.widget > * { min-width: 0; }
header { display: flex; flex-wrap: wrap; gap: 8px; justify-content: space-between; align-items: center; }
.brand { font-weight: 700; letter-spacing: 0.01em; }
.badge { font-size: 12px; padding: 3px 8px; border-radius: 999px; border: 1px solid var(--line); color: var(--muted); }
.summary { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 14px 16px; }
.summary p { margin: 0; }
.label, .fee { color: var(--muted); font-size: 13px; }
.amount { font-size: 28px; font-weight: 700; font-variant-numeric: tabular-nums; }
.receive strong { font-variant-numeric: tabular-nums; }
form { display: grid; gap: 12px; }
.row { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; }
.field { display: grid; gap: 6px; min-width: 0; }
label { font-size: 13px; color: var(--muted); }
input { width: 100%; min-width: 0; min-height: 44px; padding: 10px 12px; border-radius: 10px; border: 1px solid var(--line); background: var(--panel);
  color: var(--text); font: inherit; font-variant-numeric: tabular-nums; }
input:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
input[aria-invalid="true"] { border-color: var(--bad); }
button { min-height: 48px; border: 0; border-radius: 10px; background: var(--accent); color: var(--accent-text);
  font: inherit; font-weight: 700; cursor: pointer; }
button[disabled] { opacity: 0.7; cursor: progress; }
.error { margin: 0; color: var(--bad); font-weight: 600; }
.result { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 16px; }
.result h1 { margin: 0 0 6px; font-size: 20px; }
.result p { margin: 0; }
.result[data-outcome="approved"] h1 { color: var(--good); }
.result[data-outcome="declined"] h1 { color: var(--bad); }
.test-cards { border: 1px dashed var(--line); border-radius: 12px; padding: 12px 16px; color: var(--muted); font-size: 13px; }
.test-cards h2 { margin: 0 0 6px; font-size: 13px; text-transform: uppercase; letter-spacing: 0.06em; }
.test-cards ul { margin: 0 0 6px; padding: 0; list-style: none; display: grid; gap: 4px; }
.test-cards code { background: var(--code); color: var(--text); padding: 1px 6px; border-radius: 6px;
  font-variant-numeric: tabular-nums; }
.test-cards p { margin: 0; }
[hidden] { display: none !important; }
`;
