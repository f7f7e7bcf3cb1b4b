// endnim workbench: plain JavaScript, no build step, no libraries.
// Talks to the JSON API of the same server (see /api/openapi.json).
"use strict";

const OUTCOME_WORDS = {
  P: "the previous player (who just moved) wins",
  N: "the next player (the player to move) wins",
  L: "Left wins, whoever moves first",
  R: "Right wins, whoever moves first",
};
// Colours come from the server's one palette (GET /api/palette, endnim.palette), read at start.
let PARTIZAN_COLOURS = {};
let GRUNDY_STOPS = [];
let PALETTE = null;
let SYMBOLS = []; // the letters reasons use and their meanings (GET /api/symbols, endnim.web.words)

function applyPalette(palette) {
  PALETTE = palette;
  PARTIZAN_COLOURS = palette.outcomes;
  GRUNDY_STOPS = palette.grundy_stops;
  const root = document.documentElement.style;
  for (const [name, colour] of Object.entries(palette.outcomes)) {
    root.setProperty(`--outcome-${name}`, colour);
    root.setProperty(`--outcome-${name}-text`, palette.outcome_text[name]);
  }
  root.setProperty("--win", palette.moves.win);
  root.setProperty("--lose", palette.moves.lose);
  root.setProperty("--win-back", palette.moves.win + "22");
  root.setProperty("--lose-back", palette.moves.lose + "22");
}

const DEFAULT_VARIANT = "endnim"; // what a link without a variant names
const state = {
  variants: {},
  variant: DEFAULT_VARIANT,
  piles: ["3", "3", "3", "2"], // decimal strings: exact at any size
  depth: 0, // historyDepth() of the entry shown (a pasted link's entry is one deeper)
  game: null,
  view: null, // a game's ply shown while looking back (null: its last position)
  cgsuite: null, // a game in CGSuite's notation shown in the value card ({3|-1}), or null
  redo: [], // the moves Undo took back, last first: Redo plays them again
  request: 0,
  moves: null,
  hintMove: null,
  table: null,
  graph: null, // the graph view's position (graph.js): {labels, edges, colours?, homes?}
  layout: null, // its vertex coordinates
  selected: null, // {kind: "vertex" | "edge", index}
  pendingEdge: null, // a vertex waiting to be joined to the next one clicked
};

const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------ the API
function parseJSON(text) {
  // Keep integers beyond 2**53 exact (as strings), where the browser gives the source text.
  return JSON.parse(text, function (key, value, context) {
    if (typeof value === "number" && !Number.isSafeInteger(value) && context &&
        typeof context.source === "string" && /^-?\d+$/.test(context.source)) {
      return context.source;
    }
    return value;
  });
}

async function api(method, path, params, body) {
  let url = path;
  if (params) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== null && value !== undefined) query.set(key, String(value));
    }
    const text = query.toString();
    if (text) url += "?" + text;
  }
  const options = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const text = await response.text();
  let data = null;
  try { data = parseJSON(text); } catch (error) { data = null; }
  if (!response.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail
      : `${response.status} ${response.statusText}`;
    const error = new Error(detail);
    error.status = response.status;
    throw error;
  }
  return data;
}

function showError(message, id = "error") {
  // Each place has its own message box (the position, the move box, the table, the link):
  // a message is cleared when what it was about is fixed, not left beside a good answer.
  const box = $(id);
  box.textContent = message;
  box.hidden = !message;
}

function updateScrollCue(boxId, cueId) {
  // Wider than the screen (a table on a phone, a long game): say that it scrolls.
  const box = $(boxId);
  const cue = $(cueId);
  if (!box || !cue) return;
  const scrolls = box.scrollWidth > box.clientWidth + 1;
  cue.hidden = !scrolls;
  box.classList.toggle("scrolls", scrolls);
}

window.addEventListener("resize", () => {
  updateScrollCue("table", "table-cue");
  updateScrollCue("value-chart-box", "value-chart-cue");
});

function markStale(why, { editor = false } = {}) {
  // The analysis (and, for a row that cannot be read, the bars) belongs to no position now:
  // nothing of the previous position is left beside the error.
  state.request += 1; // overtakes a refresh in flight
  state.moves = null;
  setBusy(false);
  const outcome = $("outcome");
  outcome.textContent = "·";
  outcome.className = "outcome";
  $("outcome-words").textContent = why;
  for (const id of ["grundy", "remoteness", "winning", "method"]) $(id).textContent = "–";
  $("reason").replaceChildren();
  $("notes").replaceChildren();
  $("symbols").replaceChildren();
  $("thresholds").hidden = $("thresholds-label").hidden = true;
  $("moves").replaceChildren();
  $("moves").dataset.position = "";
  $("moves-caption").textContent = why;
  $("value-out").replaceChildren();
  for (const id of ["analysis-card", "moves-card"]) $(id).classList.add("stale");
  if (editor && !isGraphView()) {
    $("editor").replaceChildren(el("p", { class: "hint-line stale-note", text: why }));
  }
}

function setBusy(on) { $("busy").hidden = !on; }

// ------------------------------------------------------------------ helpers
const isPartizan = () => { const info = state.variants[state.variant]; return !!info && !info.impartial; };
const positionText = () => (isGraphView() ? (state.graph ? graphText(state.graph) : "") : state.piles.join(" "));
// the box: a graph typed in a notation keeps it (3(1 2), cycle: 0 3 1) until the graph changes;
// the page sends its JSON (positionText) and shows the JSON of a drawn or edited graph
const boxText = () => (isGraphView() && state.graph && state.graphTyped && state.graphTyped.json === graphText(state.graph)
  ? state.graphTyped.text : positionText());
const sideName = (side) => (side === "L" ? "Left" : "Right");
// A sum A + B + ...: state.piles holds "+" between the summands; a game of a sum stays a sum when
// one summand is left (the API is then asked with sum=true).
const isSumView = () => !isGraphView() && (state.piles.includes("+") || Boolean(state.game && state.game.summands));
const sumFlag = () => (state.game && state.game.summands ? "true" : null);
function summandsOf(piles) {
  const parts = [[]];
  for (const pile of piles) { if (pile === "+") parts.push([]); else parts[parts.length - 1].push(pile); }
  return parts;
}

function bigCount(count) {
  // a count of any size in a line that fits: 1,234 or about 3.1 × 10^199
  const digits = String(count);
  if (digits.length <= 15) return Number(digits).toLocaleString("en");
  return `about ${digits[0]}.${digits.slice(1, 3)} × 10^${digits.length - 1}`;
}

function shortRow(text, limit = 48) {
  if (!text) return "(empty)";
  return text.length <= limit ? text : text.slice(0, limit - 1) + "…";
}

function rangeText(r) {
  const sizes = String(r.from) === String(r.to) ? `${r.from}` : `${r.from}..${r.to}`;
  return `${r.end}${sizes}${r.reverse ? "r" : ""}`;
}

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

async function parseRow(text) {
  // The server reads the row with the command line's own rules (GET /api/position):
  // "3 3 3 2", "3,3,3,2", "3^3 2", "[3, 3, 2]"; "3,,4" and "[3, 4" are errors, as there.
  // A sum "3 1 4 + 2 2": each summand read so, a bad one named as the command line names it.
  if (text.includes("+")) {
    const shown = text.trim();
    const piles = [];
    const pieces = text.split("+");
    for (const [index, piece] of pieces.entries()) {
      if (!piece.trim()) throw new Error(`summand ${index + 1} of '${shown}' is empty`);
      const read = await api("GET", "/api/position", { variant: state.variant, position: piece });
      if (read.error || !read.text) throw new Error(`summand ${index + 1} of '${shown}': ${read.error || "empty"}`);
      if (index) piles.push("+");
      piles.push(...read.text.split(" "));
    }
    return piles;
  }
  const read = await api("GET", "/api/position", { variant: state.variant, position: text });
  if (read.error) throw new Error(read.error);
  return read.text ? read.text.split(" ") : [];
}

// ------------------------------------------------------------------ the position editor
function setPosition(piles, remember = true) {
  if (remember) showError("", "link-error");
  state.cgsuite = null;
  state.piles = piles;
  refresh();
}

function renderEditor() {
  const graphView = isGraphView();
  $("editor").hidden = graphView;
  $("graph-view").hidden = !graphView;
  $("position-text-label").textContent = graphView ? "Position" : "Row";
  $("position-text").placeholder = graphView ? "JSON, 3(1 2), cycle: 0 3 1, grid 2x3: 1 2 1 2 1 2" : "3 3 3 2  or  3^3 2";
  $("move-text").placeholder = graphView ? "3=0 (vertex 3 becomes 0)" : "L3, R0, L2r";
  if (graphView) {
    const locked = Boolean(state.game);
    $("position-text").value = boxText();
    $("position-text").disabled = locked;
    $("set-position").disabled = locked;
    $("random").disabled = locked;
    $("variant").disabled = locked;
    $("back").disabled = !canGoBack(); // during a game: its previous position
    const info = state.variants[state.variant];
    $("rules").textContent = info ? `${info.title} — ${info.summary}` : "";
    renderGraphView();
    return;
  }
  const editor = $("editor");
  const locked = Boolean(state.game);
  editor.replaceChildren();
  editor.classList.toggle("locked", locked);
  editor.classList.toggle("sum", isSumView());
  if (isSumView()) {
    renderSumEditor(editor, locked);
    return;
  }
  const sizes = state.piles.map((p) => (p.length > 15 ? Infinity : Number(p)));
  const largest = Math.max(1, ...sizes.filter(Number.isFinite));
  const longest = Math.max(1, ...state.piles.map((p) => p.length));
  const useLog = largest > 40 || sizes.some((s) => !Number.isFinite(s));
  editor.append(el("button", {
    type: "button", class: "add-pile", title: "Add a pile at the start", "aria-label": "add a pile at the start",
    disabled: locked, onclick: () => setPosition(["1", ...state.piles]),
  }, "+"));
  state.piles.forEach((pile, index) => {
    const height = useLog ? (pile.length / longest) : Number(pile) / largest;
    const label = endLabel(index, state.piles.length);
    const size = el("input", {
      class: "pile-size", type: "text", value: pile, inputmode: "numeric", disabled: locked,
      "aria-label": `pile ${index + 1}`, size: Math.min(Math.max(pile.length, 2), 12),
      style: `--chars: ${Math.min(Math.max(pile.length, 2), 12)}`,
    });
    size.addEventListener("change", () => {
      const text = size.value.trim();
      if (!/^\d+$/.test(text) || /^0+$/.test(text)) {
        showError(`pile ${index + 1}: piles are positive whole numbers`);
        size.value = pile;
        return;
      }
      const piles = state.piles.slice();
      piles[index] = BigInt(text).toString();
      setPosition(piles);
    });
    const change = (delta) => {
      const value = BigInt(pile) + BigInt(delta);
      const piles = state.piles.slice();
      if (value <= 0n) piles.splice(index, 1); else piles[index] = value.toString();
      setPosition(piles);
    };
    editor.append(el("div", { class: `pile${label ? " end" : ""}`, "data-index": index },
      el("span", { class: "end-label", text: label }),
      el("div", { class: "bar-wrap" },
        el("div", { class: "bar", style: `height:${Math.max(4, Math.round(100 * height))}%`, title: pile })),
      size,
      el("div", { class: "pile-buttons" },
        el("button", { type: "button", class: "dec", title: "one coin less", "aria-label": `pile ${index + 1} minus one`, disabled: locked, onclick: () => change(-1) }, "−"),
        el("button", { type: "button", class: "inc", title: "one coin more", "aria-label": `pile ${index + 1} plus one`, disabled: locked, onclick: () => change(1) }, "+"),
        el("button", { type: "button", class: "del", title: "remove this pile", "aria-label": `remove pile ${index + 1}`, disabled: locked, onclick: () => { const piles = state.piles.slice(); piles.splice(index, 1); setPosition(piles); } }, "×"))));
  });
  editor.append(el("button", {
    type: "button", class: "add-pile", title: "Add a pile at the end", "aria-label": "add a pile at the end",
    disabled: locked, onclick: () => setPosition([...state.piles, "1"]),
  }, "+"));
  $("position-text").value = positionText();
  $("position-text").disabled = locked;
  $("set-position").disabled = locked;
  $("random").disabled = locked;
  $("variant").disabled = locked;
  $("back").disabled = !canGoBack(); // during a game: its previous position
  const info = state.variants[state.variant];
  $("rules").textContent = info ? `${info.title} — ${info.summary}` : "";
}

function playableEnds() {
  // The ends the mover may reduce, from the rule set's ends() hook (GET /api/moves): null
  // until the listing of the position shown has come.
  const listing = state.moves;
  if (!listing || state.movesText !== positionText() || !Array.isArray(listing.ends)) return null;
  return listing.ends;
}

function endLabel(index, count) {
  // "L", "R" or "L R" over an end pile the rule set lets the mover play, nothing elsewhere
  const ends = playableEnds() || [];
  const marks = [];
  if (index === 0 && ends.includes("L")) marks.push("L");
  if (index === count - 1 && ends.includes("R")) marks.push("R");
  return marks.join(" ");
}

function markEnds() {
  // the end markers of the row shown, once its moves have come (no re-render: a pile being
  // edited keeps its focus)
  if (isGraphView() || isSumView()) return;
  const piles = document.querySelectorAll("#editor > .pile");
  piles.forEach((node, index) => {
    const label = endLabel(index, piles.length);
    node.querySelector(".end-label").textContent = label;
    node.classList.toggle("end", Boolean(label));
  });
}

function renderSumEditor(editor, locked) {
  // A sum: its summands one under another, each a row of bars on one scale (edit the text box).
  const parts = summandsOf(state.piles).filter((part) => part.length);
  const sizes = parts.flat().map((p) => (p.length > 15 ? Infinity : Number(p)));
  const largest = Math.max(1, ...sizes.filter(Number.isFinite));
  const longest = Math.max(1, ...parts.flat().map((p) => p.length));
  const useLog = largest > 40 || sizes.some((s) => !Number.isFinite(s));
  parts.forEach((part, k) => {
    const row = el("div", { class: "summand", "data-summand": k + 1 },
      el("span", { class: "summand-label", text: `summand ${k + 1}` }));
    part.forEach((pile, index) => {
      const first = index === 0;
      const last = index === part.length - 1;
      const height = useLog ? (pile.length / longest) : Number(pile) / largest;
      row.append(el("div", { class: `pile${first || last ? " end" : ""}`, "data-index": index },
        el("span", { class: "end-label", text: first && last ? "L R" : first ? "L" : last ? "R" : "" }),
        el("div", { class: "bar-wrap" },
          el("div", { class: "bar", style: `height:${Math.max(4, Math.round(100 * height))}%`, title: pile })),
        el("span", { class: "pile-size", text: pile })));
    });
    editor.append(row);
  });
  if (!parts.length) editor.append(el("p", { class: "summand-label", text: "no summand is left" }));
  $("position-text").value = positionText();
  for (const id of ["position-text", "set-position", "random", "variant"]) $(id).disabled = locked;
  $("back").disabled = !canGoBack(); // during a game: its previous position
  const info = state.variants[state.variant];
  $("rules").textContent = info ? `sums of ${info.title} — a move is a move in one summand, K:MOVE (1:R3)` : "";
}

// ------------------------------------------------------------------ analysis
async function refresh() {
  const request = ++state.request;
  renderEditor();
  updateHash();
  refreshValue();
  const text = positionText();
  const variant = state.variant; // a link may change the variant while this is under way
  const player = isPartizan() && state.game ? sideAt(state.game, viewPly()) : null;
  setBusy(true);
  try {
    if (!isGraphView() && state.piles.length === 0) {
      const read = await api("GET", "/api/position", { variant, position: "" });
      if (request !== state.request) return;
      renderEmpty(read.terminal);
    } else {
      const analysis = await api("GET", "/api/analyze", { variant, position: text, sum: sumFlag() });
      if (request !== state.request) return;
      renderAnalysis(analysis);
    }
    const moves = await api("GET", "/api/moves", { variant, position: text, player, sum: sumFlag() });
    if (request !== state.request) return;
    state.moves = moves;
    state.movesText = text;
    renderMoves();
    markEnds();
    for (const id of ["analysis-card", "moves-card"]) $(id).classList.remove("stale");
    showError("");
  } catch (error) {
    if (request === state.request) {
      showError(error.message);
      markStale(`not analysed: ${error.message}`);
    }
  } finally {
    if (request === state.request) setBusy(false);
  }
}

function renderEmpty(terminal) {
  // The empty row: no move is left; the rule set says who wins (normal play: a P-position, 0).
  const outcome = $("outcome");
  outcome.textContent = terminal ? terminal.outcome : "—";
  outcome.className = terminal ? `outcome outcome-${terminal.outcome}` : "outcome";
  const what = isSumView() ? "every summand is empty" : "the empty row";
  $("outcome-words").textContent = `${what}: ${terminal ? OUTCOME_WORDS[terminal.outcome] : "no move is left"}`;
  for (const id of ["grundy", "remoteness", "winning", "method"]) $(id).textContent = "–";
  if (terminal) {
    const impartial = !isPartizan();
    $("grundy").textContent = impartial && terminal.grundy !== null ? String(terminal.grundy) : "";
    $("grundy").hidden = $("grundy-label").hidden = !impartial;
    $("remoteness").textContent = "0 moves: the game is over";
    $("winning").textContent = "none: no move is left";
    $("method").textContent = "the rules (no move is left)";
  }
  $("reason").replaceChildren(...(terminal ? [el("li", { text: terminal.reason })] : []));
  $("notes").replaceChildren();
  $("symbols").replaceChildren();
  $("thresholds").hidden = $("thresholds-label").hidden = true;
}

function grundyUnknown(a) {
  // why there is no Grundy value: a misère sum's is not the XOR of its summands'
  if (a.method === "sum" && a.grundy_why) return `not known: ${a.grundy_why}`;
  if (a.method === "sum") {
    return "not known from the summands (misère play does not add Grundy values); the outcome above is exact";
  }
  return a.grundy_why ? `not computed: ${a.grundy_why}` : "not computed";
}

function renderAnalysis(a) {
  const outcome = $("outcome");
  outcome.textContent = a.outcome;
  outcome.className = `outcome outcome-${a.outcome}`;
  $("outcome-words").textContent = OUTCOME_WORDS[a.outcome] || "";
  const impartial = !isPartizan();
  $("grundy").textContent = impartial ? (a.grundy === null ? grundyUnknown(a) : String(a.grundy)) : "";
  $("grundy").hidden = $("grundy-label").hidden = !impartial;
  if (a.remoteness === null || a.remoteness === undefined) {
    $("remoteness").textContent = "not computed";
  } else if (typeof a.remoteness === "object") {
    $("remoteness").textContent = `${a.remoteness.left_first} with Left first, ${a.remoteness.right_first} with Right first`;
  } else {
    $("remoteness").textContent = Number(a.remoteness) === 0 ? "0 moves: the game is over"
      : `${a.remoteness} move${Number(a.remoteness) === 1 ? "" : "s"} with best play`;
  }
  const over = a.remoteness === 0 || a.remoteness === "0"; // a terminal position: the rules decide
  const ranges = a.winning_move_ranges && a.winning_move_ranges.length ? a.winning_move_ranges.map(rangeText)
    : a.winning_moves || []; // graphs and sums: a list
  const finished = over || Boolean(state.game && state.game.over && !viewing()); // no move left for the mover
  $("winning").textContent = ranges.length ? ranges.join(", ") : finished ? "none: the game is over" : "none: every move loses";
  const hasThresholds = "L_star" in a;
  $("thresholds").hidden = $("thresholds-label").hidden = !hasThresholds;
  if (hasThresholds) {
    $("thresholds").textContent = `L* = ${a.L_star}, R* = ${a.R_star}, L = ${a.L_threshold}, R = ${a.R_threshold}`;
  }
  const sources = Object.entries(a.sources).filter(([key]) => key !== "outcome")
    .map(([key, value]) => `${key.replace("_", " ")}: ${value}`).join(", ");
  $("method").textContent = over ? "the rules (the game is over)" : `${a.method}${sources ? ` (${sources})` : ""}`;
  $("reason").replaceChildren(...a.reason.map((r) =>
    el("li", {}, el("strong", { text: r.theorem }), document.createTextNode(` ${r.statement}`))));
  // the letters the theorems use (a_1, a_k, l, r), defined where they are read
  const said = a.reason.map((r) => r.statement).join("\n");
  const symbols = SYMBOLS.filter((sym) => sym.regex.test(said));
  $("symbols").replaceChildren(...symbols.flatMap((sym) => [
    el("dt", { text: sym.symbol }), el("dd", { text: sym.meaning })]));
  $("notes").replaceChildren(...(a.notes || []).map((n) => el("li", { text: n })));
  if (a.components && a.method === "sum") {
    const parts = a.components.map((c, k) => {
      const value = c.grundy !== undefined && c.grundy !== null ? `G ${c.grundy}` : c.outcome || "?";
      return `${k + 1}: ${shortRow(String(c.position), 24)} (${value})`;
    });
    $("reason").append(el("li", { class: "components" }, el("strong", { text: "Summands" }),
      document.createTextNode(` ${parts.join("; ")}`)));
  } else if (a.components) {
    const parts = a.components.map((c) => {
      const value = c.grundy !== undefined && c.grundy !== null ? `G ${c.grundy}` : c.value || c.outcome || "?";
      return `vertices ${c.vertices.filter((v) => v !== null).join(", ")}: ${value}`;
    });
    $("reason").append(el("li", { class: "components" }, el("strong", { text: "Independent parts" }),
      document.createTextNode(` ${parts.join("; ")}`)));
  }
}

// ------------------------------------------------------------------ moves
function moveClickable(move) {
  const game = state.game;
  if (!game) return true;
  const ply = viewPly();
  if (!humanTurnAt(game, ply) || (ply === game.history.length && game.over)) return false;
  return !isPartizan() || move.player === sideAt(game, ply);
}

function moveValue(move) {
  const parts = [];
  if (move.grundy !== null && move.grundy !== undefined) parts.push(move.grundy === 0 || move.grundy === "0" ? "P" : `G ${move.grundy}`);
  else if (move.outcome) parts.push(move.outcome);
  if (move.remoteness !== null && move.remoteness !== undefined) parts.push(`rem ${move.remoteness}`);
  return parts.join(" · ");
}

function renderMoves() {
  const listing = state.moves;
  const box = $("moves");
  box.replaceChildren();
  if (isGraphView()) renderGraphView();
  if (!listing) return;
  box.dataset.position = boxText();
  const reveal = !state.game || $("show-values").checked;
  const caption = [];
  if (!listing.total) {
    caption.push(state.piles.length === 0 ? "No move: the row is empty." : "No legal move: the game is over here.");
  } else if (!listing.listed) {
    const winning = listing.winning.map((r) => r.text).join(", ");
    caption.push(`${bigCount(listing.total)} legal moves, too many to list. ` +
      (winning ? `Winning: ${winning}; every other move loses.` : "Every move loses."));
  } else if (reveal) {
    caption.push(`Green moves win, red moves lose (with perfect play after them). ` +
      `Below each move: the position it leads to, its value (P, or its Grundy value G; ` +
      `partizan: its outcome class) and its remoteness. Values from the ${listing.values_from}.`);
  } else {
    caption.push("Values hidden during the game: tick “show values” to see them.");
  }
  const yours = state.game && humanTurnAt(state.game, viewPly()) && !(state.game.over && !viewing());
  if (yours && listing.total) caption.push(viewing() ? "Click a move to play it from here: a new line of the game." : "Click a move to play it.");
  $("moves-caption").textContent = caption.join(" ");
  if (!listing.listed) return;
  const graphView = isGraphView();
  if (isSumView()) {
    renderSumMoves(box, listing, reveal);
    return;
  }
  const groups = !isPartizan() ? [[null, null]] : graphView
    ? [["L", "Left’s moves (along L and G edges)"], ["R", "Right’s moves (along R and G edges)"]]
    : [["L", "Left’s moves (first pile)"], ["R", "Right’s moves (last pile)"]];
  for (const [player, title] of groups) {
    const moves = listing.moves.filter((m) => player === null || m.player === player);
    if (player !== null && !moves.length && listing.player && listing.player !== player) continue;
    const group = el("div", { class: "move-group" });
    if (title) group.append(el("h3", { text: title }));
    const row = el("div", { class: "move-row" });
    for (const move of moves) {
      const result = move.wins ? "win" : "lose";
      const clickable = moveClickable(move);
      const leads = graphView ? `vertex ${move.move.replace("=", " becomes ")}` : `leads to ${move.after_text || "the empty row"}`;
      const details = `${move.move}: ${leads}` +
        (reveal ? ` — ${move.wins ? "a winning" : "a losing"} move` + (moveValue(move) ? ` (${moveValue(move)})` : "") : "");
      const button = el("button", {
        type: "button",
        class: `move ${reveal ? result : "neutral"}${state.hintMove === move.move ? " hinted" : ""}`,
        "data-move": move.move, "data-result": result, "data-player": move.player || "",
        title: details, "aria-label": details, disabled: !clickable,
        onclick: () => playMove(move.move, move.player),
      },
      el("span", { class: "mv", text: move.move }),
      el("span", { class: "to", text: graphView ? `vertex ${move.move.split("=")[0]} → ${move.move.split("=")[1]}` : `→ ${shortRow(move.after_text, 18)}` }),
      reveal ? el("span", { class: "val", text: moveValue(move) || (move.wins ? "wins" : "loses") }) : null);
      row.append(button);
    }
    group.append(row);
    box.append(group);
  }
}

function renderSumMoves(box, listing, reveal) {
  // A sum's moves under their summand: a click picks the summand, its end pile and the size.
  const summands = listing.summands || [];
  summands.forEach((text, k) => {
    const group = el("div", { class: "move-group", "data-summand": k + 1 });
    group.append(el("h3", { text: `Summand ${k + 1}: ${shortRow(text, 40)}` }));
    const row = el("div", { class: "move-row" });
    for (const move of listing.moves.filter((m) => m.move.split(":")[0] === String(k + 1))) {
      const result = move.wins ? "win" : "lose";
      const details = `${move.move}: leads to ${move.after_text || "the end of the sum"}` +
        (reveal ? ` — ${move.wins ? "a winning" : "a losing"} move` + (moveValue(move) ? ` (${moveValue(move)})` : "") : "");
      row.append(el("button", {
        type: "button",
        class: `move ${reveal ? result : "neutral"}${state.hintMove === move.move ? " hinted" : ""}`,
        "data-move": move.move, "data-result": result, "data-player": move.player || "",
        title: details, "aria-label": details, disabled: !moveClickable(move),
        onclick: () => playMove(move.move, move.player),
      },
      el("span", { class: "mv", text: move.move }),
      el("span", { class: "to", text: `→ ${shortRow(move.after_text, 18)}` }),
      reveal ? el("span", { class: "val", text: moveValue(move) || (move.wins ? "wins" : "loses") }) : null));
    }
    group.append(row);
    box.append(group);
  });
}

async function playMove(moveText, player = null, redoing = false) {
  showError("", "move-error");
  if (!moveText) return;
  state.hintMove = null;
  $("hint-text").hidden = true;
  try {
    if (state.game) {
      if (!redoing) state.redo = []; // a move of your own ends what Redo could replay
      setBusy(true);
      for (const button of document.querySelectorAll("#moves button")) button.disabled = true;
      if (viewing()) await branchAt(state.view); // a new line from the position shown
      state.game = await api("POST", `/api/games/${state.game.id}/moves`, undefined, { move: moveText });
      afterGameChange();
    } else if (isGraphView()) {
      const side = player || (isPartizan() ? viewedPlayer() : null);
      const move = state.moves && state.moves.listed
        ? state.moves.moves.find((m) => m.move === moveText && (!side || m.player === side)) : null;
      if (move) {
        setGraph(normalGraph(move.after), state.layout);
      } else {
        const applied = await api("GET", "/api/apply-move", { variant: state.variant, position: positionText(), move: moveText, player: side });
        setGraph(normalGraph(JSON.parse(applied.after)), state.layout);
      }
    } else {
      const move = state.moves && state.moves.listed ? state.moves.moves.find((m) => m.move === moveText) : null;
      if (move) {
        setPosition(move.after_text ? move.after_text.split(" ") : []);
      } else {
        const applied = await api("GET", "/api/apply-move", { variant: state.variant, position: positionText(), move: moveText, sum: sumFlag() });
        setPosition(applied.after ? applied.after.split(" ") : []);
      }
    }
    $("move-text").value = "";
  } catch (error) {
    setBusy(false);
    renderMoves();
    showError(error.message, "move-error");
  }
}

// ------------------------------------------------------------------ the game
function skillText(value) {
  const skill = Number(value);
  return skill >= 100 ? "perfect" : skill <= 0 ? "random" : `${skill}%`;
}

async function newGame() {
  const start = state.game ? state.game.start : positionText();
  if (!start) { showError(isGraphView() ? "draw a graph first" : "add a pile first"); return; }
  const first = document.querySelector("input[name=first]:checked").value;
  const side = document.querySelector("input[name=side]:checked").value;
  try {
    state.game = await api("POST", "/api/games", undefined, {
      variant: state.variant,
      position: start,
      human_first: first === "human",
      human_side: isPartizan() ? side : null,
      skill: Number($("skill").value),
    });
    state.redo = [];
    state.view = null;
    $("hint-text").hidden = true;
    afterGameChange();
  } catch (error) {
    showError(error.message);
  }
}

function afterGameChange(view = null) {
  const game = state.game;
  state.view = view !== null && view < game.history.length ? view : null;
  showGamePosition(gamePositionAt(game, viewPly()));
  state.hintMove = null;
  renderGame();
  refresh();
  if (!game.over && game.to_move === "computer" && state.view === null) {
    window.setTimeout(computerTurn, 500);
  }
}

function showGamePosition(text) {
  if (isGraphView()) {
    state.graph = normalGraph(parseJSON(text));
    state.pendingEdge = null;
  } else {
    state.piles = text ? text.split(" ") : [];
  }
}

async function computerTurn() {
  const game = state.game;
  if (!game || game.over || game.to_move !== "computer" || viewing()) return;
  try {
    state.game = await api("POST", `/api/games/${game.id}/computer`);
    afterGameChange();
  } catch (error) {
    showError(error.message);
  }
}

function renderGame() {
  const game = state.game;
  const status = $("game-status");
  const looking = viewing();
  $("hint").disabled = !game || looking || game.over || game.to_move !== "human";
  $("undo").disabled = !game || looking || !game.history.some((ply) => ply.mover === "human");
  $("redo").disabled = !game || looking || game.over || game.to_move !== "human" || !state.redo.length;
  renderLookBack(game);
  $("redo").title = state.redo.length && game ? `play ${state.redo[state.redo.length - 1]} again` : "";
  $("stop").disabled = !game;
  $("new-game").textContent = game ? "Restart this game" : "New game from this position";
  $("new-game").disabled = Boolean(game && game.to_move === "computer" && !game.over);
  status.className = "game-status";
  if (!game) {
    status.textContent = "Set up a position, then start a game.";
    $("history").replaceChildren();
    renderJudgement(null);
    renderValueChart(null);
    return;
  }
  const you = game.human_side ? `you are ${sideName(game.human_side)}` : "";
  if (looking) {
    const k = state.view;
    const turn = humanTurnAt(game, k) ? "your move here" : "the computer's move here";
    status.textContent = `Looking back: the position after move ${k} of ${game.history.length} (${turn}). ` +
      (humanTurnAt(game, k) ? "Play a move to go on from here (a new line), or return to the game." : "Go on from here, or return to the game.");
    status.classList.add("looking");
  } else if (game.over) {
    const human = game.winner === "human";
    status.textContent = `${human ? "You won!" : "The computer won."} ${endOfGameText(game)}`;
    status.classList.add(human ? "won" : "lost");
  } else if (game.to_move === "human") {
    const where = isGraphView() ? `reduce a vertex you reach along ${game.human_side} and G edges` : `play the ${game.human_side === "L" ? "first" : "last"} pile`;
    // the position beside the status, so that it is in view where you play (on a phone the
    // position card is a screen above)
    const at = isGraphView() ? "" : ` in ${shortRow(positionText(), 40)}`;
    status.textContent = `Your move${at}${you ? ` (${you}: ${where})` : ""}.`;
    status.classList.add("yours");
  } else {
    status.textContent = "The computer is thinking…";
  }
  $("history").replaceChildren(...game.history.map((ply, index) => el("li", { class: `${ply.mover}${viewPly() === index + 1 ? " shown" : ""}`, "data-ply": index + 1 },
    el("strong", { text: ply.mover === "human" ? "you" : "computer" }), " ",
    // the move is a link to the position after it (the browser's history walks the same)
    el("a", { class: "ply-link", href: gameHash(game, index + 1), title: `show the position after move ${index + 1}`,
      text: `${ply.side ? `(${sideName(ply.side)}) ` : ""}${ply.move}` +
        (isGraphView() ? ` (vertex ${ply.move.split("=")[0]} becomes ${ply.move.split("=")[1]})` : ` → ${shortRow(ply.after, 40)}`) }),
    ply.kind === "random" ? el("em", { text: " (a random move)" }) : null,
    ply.judgement ? el("span", { class: `verdict-mark ${judgementKind(ply.judgement)}`, text: judgementMark(ply.judgement), title: ply.judgement.text }) : null)));
  renderJudgement(game);
  renderValueChart(game);
  renderValueHistory(game);
}

function renderValueHistory(game) {
  // GamesmanUni's whole value history: at every turn, every option the mover had, valued (the
  // options each ply of the game carries), and the record as JSON to download.
  const box = $("value-history");
  const turns = game ? game.history.filter((ply) => ply.options) : [];
  box.hidden = !turns.length;
  if (!turns.length) { $("value-history-turns").replaceChildren(); return; }
  $("value-history-turns").replaceChildren(...game.history.map((ply, index) => {
    const who = ply.mover === "human" ? "you" : "computer";
    const head = el("a", { class: "turn-head", href: gameHash(game, index), title: `show this position (before move ${index + 1})`, text: `${who}${ply.side ? ` (${sideName(ply.side)})` : ""} in ${shortRow(ply.before, 30)}:` });
    const options = ply.options;
    const item = el("li", { class: "turn", "data-ply": index + 1 }, head);
    if (!options) return item;
    if (!options.listed) {
      item.append(el("span", { class: "muted", text: ` ${options.total.toLocaleString()} options; winning: ${options.winning.join(", ") || "none"}` }));
      return item;
    }
    const played = options.listed.findIndex((o) => o.move === ply.move);
    const shown = played >= 0 ? played : options.listed.findIndex((o) => o.after === ply.after);
    options.listed.forEach((option, k) => {
      const remoteness = option.remoteness === null || option.remoteness === undefined ? "" : ` · ${option.remoteness}`;
      item.append(el("span", {
        class: `option ${option.wins ? "win" : "lose"}${k === shown ? " played" : ""}`,
        "data-move": option.move, "data-result": option.wins ? "win" : "lose",
        title: `${option.move} → ${option.after || "the end"}: ${option.wins ? "wins" : "loses"} for the mover (${option.value}${remoteness ? `, remoteness ${option.remoteness}` : ""})${k === shown ? " — played" : ""}`,
      }, el("span", { class: "mv", text: option.move }), el("span", { class: "val", text: `${option.value}${remoteness}` })));
    });
    return item;
  }));
  const record = { ...game };
  $("export-record").href = "data:application/json;charset=utf-8," + encodeURIComponent(JSON.stringify(record, null, 1));
}

async function hint() {
  if (!state.game) return;
  try {
    const advice = await api("GET", `/api/games/${state.game.id}/hint`);
    state.hintMove = advice.move;
    const box = $("hint-text");
    box.textContent = `Hint: ${advice.explanation}`;
    box.hidden = false;
    renderMoves();
  } catch (error) {
    showError(error.message);
  }
}

async function undo() {
  if (!state.game || viewing()) return;
  const taken = [...state.game.history].reverse().find((ply) => ply.mover === "human");
  try {
    state.game = await api("POST", `/api/games/${state.game.id}/undo`);
    if (taken) state.redo.push(taken.move);
    $("hint-text").hidden = true;
    afterGameChange();
  } catch (error) {
    showError(error.message);
  }
}

async function redo() {
  // Play again the move Undo took back (the computer answers it anew).
  const move = state.redo.pop();
  if (!state.game || move === undefined) return;
  await playMove(move, null, true);
  if (state.game && $("move-error").textContent) state.redo = []; // the game moved on otherwise
  renderGame();
}

function stopGame() {
  state.game = null;
  state.view = null;
  state.redo = [];
  state.hintMove = null;
  $("hint-text").hidden = true;
  renderGame();
  $("game-status").textContent = "Game stopped. Explore freely, or start a new game.";
  refresh();
}

// ------------------------------------------------------------------ a game you can walk through
// Every position of a game is an entry of the browser's history (a move pushes one), and its
// address carries the game's record: Back and Forward step through the game, a reload or a
// shared link plays the record again (POST /api/games with moves). Looking back at an earlier
// position keeps the line; playing from it starts a new line there.
const viewPly = () => (state.game ? (state.view === null ? state.game.history.length : state.view) : 0);
const viewing = () => Boolean(state.game) && state.view !== null && state.view < state.game.history.length;
const gamePositionAt = (game, k) => (k === 0 ? game.start : game.history[k - 1].after);
const humanTurnAt = (game, k) => (k % 2 === 0) === game.human_first;
function sideAt(game, k) {
  if (!game.human_side) return null;
  return humanTurnAt(game, k) ? game.human_side : (game.human_side === "L" ? "R" : "L");
}

function gameHash(game, ply = null) {
  // the variant, the position shown, and the game: its start, settings and record
  const k = ply === null ? game.history.length : ply;
  const params = new URLSearchParams({ variant: game.variant, position: gamePositionAt(game, k), game: game.start });
  const rules = endnimRules.textOf(game.variant); // a game under a rule set typed as TOML
  if (rules !== null) params.set("rules", rules);
  params.set("moves", game.history.map((p) => p.move).join(","));
  params.set("first", game.human_first ? "human" : "computer");
  if (game.human_side) params.set("side", game.human_side);
  params.set("skill", String(game.skill));
  const random = game.history.map((p, i) => (p.kind === "random" ? i + 1 : 0)).filter(Boolean);
  if (random.length) params.set("random", random.join(","));
  if (k < game.history.length) params.set("ply", String(k));
  return "#" + params.toString();
}

function gameOfLink(params) {
  // the game a link carries (null: none)
  if (params.get("game") === null) return null;
  const list = (text) => (text ? text.split(",").filter(Boolean) : []);
  const ply = params.get("ply");
  return {
    start: params.get("game"),
    moves: list(params.get("moves")),
    human_first: params.get("first") !== "computer",
    human_side: params.get("side"),
    skill: Number(params.get("skill") || 100),
    random: list(params.get("random")).map(Number),
    ply: ply === null ? null : Number(ply),
  };
}

function sameLine(game, record, variant) {
  // whether the record is the game's line so far, or the start of it
  if (!game || game.variant !== variant || game.start !== record.start) return false;
  if (game.human_first !== record.human_first || (game.human_side || null) !== (record.human_side || null)) return false;
  if (record.moves.length > game.history.length) return false;
  return record.moves.every((move, i) => game.history[i].move === move);
}

async function startRecorded(variant, record) {
  // the game of a record, played again by the server
  return api("POST", "/api/games", undefined, {
    variant, position: record.start, human_first: record.human_first,
    human_side: record.human_side || null, skill: record.skill,
    moves: record.moves, random_plies: record.random,
  });
}

async function showRecord(variant, record) {
  // a link's game: the same line looked at, or the record played again (a reload, a shared
  // link, or an entry of a line left for another)
  const game = state.game;
  const plies = record.moves.length;
  if (sameLine(game, record, variant)) {
    afterGameChange(record.ply !== null ? record.ply : plies);
    return;
  }
  state.game = await startRecorded(variant, record);
  state.redo = [];
  $("hint-text").hidden = true;
  afterGameChange(record.ply);
}

async function branchAt(k) {
  // a new line from the position after move k: the game's first k moves played again
  const game = state.game;
  const record = {
    start: game.start, moves: game.history.slice(0, k).map((p) => p.move),
    human_first: game.human_first, human_side: game.human_side, skill: game.skill,
    random: game.history.slice(0, k).map((p, i) => (p.kind === "random" ? i + 1 : 0)).filter(Boolean),
  };
  state.game = await startRecorded(game.variant, record);
  state.view = null;
}

async function goOnFromHere() {
  if (!viewing()) return;
  try {
    await branchAt(state.view);
    afterGameChange();
  } catch (error) {
    showError(error.message);
  }
}

function renderLookBack(game) {
  const box = $("look-back");
  box.hidden = !viewing();
  if (!viewing()) { box.replaceChildren(); return; }
  box.replaceChildren(
    el("button", { type: "button", id: "go-on", title: "Continue the game from this position (a new line: the later moves are dropped)", onclick: goOnFromHere }, "Go on from here"),
    " ",
    el("a", { id: "to-game-end", href: gameHash(game), class: "button-link" }, `Return to move ${game.history.length}`),
    " ",
    el("a", { id: "to-game-start", href: gameHash(game, 0), class: "button-link" }, "Start of the game"));
}

// ------------------------------------------------------------------ tables
function mix(a, b, t) {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return "#" + pa.map((v, i) => Math.round(v + (pb[i] - v) * t).toString(16).padStart(2, "0")).join("");
}

function grundyColour(value, largest) {
  if (value === 0) return PARTIZAN_COLOURS.P;
  const t = largest <= 1 ? 0 : (value - 1) / (largest - 1);
  const scaled = t * (GRUNDY_STOPS.length - 1);
  const i = Math.min(Math.floor(scaled), GRUNDY_STOPS.length - 2);
  return mix(GRUNDY_STOPS[i], GRUNDY_STOPS[i + 1], scaled - i);
}

function luminance(hex) {
  // WCAG 2 relative luminance, as endnim.palette.luminance
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [low, high] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return (high + 0.05) / (low + 0.05);
}

function textOn(hex) {
  // the same rule as endnim.palette.text_colour: the text colour of higher contrast
  return contrast(hex, PALETTE.dark_text) > contrast(hex, PALETTE.light_text) ? PALETTE.dark_text : PALETTE.light_text;
}

async function drawTable() {
  if (isGraphView()) return; // tables are of rows x·w·y
  const rows = Number($("table-rows").value);
  const cols = Number($("table-cols").value);
  const middle = $("table-middle").value.trim();
  $("table").setAttribute("aria-busy", "true");
  try {
    state.table = await api("GET", "/api/table", { variant: state.variant, middle, rows, cols });
    renderTable();
    showError("", "table-error");
  } catch (error) {
    showError(error.message, "table-error");
  } finally {
    $("table").removeAttribute("aria-busy");
  }
}

function renderTable() {
  const t = state.table;
  if (!t) return;
  const started = performance.now();
  if ((t.rows + 1) * (t.cols + 1) > SVG_CELLS && !window.endnimForceSvg) {
    const numbers = t.kind === "grundy" ? t.values.flat().map(Number) : [];
    renderTableCanvas(t, numbers.length ? numbers.reduce((a, b) => Math.max(a, b), 1) : 1);
  } else {
    renderTableSvg(t);
    $("table").dataset.drawMs = (performance.now() - started).toFixed(1);
  }
  renderTableCaption(t);
  renderExports(t);
  updateScrollCue("table", "table-cue");
}

function renderTableSvg(t) {
  const svgNS = "http://www.w3.org/2000/svg";
  const n = t.rows + 1;
  const m = t.cols + 1;
  const g = tableGeometry(t);
  const cell = Math.max(2, g.cell);
  const left = g.left;
  const top = g.top;
  const width = left + m * cell + 8;
  const height = top + n * cell + 8;
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("id", "table-svg");
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  const add = (tag, attributes, text) => {
    const node = document.createElementNS(svgNS, tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  const middle = t.middle_text;
  const w = middle ? `·${middle.split(" ").join("·")}·` : "·";
  svg.setAttribute("aria-label", `table of x${w}y`);
  add("text", { x: left + (m * cell) / 2, y: 12, "text-anchor": "middle", class: "axis-title" }, "y (last pile) →");
  add("text", { x: 12, y: top + (n * cell) / 2, "text-anchor": "middle", class: "axis-title", transform: `rotate(-90 12 ${top + (n * cell) / 2})` }, g.up ? "x (first pile) →" : "← x (first pile)");
  const step = cell >= 16 ? 1 : cell >= 9 ? 2 : 5;
  for (let y = 0; y < m; y += step) add("text", { x: left + y * cell + cell / 2, y: top - 6, "text-anchor": "middle", class: "tick" }, String(y));
  for (let x = 0; x < n; x += step) add("text", { x: left - 5, y: g.rowY(x) + cell / 2 + 4, "text-anchor": "end", class: "tick" }, String(x));
  const numbers = t.kind === "grundy" ? t.values.flat().map(Number) : [];
  const largest = numbers.length ? Math.max(1, ...numbers) : 1;
  const triple = t.triple_point;
  for (let x = 0; x < n; x += 1) {
    for (let y = 0; y < m; y += 1) {
      const value = t.values[x][y];
      const colour = t.kind === "grundy" ? grundyColour(Number(value), largest) : PARTIZAN_COLOURS[value];
      const piles = [...(x ? [String(x)] : []), ...(middle ? middle.split(" ") : []), ...(y ? [String(y)] : [])];
      const row = piles.join(" ") || "(empty)";
      const label = t.kind === "grundy" ? `G(${row}) = ${value}` : `${row}: class ${value}`;
      const rect = add("rect", {
        x: left + y * cell, y: g.rowY(x), width: cell, height: cell, fill: colour,
        class: "cell", "data-x": x, "data-y": y, "data-value": value,
      });
      const title = document.createElementNS(svgNS, "title");
      title.textContent = label;
      rect.append(title);
      if (piles.length) rect.addEventListener("click", () => { if (!state.game) setPosition(piles); cellRow(t, x); });
      if (cell >= 16 && String(value).length <= 3) {
        add("text", {
          x: left + y * cell + cell / 2, y: g.rowY(x) + cell / 2 + 4, "text-anchor": "middle",
          class: "cell-text", fill: textOn(colour),
        }, String(value));
      } else if (t.kind === "grundy" && Number(value) === 0) {
        // P-positions get a light dot where no value is written, as in `endnim table --png`
        add("circle", { cx: left + y * cell + cell / 2, cy: g.rowY(x) + cell / 2, r: Math.max(1, cell / 6), class: "p-dot", fill: PALETTE.light_text });
      }
    }
  }
  if (triple && triple[0] < n && triple[1] < m) {
    add("rect", {
      x: left + triple[1] * cell + 1, y: g.rowY(triple[0]) + 1, width: cell - 2, height: cell - 2,
      fill: "none", stroke: PALETTE.highlight, "stroke-width": 3, class: "triple-point",
    });
  }
  $("table").replaceChildren(svg);
}

function renderTableCaption(t) {
  const middle = t.middle_text;
  const w = middle ? `·${middle.split(" ").join("·")}·` : "·";
  const triple = t.triple_point;
  const numbers = t.kind === "grundy" ? t.values.flat().map(Number) : [];
  const largest = numbers.length ? numbers.reduce((a, b) => Math.max(a, b), 1) : 1;
  const info = state.variants[t.variant];
  const name = info ? info.title : t.variant;
  // the rule set's own source: Albert–Nowakowski §3 for their game, a relative's own for it
  const cited = info && info.source ? `${info.source}; ` : "";
  $("table-caption").textContent = t.kind === "grundy"
    ? `${name}: Grundy values of x${w}y (x = first pile, down; y = last pile, across; 0 = no pile). Dark cells (dotted where no value is written) are the P-positions. Click a cell to analyse it.`
    : `${name}: phase diagram of w = ${middle || "(empty)"}: the outcome class of x${w}y (${cited}x = first pile, up${t.variant === "partizan" ? ", as in the paper" : ""}; y = last pile, across).` +
      (triple ? ` The outlined square is the triple point (${triple[0]}, ${triple[1]}); the P-positions are (${triple[0]}+t, ${triple[1]}+t).` : "") +
      " Click a cell to analyse it.";
  if (t.path && t.path !== "engine") {
    // the same fallback as `endnim table`: say which path made it
    $("table-caption").textContent += ` Values by the ${t.path === "search" ? "memoised search" : "indexed search"}: the compiled engine has no recurrence for this rule set.`;
  }
  $("table-caption").dataset.path = t.path || "engine";
  const legend = $("table-legend");
  if (t.kind === "grundy") {
    legend.replaceChildren(
      el("span", { class: "swatch", style: `background:${PARTIZAN_COLOURS.P}` }), " 0 (P-position)  ",
      el("span", { class: "swatch", style: `background:${grundyColour(1, largest)}` }), " 1  …  ",
      el("span", { class: "swatch", style: `background:${grundyColour(largest, largest)}` }), ` ${largest}`);
  } else {
    legend.replaceChildren(...Object.entries(PARTIZAN_COLOURS).flatMap(([k, colour]) => [
      el("span", { class: "swatch", style: `background:${colour}` }), ` ${k}: ${OUTCOME_WORDS[k]}   `]));
  }
}

// ------------------------------------------------------------------ games that teach
function endOfGameText(game) {
  // Why the game is over, in the rule set's own words (as `endnim play` says it).
  const why = game.ending || "the game is over";
  const count = game.history.length;
  return `${why.charAt(0).toUpperCase()}${why.slice(1)}; ${count} move${count === 1 ? "" : "s"}.`;
}

function judgementKind(j) {
  return j.blunder ? "blunder" : j.was_winning ? "kept" : "lost";
}

function judgementMark(j) {
  return j.blunder ? " ✗ threw the win away" : j.was_winning ? " ✓ kept the win" : " · no move won";
}

function renderJudgement(game) {
  // What the person's last move did: kept the win, threw it away, or no move won; and why.
  const box = $("judgement");
  const plies = game ? game.history.filter((ply) => ply.mover === "human" && ply.judgement) : [];
  const last = plies[plies.length - 1];
  if (!last) { box.hidden = true; box.replaceChildren(); delete box.dataset.kind; return; }
  const j = last.judgement;
  const kind = judgementKind(j);
  const titles = { kept: "You kept the win.", blunder: "You threw the win away.", lost: "No move won here." };
  box.dataset.kind = kind;
  box.className = `judgement ${kind}`;
  box.replaceChildren(el("strong", { text: titles[kind] }), document.createTextNode(` ${j.text}`));
  box.hidden = false;
}

function valueHistory(game) {
  // GamesmanUni's value history: the start and the position after each move, signed by who
  // wins with perfect play (+ you, − the computer), its size the remoteness.
  const points = [];
  const first = game.human_first ? "human" : "computer";
  const start = game.start_value;
  const signed = (value, toMove) => {
    if (!value || value.remoteness === null || value.remoteness === undefined) return null;
    const humanWins = value.to_move_wins === (toMove === "human");
    return { humanWins, remoteness: Number(value.remoteness) };
  };
  points.push({ ply: 0, mover: null, move: "start", value: signed(start, first), blunder: false });
  game.history.forEach((ply, index) => {
    const next = ply.mover === "human" ? "computer" : "human";
    const j = ply.judgement;
    points.push({ ply: index + 1, mover: ply.mover, move: ply.move, value: j ? signed(j.after, next) : null, blunder: Boolean(j && j.blunder) });
  });
  return points;
}

function renderValueChart(game) {
  const box = $("value-chart");
  if (!game) { box.hidden = true; box.replaceChildren(); return; }
  const points = valueHistory(game);
  const known = points.filter((p) => p.value);
  const top = Math.max(1, ...known.map((p) => p.value.remoteness));
  const svgNS = "http://www.w3.org/2000/svg";
  const width = 360;
  const height = 180;
  const left = 34;
  const right = 10;
  const mid = height / 2;
  const half = mid - 22;
  const step = Math.max(6, Math.min(28, (width - left - right - 12) / Math.max(1, points.length - 1)));
  const px = (ply) => left + 12 + ply * step;
  const py = (value) => mid - (value.humanWins ? 1 : -1) * (value.remoteness / top) * half;
  const svg = document.createElementNS(svgNS, "svg");
  const chartWidth = Math.max(width, left + 12 + (points.length - 1) * step + right);
  svg.setAttribute("viewBox", `0 0 ${chartWidth} ${height}`);
  if (chartWidth > width) { // a long game: its own width, the box scrolls (with a cue)
    svg.setAttribute("width", chartWidth);
    svg.setAttribute("height", height);
  } else { // the card's width, whatever the screen
    svg.setAttribute("class", "fit");
  }
  svg.setAttribute("id", "value-chart-svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "value history: above the line you are winning, below it the computer; the distance is the remoteness");
  const add = (tag, attributes, text) => {
    const node = document.createElementNS(svgNS, tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  add("rect", { x: left, y: mid - half - 4, width: chartWidth - left - right + 4, height: half + 4, class: "zone-you" });
  add("rect", { x: left, y: mid, width: chartWidth - left - right + 4, height: half + 4, class: "zone-computer" });
  add("line", { x1: left, x2: chartWidth - right, y1: mid, y2: mid, class: "axis" });
  add("text", { x: chartWidth - right - 2, y: mid - half + 8, "text-anchor": "end", class: "zone-label" }, "you win ↑");
  add("text", { x: chartWidth - right - 2, y: mid + half - 2, "text-anchor": "end", class: "zone-label" }, "computer wins ↓");
  // signed: + you win in that many moves, − the computer does
  add("text", { x: left - 4, y: mid - half + 4, "text-anchor": "end", class: "tick y-tick" }, `+${top}`);
  add("text", { x: left - 4, y: mid + 4, "text-anchor": "end", class: "tick y-tick" }, "0");
  add("text", { x: left - 4, y: mid + half + 4, "text-anchor": "end", class: "tick y-tick" }, `−${top}`);
  let path = "";
  let pen = false; // a gap where a value is unknown
  for (const p of points) {
    if (!p.value) { pen = false; continue; }
    path += `${pen ? "L" : "M"}${px(p.ply).toFixed(1)},${py(p.value).toFixed(1)} `;
    pen = true;
  }
  if (path) add("path", { d: path.trim(), class: "trace" });
  for (const p of points) {
    const x = px(p.ply);
    if (p.ply > 0 && p.ply % 5 === 0) add("text", { x, y: mid + half + 14, "text-anchor": "middle", class: "tick" }, String(p.ply));
    if (!p.value) continue;
    const y = py(p.value);
    const who = p.mover === null ? "the start" : p.mover === "human" ? `your move ${p.move}` : `the computer's move ${p.move}`;
    const label = `${p.ply}: ${who} — ${p.value.humanWins ? "you" : "the computer"} win${p.value.humanWins ? "" : "s"} in ${p.value.remoteness} with best play${p.blunder ? " (a blunder: the win was thrown away)" : ""}`;
    const attributes = { class: `mark ${p.mover || "start"}${p.blunder ? " blunder" : ""}`, "data-ply": p.ply, "data-mover": p.mover || "start", "data-blunder": String(p.blunder), "data-remoteness": p.value.remoteness, "data-winner": p.value.humanWins ? "human" : "computer" };
    const mark = p.mover === "computer"
      ? add("rect", { ...attributes, x: x - 4.5, y: y - 4.5, width: 9, height: 9 })
      : add("circle", { ...attributes, cx: x, cy: y, r: p.mover === null ? 3.5 : 5 });
    const title = document.createElementNS(svgNS, "title");
    title.textContent = label;
    mark.append(title);
    if (p.blunder) add("text", { x, y: y + (p.value.humanWins ? -9 : 15), "text-anchor": "middle", class: "blunder-label" }, "✗");
  }
  box.replaceChildren(
    el("h3", { text: "Value history" }), el("div", { class: "chart-box", id: "value-chart-box" }, svg),
    el("p", { id: "value-chart-cue", class: "scroll-cue", hidden: true, text: "scroll sideways for the whole game →" }),
    el("p", { class: "chart-legend" },
      el("span", { class: "key start" }), " the start  ",
      el("span", { class: "key human" }), " your moves  ", el("span", { class: "key computer" }), " the computer's  ",
      el("span", { class: "key blunder" }), " a blunder (threw the win away)"),
    el("p", { class: "chart-caption" }, "Across: the move number. Height: who wins with best play (+ you, − the computer) and in how many moves (the remoteness)."));
  box.hidden = false;
  updateScrollCue("value-chart-box", "value-chart-cue");
}

// ------------------------------------------------------------------ partizan values
async function refreshValue(text) {
  // Canonical forms of the position (or a sum) and of every option, as `endnim value` gives them.
  const card = $("value-card");
  if (state.cgsuite !== null && text === undefined) { await refreshGameValue(state.cgsuite); return; }
  if (!isPartizan()) { card.hidden = true; return; }
  card.hidden = false;
  const wanted = text === undefined ? positionText() : text;
  $("value-text").value = wanted;
  const box = $("value-out");
  const request = (state.valueRequest || 0) + 1;
  state.valueRequest = request;
  if (state.game && !$("show-values").checked) {
    box.replaceChildren(el("p", { class: "hint-line", text: "Values hidden during the game: tick “show values” to see them." }));
    card.dataset.text = "";
    return;
  }
  if (!wanted.trim()) {
    box.replaceChildren(el("p", { class: "hint-line", text: "The empty row has value 0 (a P-position)." }));
    card.dataset.text = "";
    return;
  }
  box.setAttribute("aria-busy", "true");
  try {
    if (state.wholeFor !== wanted) { state.wholeFor = wanted; state.wholeValue = false; }
    const v = await api("GET", "/api/value", { variant: state.variant, position: wanted, max_length: state.wholeValue ? 0 : null });
    if (request !== state.valueRequest) return;
    renderValue(v);
  } catch (error) {
    if (request !== state.valueRequest) return;
    card.dataset.text = wanted;
    box.replaceChildren(el("p", { class: "value-error", text: error.message }));
  } finally {
    box.removeAttribute("aria-busy");
  }
}

// ------------------------------------------------------------------ games in CGSuite's notation
// {3|-1}, +-2 + *, 1/2 + ^* typed in the position box or the value box: their value, as
// `endnim value --game` gives it (GET /api/value?game=...), in the value card, on any rule set.
const HOT_GAMES = ["{3|-1}", "+-2 + *", "{4|{2|-2}}", "{{5|3}|{-1|-3}}", "1/2 + ^*"];

function looksLikeGame(text) {
  // braces, bars, stars, ± or +-, fractions, a leading minus, an up (^ not after a digit: 3^3
  // is a row) or a down (v)
  // (a graph's JSON, with quotes and brackets, is not a game)
  if (/["[\]]/.test(text)) return false;
  return /[{}|*±↑↓⇑⇓]|\+-|\d\/\d|^\s*-|(^|[^0-9\s])\^|(^|\s)\^|(^|[\s+{|])v($|[\s*^0-9+|}])/.test(text);
}

async function showGame(text, remember = true) {
  state.cgsuite = text.trim();
  updateHash();
  await refreshGameValue(state.cgsuite);
  if (remember) $("value-card").scrollIntoView({ block: "nearest" });
}

async function refreshGameValue(game) {
  const card = $("value-card");
  card.hidden = false;
  $("value-text").value = game;
  const box = $("value-out");
  const request = (state.valueRequest || 0) + 1;
  state.valueRequest = request;
  box.setAttribute("aria-busy", "true");
  try {
    const v = await api("GET", "/api/value", { game });
    if (request !== state.valueRequest) return;
    renderValue(v);
  } catch (error) {
    if (request !== state.valueRequest) return;
    card.dataset.text = game;
    box.replaceChildren(el("p", { class: "value-error", text: `the game '${shortRow(game, 60)}' cannot be read: ${error.message}` }));
  } finally {
    box.removeAttribute("aria-busy");
  }
}

function renderGameExamples() {
  $("game-examples").replaceChildren(el("span", { class: "muted", text: "Games in CGSuite notation: " }),
    ...HOT_GAMES.map((game) => el("button", { type: "button", class: "example", title: `the value and thermograph of ${game}`, onclick: () => showGame(game) }, game)));
}

function formNode(form, extra = "") {
  if (form.value === null) {
    const whole = extra.includes("main") ? el("button", { type: "button", id: "value-whole", title: "ask for the whole canonical form (max_length=0)", onclick: () => { state.wholeValue = true; refreshValue($("value-text").value); } }, "show it anyway") : null;
    return el("span", { class: "muted long-form" }, `(a canonical form of ${bigCount(form.value_length)} characters: too long to show; endnim value --max-length 0 prints it) `, whole);
  }
  const copy = el("button", { type: "button", class: "copy", title: "Copy the CGSuite form", text: "copy", onclick: () => copyText(form.value_ascii, copy) });
  return el("span", { class: `form${extra}` },
    el("span", { class: "unicode", text: form.value }),
    form.value_ascii !== form.value ? el("code", { class: "ascii", title: "CGSuite notation", text: form.value_ascii }) : null,
    copy);
}

async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "copied";
  } catch (error) {
    button.textContent = "select the text to copy";
  }
}

const RELATION_WORDS = {
  "=": "equal: G − H is a P-position (the second player wins it)",
  ">": "G is better for Left: Left wins G − H whoever starts",
  "<": "G is better for Right: Right wins G − H whoever starts",
  "‖": "confused (incomparable): the first player wins G − H",
};

function comparisonNode(comparison) {
  // A sum of two, G + H: how G compares with H (the value row above is G + H).
  return el("span", { id: "comparison", "data-relation": comparison.relation },
    el("strong", { text: isGraphView() ? `G ${comparison.relation} H` : comparison.text }),
    ` ${RELATION_WORDS[comparison.relation]}`);
}

function renderValue(v) {
  const card = $("value-card");
  card.dataset.text = v.text;
  const graphView = isGraphView();
  const rows = [
    ["position", el("span", { class: graphView ? "graph-text" : null, text: graphView ? shortRow(v.text, 120) : v.text })],
    ["value", formNode(v, " main")],
    ["outcome", el("span", {}, el("span", { class: `chip-outcome outcome-${v.outcome}`, text: v.outcome }), ` ${OUTCOME_WORDS[v.outcome]}`)],
    ["stops", el("span", { id: "stops", text: `Left ${v.left_stop}, Right ${v.right_stop}` })],
    ["mean", el("span", { id: "mean", text: v.is_number ? `${v.mean} (a number)` : v.mean })],
    ["temperature", el("span", {}, el("span", { id: "temperature", text: v.temperature }),
      el("span", { class: "muted", text: v.is_number ? " cold: a number" : Number(v.temperature.split("/")[0]) > 0 ? " hot: moving first is worth about this much" : " infinitesimally close to its mean" }))],
    ["reduced", v.reduced === null ? el("span", { class: "muted", text: "too long to show" })
      : el("span", {}, v.reduced_unicode && v.reduced_unicode !== v.reduced
        ? el("span", { id: "reduced-unicode", class: "unicode", title: "reduced canonical form (infinitesimals removed)", text: `${v.reduced_unicode} ` }) : null,
        el("code", { id: "reduced", class: "ascii", title: "reduced canonical form (infinitesimals removed), CGSuite notation", text: v.reduced }))],
    ["atomic weight", v.atomic_weight === null
      ? el("span", { id: "atomic-weight", class: "muted", "data-none": "true", text: "none: the value is not all-small" })
      : el("span", {}, el("span", { id: "atomic-weight", text: v.atomic_weight }),
        v.atomic_weight_ascii !== v.atomic_weight ? el("code", { class: "ascii", text: ` CGSuite: ${v.atomic_weight_ascii}` }) : null)],
    ["birthday", el("span", { text: String(v.birthday) })],
  ];
  if (v.comparison) {
    rows[1][0] = "value of G + H";
    rows.splice(2, 0, ["G vs H", comparisonNode(v.comparison)]);
  }
  const list = el("dl", { class: "facts value-facts" });
  for (const [name, node] of rows) list.append(el("dt", { text: name }), el("dd", {}, node));
  const parts = [list];
  if (v.cgsuite) {
    const copy = el("button", { type: "button", id: "copy-cgsuite", class: "copy", title: "Copy an expression CGSuite evaluates to this value", text: "copy for CGSuite", onclick: () => copyText(v.cgsuite, copy) });
    parts.push(el("p", { class: "cgsuite-export" }, el("code", { id: "cgsuite-expression", class: "ascii", text: v.cgsuite }), " ", copy));
  }
  if (v.thermograph_svg) {
    // drawn inline (the server's SVG, its text escaped there): value ticks, temperatures, the
    // mast's top and both stops can be read and found
    const drawing = new DOMParser().parseFromString(v.thermograph_svg, "image/svg+xml").documentElement;
    drawing.setAttribute("id", "thermograph");
    parts.push(el("figure", { class: "thermograph" }, document.importNode(drawing, true),
      el("figcaption", { class: "muted", text: "Thermograph: value along the bottom (Left’s side on the left), temperature t upwards; left wall blue, right wall red, the mast grey up from the temperature, its top the mean." })));
  }
  if (v.summands.length > 1) {
    parts.push(el("h3", { text: "Summands" }), el("ul", { class: "summands" },
      ...v.summands.map((s, i) => el("li", { "data-hottest": i === v.hottest ? "true" : null },
        el("span", { class: "mv", text: `${s.position} = ` }), formNode(s),
        el("span", { class: "muted", text: ` mean ${s.mean}, temperature ${s.temperature}` }),
        i === v.hottest ? el("strong", { text: " ← hottest: move here first" }) : null))));
  }
  if (v.options && v.games) {  // a game in CGSuite's notation: each option a link to its value
    for (const [side, title] of [["L", "Left’s options"], ["R", "Right’s options"]]) {
      const options = v.options[side] || [];
      parts.push(el("h3", { text: `${title}: ${options.length}` }));
      if (!options.length) continue;
      parts.push(el("ul", { class: "options", "data-side": side },
        ...options.map((o) => el("li", {}, o.value_ascii === null ? formNode(o)
          : el("button", { type: "button", class: "example", title: `the value of ${o.value_ascii}`, onclick: () => showGame(o.value_ascii) }, o.value_ascii),
        o.value !== null && o.value !== o.value_ascii ? el("span", { class: "muted", text: ` = ${o.value}` }) : null))));
    }
  } else if (v.options) {
    const titles = graphView
      ? [["L", "Left’s options (along L and G edges)"], ["R", "Right’s options (along R and G edges)"]]
      : [["L", "Left’s options (first pile)"], ["R", "Right’s options (last pile)"]];
    for (const [side, title] of titles) {
      const options = v.options[side] || [];
      parts.push(el("h3", { text: `${title}: ${options.length}` }));
      if (!options.length) continue;
      parts.push(el("ul", { class: "options", "data-side": side },
        ...options.map((o) => el("li", { "data-move": o.move }, el("span", { class: "mv", text: o.move }),
          el("span", { class: "to", text: graphView ? ` (vertex ${o.move.replace("=", " becomes ")}) = ` : ` → ${shortRow(o.after, 24)} = ` }), formNode(o)))));
    }
  }
  const info = state.variants[state.variant];
  // the rule set's own title and source (a paper only where its rules are that paper's)
  const cited = info && info.source ? ` (${info.source})` : "";
  const rules = v.games ? "games in CGSuite’s notation, as endnim value --game"
    : `${info ? info.title : state.variant}${cited}, as endnim value -v ${state.variant}`;
  parts.push(el("p", { class: "hint-line", text: `Canonical forms of ${rules} gives them; the grey code is CGSuite's notation, to paste into CGSuite. Two positions joined by + are added (G + H) and compared (G ≥ H).` }));
  $("value-out").replaceChildren(...parts);
}

// ------------------------------------------------------------------ exports
function renderExports(t) {
  // What the command line writes: the table (CSV, LaTeX, a heatmap picture) and the phase diagram.
  const box = $("table-exports");
  const base = { variant: t.variant, middle: t.middle_text, rows: t.rows, cols: t.cols };
  const link = (id, text, path, params) => el("a", {
    id, class: "export", href: `${path}?${new URLSearchParams(params).toString()}`, download: "",
    title: `download (${path.replace("/api/export/", "")})`,
  }, text);
  const phase = t.kind === "outcome" && t.middle_text;
  const items = [
    link("export-csv", "CSV", "/api/export/table", { ...base, format: "csv" }),
    link("export-latex", "LaTeX", "/api/export/table", { ...base, format: "latex" }),
  ];
  if (phase) {
    const size = Math.max(t.rows, t.cols);
    items.push(link("export-phase-svg", "phase diagram SVG", "/api/export/phase", { middle: t.middle_text, size, format: "svg" }),
      link("export-phase-png", "phase diagram PNG", "/api/export/phase", { middle: t.middle_text, size, format: "png" }));
  } else {
    items.push(link("export-png", "PNG", "/api/export/table", { ...base, format: "png" }),
      link("export-svg", "SVG", "/api/export/table", { ...base, format: "svg" }));
  }
  box.replaceChildren(el("span", { class: "muted", text: `Download (a, b = 1..${t.rows}, 1..${t.cols}, as endnim ${phase ? "table / endnim phase" : "table"} writes them): ` }), ...items);
}

// ------------------------------------------------------------------ large tables on a canvas
const SVG_CELLS = 2500;
// Tables with more cells are drawn on one <canvas> (90,000 SVG cells took seconds to draw).

function tableGeometry(t) {
  const n = t.rows + 1;
  const m = t.cols + 1;
  const cell = Math.max(2, Math.min(30, Math.floor(540 / Math.max(n, m))));
  // phase diagrams as in the paper and `endnim phase` (a upward); other tables as `endnim table
  // --png` draws them (a downward)
  const up = t.kind === "outcome"; // with w empty too (the docs, the paper)
  const left = 44;
  const top = 40;
  return { n, m, cell, up, left, top, rowY: (x) => top + (up ? n - 1 - x : x) * cell };
}

function cellRow(t, x) {
  // a click on a cell of a Grundy table also shows its row x·w·b (research.js)
  if (t.kind === "grundy" && x > 0 && window.showRow) window.showRow(String(x), t.middle_text || "");
}

function cellPiles(t, x, y) {
  const middle = t.middle_text;
  return [...(x ? [String(x)] : []), ...(middle ? middle.split(" ") : []), ...(y ? [String(y)] : [])];
}

function renderTableCanvas(t, largest) {
  const g = tableGeometry(t);
  const started = performance.now();
  const width = g.left + g.m * g.cell + 8;
  const height = g.top + g.n * g.cell + 8;
  const scale = window.devicePixelRatio || 1;
  const canvas = el("canvas", { id: "table-canvas", class: "table-canvas", role: "img",
    "data-rows": t.rows, "data-cols": t.cols, "data-cell": g.cell, "data-left": g.left, "data-top": g.top, "data-up": String(g.up) });
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext("2d");
  ctx.scale(scale, scale);
  const css = getComputedStyle(document.documentElement);
  ctx.fillStyle = css.getPropertyValue("--paper").trim() || PALETTE.light_text;
  ctx.fillRect(0, 0, width, height);
  const colours = new Map();
  const colourOf = (value) => {
    let colour = colours.get(value);
    if (!colour) {
      colour = t.kind === "grundy" ? grundyColour(Number(value), largest) : PARTIZAN_COLOURS[value];
      colours.set(value, colour);
    }
    return colour;
  };
  const zeros = [];
  for (let x = 0; x < g.n; x += 1) {
    const line = t.values[x];
    const y0 = g.rowY(x);
    for (let y = 0; y < g.m; y += 1) {
      const value = line[y];
      ctx.fillStyle = colourOf(value);
      ctx.fillRect(g.left + y * g.cell, y0, g.cell, g.cell);
      if (t.kind === "grundy" && Number(value) === 0) zeros.push([x, y]);
    }
  }
  // P-positions (value 0) get a light dot, as in `endnim table --png`
  ctx.fillStyle = PALETTE.light_text;
  const dot = Math.max(1, Math.floor(g.cell / 3));
  for (const [x, y] of zeros) ctx.fillRect(g.left + y * g.cell + (g.cell - dot) / 2, g.rowY(x) + (g.cell - dot) / 2, dot, dot);
  const triple = t.triple_point;
  if (triple && triple[0] < g.n && triple[1] < g.m) {
    ctx.strokeStyle = PALETTE.highlight;
    ctx.lineWidth = 2;
    ctx.strokeRect(g.left + triple[1] * g.cell - 1, g.rowY(triple[0]) - 1, g.cell + 2, g.cell + 2);
  }
  ctx.fillStyle = css.getPropertyValue("--muted").trim();
  ctx.font = "10px system-ui, sans-serif";
  const step = g.cell >= 16 ? 1 : g.cell >= 9 ? 2 : g.cell >= 4 ? 10 : 25;
  ctx.textAlign = "center";
  for (let y = 0; y < g.m; y += step) ctx.fillText(String(y), g.left + y * g.cell + g.cell / 2, g.top - 6);
  ctx.textAlign = "end";
  for (let x = 0; x < g.n; x += step) ctx.fillText(String(x), g.left - 5, g.rowY(x) + g.cell / 2 + 4);
  ctx.fillStyle = css.getPropertyValue("--ink").trim();
  ctx.font = "11.5px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.fillText("y (last pile) →", g.left + (g.m * g.cell) / 2, 12);
  ctx.save();
  ctx.translate(12, g.top + (g.n * g.cell) / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(g.up ? "x (first pile) →" : "← x (first pile)", 0, 0);
  ctx.restore();
  const at = (event) => {
    const y = Math.floor((event.offsetX - g.left) / g.cell);
    const row = Math.floor((event.offsetY - g.top) / g.cell);
    const x = g.up ? g.n - 1 - row : row;
    return x >= 0 && x < g.n && y >= 0 && y < g.m && row >= 0 ? [x, y] : null;
  };
  canvas.addEventListener("mousemove", (event) => {
    const cell = at(event);
    if (!cell) { canvas.title = ""; return; }
    const [x, y] = cell;
    const row = cellPiles(t, x, y).join(" ") || "(empty)";
    const value = t.values[x][y];
    canvas.title = t.kind === "grundy" ? `G(${row}) = ${value}` : `${row}: class ${value}`;
  });
  canvas.addEventListener("click", (event) => {
    const cell = at(event);
    if (!cell || state.game) return;
    const piles = cellPiles(t, cell[0], cell[1]);
    if (piles.length) setPosition(piles);
    cellRow(t, cell[0]);
  });
  canvas.setAttribute("aria-label", `table of ${t.rows + 1} × ${t.cols + 1} values; hover for a value, click to analyse`);
  $("table").replaceChildren(canvas);
  $("table").dataset.drawMs = (performance.now() - started).toFixed(1);
}

// ------------------------------------------------------------------ wiring
function hashOf(variant, position) {
  const params = new URLSearchParams({ variant, position });
  const rules = endnimRules.textOf(variant); // a rule set typed as TOML: the link carries it
  if (rules !== null) params.set("rules", rules);
  if (state.cgsuite !== null) params.set("cgsuite", state.cgsuite); // a game in the value card
  return "#" + params.toString();
}

function historyDepth() {
  // How many of the page's own entries lie behind this one in the browser's history.
  const entry = window.history.state;
  return entry && Number.isInteger(entry.depth) ? entry.depth : 0;
}

function canGoBack() { return historyDepth() > 0; }

function updateHash() {
  // The address bar holds the variant and the position. A new position is a new entry of the
  // browser's history, so that back and forward move through positions; the moves of a game
  // replace it (Undo steps back through a game). The page's Back button walks this same
  // history (window.history.back()), so the two backs never disagree.
  if (state.game) {
    const hash = gameHash(state.game, state.view);
    if (window.location.hash !== hash) {
      if (!state.linked || state.following) window.history.replaceState({ depth: historyDepth() }, "", hash);
      else window.history.pushState({ depth: historyDepth() + 1 }, "", hash);
    }
    state.depth = historyDepth();
    $("back").disabled = !canGoBack();
    return;
  }
  const hash = hashOf(state.variant, positionText());
  if (window.location.hash === hash) return;
  if (!state.linked || state.following) {
    window.history.replaceState({ depth: historyDepth() }, "", hash);
  } else {
    window.history.pushState({ depth: historyDepth() + 1 }, "", hash);
  }
  state.depth = historyDepth();
  $("back").disabled = !canGoBack();
}

function linkTarget() {
  const params = new URLSearchParams(window.location.hash.slice(1));
  return {
    variant: params.get("variant"), position: params.get("position"), rules: params.get("rules"),
    game: gameOfLink(params), cgsuite: params.get("cgsuite"),
  };
}

async function applyLink(target, remember) {
  // Show what a link names; what cannot be shown is said in a message above the page (and the
  // address then names what is shown), never silently replaced.
  const problems = [];
  target = await endnimRules.restore(target, problems); // rules.js: a link's own rule set
  state.cgsuite = target.cgsuite || null; // a game in CGSuite's notation in the value card
  // A link without a variant names End-Nim, wherever it is followed: the same link, the same page.
  const wanted = target.variant === null ? DEFAULT_VARIANT : target.variant;
  if (!state.variants[wanted]) {
    problems.push(`this link's variant '${shortRow(wanted, 40)}' is not one of the workbench's ` +
      `(${Object.keys(state.variants).join(", ")})`);
  } else {
    state.variant = wanted;
  }
  syncVariantOptions();
  const text = target.position;
  if (isGraphView()) {
    let loaded = false;
    if (text !== null) {
      loaded = await loadGraphText(text, state.variant, remember);
      if (!loaded) problems.push(`this link's position '${shortRow(text, 60)}' cannot be read: ${state.graphError || "?"}`);
    }
    if (!loaded && !(await loadGraphText(graphOrRow(), state.variant, false))) loadPreset("path", false);
    await waitForRefresh();
  } else {
    let piles = state.piles;
    if (text !== null) {
      try { piles = await parseRow(text); } catch (error) {
        problems.push(`this link's position '${shortRow(text, 60)}' cannot be read: ${error.message}`);
      }
    }
    state.piles = piles;
    await refresh();
    if (state.table || !state.linked) await drawTable();
  }
  if (state.cgsuite !== null) await showGame(state.cgsuite, false);
  else if (!isPartizan()) $("value-card").hidden = true;
  if (problems.length) {
    const title = state.variants[state.variant].title;
    problems.push(`showing ${title}, ${isGraphView() ? "the graph drawn" : shortRow(positionText(), 60) || "the empty row"}, instead`);
  }
  showError(problems.join("; "), "link-error");
}

function graphOrRow() {
  // what a graph view falls back on: the graph shown, or the row (End-Nim's path)
  return state.graph ? graphText(state.graph) : state.piles.join(" ");
}

async function followLink() {
  // A link changed or pasted in an open tab, or back/forward: show what the address names.
  if (!state.linked) return;
  // a link pasted in the tab is a new entry of the history, one deeper than the page left
  if (window.history.state === null) window.history.replaceState({ depth: state.depth + 1 }, "", window.location.hash);
  state.depth = historyDepth();
  const hash = window.location.hash;
  if (hash === state.following) return;
  if (!state.game && hash === hashOf(state.variant, positionText())) return;
  if (state.game && hash === gameHash(state.game, state.view)) return;
  state.following = hash;
  try {
    const target = linkTarget();
    if (target.game && state.variants[target.variant]) {
      await followGame(target);
      return;
    }
    if (state.game) {
      state.game = null;
      state.redo = [];
      state.hintMove = null;
      $("hint-text").hidden = true;
      renderGame();
    }
    await applyLink(linkTarget(), true);
  } finally {
    state.following = null;
  }
}

async function followGame(target) {
  // Back, Forward or a link into a game: its position, the game kept (or played again)
  try {
    if (state.variant !== target.variant) { state.variant = target.variant; syncVariantOptions(); }
    await showRecord(target.variant, target.game);
    showError("", "link-error");
  } catch (error) {
    showError(`this link's game cannot be played again: ${error.message}`, "link-error");
  }
}

function syncVariantOptions() {
  $("side-options").hidden = !isPartizan();
  if (window.syncRowCard) window.syncRowCard(); // research.js: rows of impartial rule sets
  $("variant").value = state.variant;
  const graphView = isGraphView();
  $("table-card").hidden = graphView;
  document.querySelector("main.grid").classList.toggle("graph-rules", graphView); // no half-blank row
  $("editor").hidden = graphView;
  $("graph-view").hidden = !graphView;
  const [left, right] = document.querySelectorAll("#side-options label");
  left.lastChild.textContent = graphView ? " Left (L and G edges)" : " Left (first pile)";
  right.lastChild.textContent = graphView ? " Right (R and G edges)" : " Right (last pile)";
}

async function start() {
  try {
    applyPalette(await api("GET", "/api/palette"));
    SYMBOLS = (await api("GET", "/api/symbols")).map((s) => ({ ...s, regex: new RegExp(s.pattern) }));
    const variants = await api("GET", "/api/variants");
    for (const v of variants) state.variants[v.name] = v;
    $("variant").replaceChildren(...variants.map((v) => el("option", { value: v.name, text: v.title })));
  } catch (error) {
    showError(`cannot reach the workbench server: ${error.message}`);
    return;
  }
  syncVariantOptions();

  $("variant").addEventListener("change", async () => {
    showError("", "link-error");
    const wasGraph = isGraphView();
    const wasTree = isTreeRules();
    const rowText = state.piles.join(" ");
    state.variant = $("variant").value;
    syncVariantOptions();
    state.selected = null;
    if (isGraphView()) {
      // depot <-> depot-partizan: the same graph (every edge G, every depot a home); otherwise
      // the row (End-Nim) in the rule set's own row notation. Back returns to the graph left.
      const text = wasGraph && state.graph && !wasTree && !isTreeRules()
        ? convertedText(state.graph, state.variant) : rowText;
      const version = state.graphVersion;
      if (!(await loadGraphText(text, state.variant, false)) && state.graphVersion === version) {
        showError("");
        loadPreset("path", false);
      }
      return;
    }
    refresh();
    if (state.table || wasGraph) drawTable();
  });
  $("position-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!$("position-text").value.trim()) {
      // an empty box is a question, not the empty row: ask for a position
      showError("the position box is empty: type a position (such as 3 1 4) to analyse it");
      $("position-text").value = positionText();
      return;
    }
    if (looksLikeGame($("position-text").value)) {
      showGame($("position-text").value);
      $("position-text").value = positionText();
      return;
    }
    if (isGraphView()) { loadGraphText($("position-text").value, state.variant, true, true); return; }
    try {
      setPosition(await parseRow($("position-text").value));
    } catch (error) {
      showError(error.message);
      markStale("not analysed: the row above cannot be read", { editor: true });
    }
  });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    playMove($("move-text").value.trim());
  });
  $("back").addEventListener("click", () => {
    // the browser's own history, which its back button walks too (followLink shows the entry;
    // during a game: the game's previous position)
    if (canGoBack()) window.history.back();
  });
  $("random").addEventListener("click", () => {
    if (isGraphView()) { randomGraphPreset(); return; }
    const length = 2 + Math.floor(Math.random() * 4);
    setPosition(Array.from({ length }, () => String(1 + Math.floor(Math.random() * 7))));
  });
  $("show-values").addEventListener("change", () => { renderMoves(); refreshValue(); });
  $("value-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("value-text").value;
    if (looksLikeGame(text)) { showGame(text); return; }
    if (state.cgsuite !== null) { state.cgsuite = null; updateHash(); }
    refreshValue(text);
  });
  $("skill").addEventListener("input", () => { $("skill-value").textContent = skillText($("skill").value); });
  $("new-game").addEventListener("click", newGame);
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("stop").addEventListener("click", stopGame);
  $("table-form").addEventListener("submit", (event) => { event.preventDefault(); drawTable(); });
  $("table-from-position").addEventListener("click", () => {
    $("table-middle").value = state.piles.slice(1, -1).join(" ");
    drawTable();
  });
  wireGraphView();
  renderGame();
  renderGameExamples();
  const target = linkTarget();
  await applyLink(target, false);
  if (target.game && state.variants[target.variant]) {
    state.following = window.location.hash; // the record is played again: not a new entry
    try { await followGame(target); } finally { state.following = null; }
  }
  window.history.replaceState({ depth: historyDepth() }, "", window.location.hash);
  state.depth = historyDepth();
  state.linked = true;
  window.addEventListener("hashchange", followLink);
  window.addEventListener("popstate", followLink);
  document.body.dataset.ready = "true";
}

function waitForRefresh() {
  // loadGraphText/setGraph start refresh() without waiting: wait until the page is not busy
  return new Promise((resolve) => {
    const check = () => ($("busy").hidden ? resolve() : window.setTimeout(check, 30));
    window.setTimeout(check, 0);
  });
}

start();
