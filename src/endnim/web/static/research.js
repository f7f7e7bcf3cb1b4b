// endnim workbench: the research on the page (issue 42). Rows a·w·b and their periods
// (GET /api/periodicity), proved with a certificate or observed, and the atlas of a rule set
// (GET /api/atlas). Uses app.js's helpers: api, el, $, state, shortRow.
"use strict";

const ATLAS_RULES = ["endnim", "misere", "misere-conway", "loop", "muller"]; // shipped proofs
const ROW_SVG_NS = "http://www.w3.org/2000/svg";
const rowState = { shown: null, request: 0, atlasFor: null, atlas: null };

function rowName(a, word) {
  return `${a}·${word.length ? `${word.join("·")}·` : ""}b`;
}

function checkedText(row, variant) {
  // one line: what the certificate's checker verifies (docs/atlas.md, "Proofs")
  if (variant === "muller") {
    return "Checked: the row is constant from its preperiod on, as the certificate's finite facts show for Muller End-Nim's rows (endnim periodicity --check verifies it).";
  }
  return "Checked: from a column b₁ on, the row's state (its mex and its values above it) repeats " +
    "shifted by the period, and every shorter row it meets is proved (End-Nim's recurrence; " +
    "Dress–Flammenkamp–Pink, Landman); endnim periodicity --check verifies the certificate.";
}

function rowSvg(tag, attributes, text) {
  const node = document.createElementNS(ROW_SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function rowChart(row, markB) {
  // values as b grows: the preperiod shaded, one period marked, the position's b outlined
  const values = row.values.map(Number);
  const n = values.length;
  const width = 640;
  const height = 240;
  const left = 44;
  const right = 12;
  const top = 40;
  const bottom = 36;
  const high = Math.max(1, ...values);
  const sx = (b) => left + (b / Math.max(1, n - 1)) * (width - left - right);
  const sy = (v) => top + (1 - v / high) * (height - top - bottom);
  const svg = rowSvg("svg", { id: "row-chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    "aria-label": `values of ${rowName(row.a, row.word)} for b = 0..${n - 1}` });
  const step = (sx(1) - sx(0)) / 2;
  if (row.preperiod !== null) {
    const pre = Math.min(row.preperiod, n - 1);
    svg.append(rowSvg("rect", { class: "preperiod", x: left, y: top, width: Math.max(0, sx(pre) - step - left), height: height - top - bottom }));
    svg.append(rowSvg("text", { x: left + 4, y: 12, class: "row-label" }, `grey: the preperiod, b < ${row.preperiod}`));
    const end = row.preperiod + row.period;
    if (end <= n) {
      svg.append(rowSvg("rect", { class: "one-period", x: sx(row.preperiod) - step, y: top, width: Math.max(2, sx(end - 1) - sx(row.preperiod) + 2 * step), height: height - top - bottom },));
      svg.append(rowSvg("text", { x: sx(row.preperiod), y: top - 8, class: "row-label period-label" },
        `one period: b = ${row.preperiod}..${end - 1}${row.saltus ? `, then +${row.saltus}` : ""}`));
    } else {
      svg.append(rowSvg("text", { x: left + 4, y: top - 8, class: "row-label period-label" }, `period ${row.period}: longer than the columns shown`));
    }
  }
  svg.append(rowSvg("line", { x1: left, y1: height - bottom, x2: width - right, y2: height - bottom, class: "axis" }));
  svg.append(rowSvg("line", { x1: left, y1: top, x2: left, y2: height - bottom, class: "axis" }));
  const tickEvery = Math.max(1, Math.ceil(n / 16 / 4) * 4);
  for (let b = 0; b < n; b += tickEvery) {
    svg.append(rowSvg("text", { x: sx(b), y: height - bottom + 14, "text-anchor": "middle", class: "tick" }, String(b)));
  }
  svg.append(rowSvg("text", { x: (left + width - right) / 2, y: height - 4, "text-anchor": "middle", class: "axis-title" }, "b (the last pile) →"));
  for (const v of [0, Math.round(high / 2), high]) {
    svg.append(rowSvg("text", { x: left - 6, y: sy(v) + 4, "text-anchor": "end", class: "tick" }, String(v)));
  }
  svg.append(rowSvg("text", { x: 4, y: top - 8, class: "axis-title" }, "G"));
  const points = values.map((v, b) => `${sx(b).toFixed(1)},${sy(v).toFixed(1)}`).join(" ");
  svg.append(rowSvg("polyline", { points, class: "row-line" }));
  values.forEach((v, b) => {
    const dot = rowSvg("circle", { cx: sx(b).toFixed(1), cy: sy(v).toFixed(1), r: n > 200 ? 1.2 : 2.5,
      class: `row-dot${b === markB ? " here" : ""}`, "data-b": b });
    dot.append(rowSvg("title", {}, `G(${rowName(row.a, row.word).replace("b", String(b))}) = ${v}`));
    svg.append(dot);
  });
  return svg;
}

function renderRow(row, variant, markB) {
  const name = rowName(row.a, row.word);
  const title = state.variants[variant] ? state.variants[variant].title : variant;
  const parts = [el("h3", { id: "row-name", text: `Row ${name} of ${title}` })];
  if (row.period === null) {
    parts.push(el("p", { id: "row-law", class: "row-law", text: "No period seen." }));
  } else {
    const law = row.saltus === 0 ? `G(b + ${row.period}) = G(b)` : `G(b + ${row.period}) = G(b) + ${row.saltus}`;
    parts.push(el("p", { id: "row-law", class: "row-law" },
      el("strong", { text: `preperiod ${row.preperiod}, period ${row.period}, saltus ${row.saltus}` }),
      `: ${law} for every b ≥ ${row.preperiod}.`));
  }
  if (row.proved) {
    const href = `/api/certificate?${new URLSearchParams({ path: row.certificate })}`;
    parts.push(el("p", { id: "row-status", class: "row-status proved", "data-proved": "true" },
      el("span", { class: "badge proved", text: "proved" }), " ",
      el("a", { id: "row-certificate", href, download: row.certificate.split("/").slice(-2).join("-"), text: `certificate ${row.certificate}` }),
      el("br"), el("span", { class: "muted", id: "row-checked", text: checkedText(row, variant) })));
  } else {
    parts.push(el("p", { id: "row-status", class: "row-status observed", "data-proved": "false" },
      el("span", { class: "badge observed", text: "observed" }), " ",
      el("span", { id: "row-why-not", text: `not proved: ${row.why_not}` })));
  }
  const box = el("div", { class: "row-chart-box" }, rowChart(row, markB));
  parts.push(box);
  parts.push(el("p", { class: "hint-line", text: `G(${name}) for b = 0..${row.values.length - 1} (b = 0: the row without its last pile). ` +
    "Grey: the preperiod; the band: one period, which repeats from there on, shifted up by the saltus." +
    (markB !== null ? ` The ringed dot: the position's b = ${markB}.` : "") }));
  $("row-out").replaceChildren(...parts);
}

async function showRow(a, middle, markB = null) {
  // the row a·w·b of the rule set shown
  $("row-a").value = a;
  $("row-middle").value = middle;
  const variant = state.variant;
  const request = ++rowState.request;
  $("row-out").setAttribute("aria-busy", "true");
  showError("", "row-error");
  try {
    const row = await api("GET", "/api/periodicity", { variant, middle, a });
    if (request !== rowState.request) return;
    rowState.shown = { row, variant };
    renderRow(row, variant, markB);
    $("row-card").dataset.row = `${variant} ${a} ${middle}`;
  } catch (error) {
    if (request !== rowState.request) return;
    showError(error.message, "row-error");
  } finally {
    $("row-out").removeAttribute("aria-busy");
  }
}

function rowOfPosition() {
  // a = the first pile, w = the piles between the ends, b = the last pile
  const piles = state.piles.filter((p) => p !== "+");
  if (piles.includes("+") || state.piles.includes("+")) { showError("a sum has no row: pick one summand", "row-error"); return; }
  if (piles.length < 2) { showError("a row a·w·b needs two piles at least", "row-error"); return; }
  const b = piles[piles.length - 1];
  showRow(piles[0], piles.slice(1, -1).join(" "), b.length < 7 ? Number(b) : null);
}

function syncRowCard() {
  // rows of impartial rule sets of piles in a row (partizan rows have outcome classes)
  const info = state.variants[state.variant];
  const fits = Boolean(info) && info.impartial && info.family === "row";
  $("row-card").hidden = !fits;
  $("position-row").hidden = !fits;
  $("position-row").parentElement.hidden = !fits;
  const atlas = ATLAS_RULES.includes(state.variant);
  $("atlas").hidden = !atlas;
  if (rowState.shown && rowState.shown.variant !== state.variant) {
    rowState.shown = null;
    $("row-out").replaceChildren();
  }
  if (rowState.atlasFor !== state.variant) {
    rowState.atlasFor = null;
    $("atlas-out").replaceChildren();
    $("atlas").open = false;
    $("atlas-summary").textContent = "The atlas of this rule set: which rows a ≤ 32 are proved, which open and why";
  }
}

async function showAtlas() {
  const variant = state.variant;
  if (!$("atlas").open || rowState.atlasFor === variant || !ATLAS_RULES.includes(variant)) return;
  rowState.atlasFor = variant;
  try {
    const atlas = await api("GET", "/api/atlas", { variant });
    if (state.variant !== variant) return;
    renderAtlas(atlas);
  } catch (error) {
    rowState.atlasFor = null;
    $("atlas-out").replaceChildren(el("p", { class: "error inline", text: error.message }));
  }
}

function renderAtlas(atlas) {
  const title = state.variants[atlas.variant] ? state.variants[atlas.variant].title : atlas.variant;
  $("atlas-summary").textContent = `The atlas of ${title}: ${atlas.proved.toLocaleString("en")} of ${atlas.rows.toLocaleString("en")} rows proved, ${atlas.open.toLocaleString("en")} open`;
  const reasons = el("ul", { class: "atlas-reasons" }, ...Object.entries(atlas.why_not).slice(0, 8).map(([why, count]) =>
    el("li", {}, el("strong", { text: String(count) }), ` open: ${why}`)));
  const table = el("table", { id: "atlas-table", class: "atlas-table" },
    el("thead", {}, el("tr", {}, ...["table", "proved", "open", "largest period", "open rows", ""].map((h) => el("th", { text: h })))));
  const body = el("tbody");
  for (const t of atlas.tables) {
    const w = t.word.join(" ");
    body.append(el("tr", { "data-word": w, class: t.open ? "has-open" : "" },
      el("td", {}, el("code", { text: rowName("a", t.word) })),
      el("td", { text: `${t.proved}/${t.rows}` }),
      el("td", { text: String(t.open) }),
      el("td", { text: t.largest_period === null ? "–" : String(t.largest_period) }),
      el("td", { class: "open-rows", text: t.open_rows.length ? shortRow(t.open_rows.join(" "), 30) : "" }),
      el("td", {}, el("button", { type: "button", class: "example", title: `show row ${t.open_rows[0] || 1} of this table`,
        onclick: () => showRow(String(t.open_rows[0] || 1), w) }, t.open ? "first open row" : "row 1"))));
  }
  table.append(body);
  $("atlas-out").replaceChildren(
    el("p", { class: "hint-line", text: `Every table a·w·b of the shipped atlas (data/atlas/proofs-${atlas.variant}.json), rows a = 1..32; why the open rows are open:` }),
    reasons, el("div", { class: "atlas-scroll" }, table));
}

$("row-form").addEventListener("submit", (event) => {
  event.preventDefault();
  showRow($("row-a").value.trim(), $("row-middle").value.trim());
});
$("row-from-position").addEventListener("click", rowOfPosition);
$("position-row").addEventListener("click", () => {
  rowOfPosition();
  $("row-card").scrollIntoView({ block: "start" });
});
$("atlas").addEventListener("toggle", showAtlas);
window.showRow = showRow;
window.syncRowCard = syncRowCard;
syncRowCard.call(null);
