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

const state = {
  variants: {},
  variant: "endnim",
  piles: ["3", "3", "3", "2"], // decimal strings: exact at any size
  back: [],
  game: null,
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

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
}

function setBusy(on) { $("busy").hidden = !on; }

// ------------------------------------------------------------------ helpers
const isPartizan = () => { const info = state.variants[state.variant]; return !!info && !info.impartial; };
const positionText = () => (isGraphView() ? (state.graph ? graphText(state.graph) : "") : state.piles.join(" "));
const sideName = (side) => (side === "L" ? "Left" : "Right");

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

function parseRow(text) {
  // Accepts "3 3 3 2", "3,3,3,2" and "3^3 2"; the server checks again.
  const piles = [];
  for (const token of text.split(/[\s,;()[\]]+/).filter(Boolean)) {
    const match = /^(\d+)(?:\^(\d+))?$/.exec(token);
    if (!match) throw new Error(`cannot read '${token}': a position is a row of positive integers such as 3 3 3 2 or 3^3 2`);
    const pile = BigInt(match[1]).toString();
    const count = match[2] ? Number(match[2]) : 1;
    if (pile === "0") throw new Error("piles must be positive integers (0 is not a pile)");
    if (!(count >= 1) || piles.length + count > 1000) throw new Error("the workbench takes at most 1000 piles");
    for (let i = 0; i < count; i += 1) piles.push(pile);
  }
  return piles;
}

// ------------------------------------------------------------------ the position editor
function setPosition(piles, remember = true) {
  if (remember && !state.game) {
    state.back.push({ variant: state.variant, piles: state.piles.slice() });
    if (state.back.length > 200) state.back.shift();
  }
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
    $("position-text").value = positionText();
    $("position-text").disabled = locked;
    $("set-position").disabled = locked;
    $("random").disabled = locked;
    $("variant").disabled = locked;
    $("back").disabled = locked || state.back.length === 0;
    const info = state.variants[state.variant];
    $("rules").textContent = info ? `${info.title} — ${info.summary}` : "";
    renderGraphView();
    return;
  }
  const editor = $("editor");
  const locked = Boolean(state.game);
  editor.replaceChildren();
  editor.classList.toggle("locked", locked);
  const sizes = state.piles.map((p) => (p.length > 15 ? Infinity : Number(p)));
  const largest = Math.max(1, ...sizes.filter(Number.isFinite));
  const longest = Math.max(1, ...state.piles.map((p) => p.length));
  const useLog = largest > 40 || sizes.some((s) => !Number.isFinite(s));
  editor.append(el("button", {
    type: "button", class: "add-pile", title: "Add a pile at the start", "aria-label": "add a pile at the start",
    disabled: locked, onclick: () => setPosition(["1", ...state.piles]),
  }, "+"));
  state.piles.forEach((pile, index) => {
    const first = index === 0;
    const last = index === state.piles.length - 1;
    const height = useLog ? (pile.length / longest) : Number(pile) / largest;
    const label = first && last ? "L R" : first ? "L" : last ? "R" : "";
    const size = el("input", {
      class: "pile-size", type: "text", value: pile, inputmode: "numeric", disabled: locked,
      "aria-label": `pile ${index + 1}`, size: Math.min(Math.max(pile.length, 2), 12),
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
    editor.append(el("div", { class: `pile${first || last ? " end" : ""}`, "data-index": index },
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
  $("back").disabled = locked || state.back.length === 0;
  const info = state.variants[state.variant];
  $("rules").textContent = info ? `${info.title} — ${info.summary}` : "";
}

// ------------------------------------------------------------------ analysis
async function refresh() {
  const request = ++state.request;
  renderEditor();
  updateHash();
  const text = positionText();
  const player = isPartizan() && state.game ? state.game.side_to_move : null;
  setBusy(true);
  try {
    if (!isGraphView() && state.piles.length === 0) {
      renderEmpty();
    } else {
      const analysis = await api("GET", "/api/analyze", { variant: state.variant, position: text });
      if (request !== state.request) return;
      renderAnalysis(analysis);
    }
    const moves = await api("GET", "/api/moves", { variant: state.variant, position: text, player });
    if (request !== state.request) return;
    state.moves = moves;
    state.movesText = text;
    renderMoves();
    showError("");
  } catch (error) {
    if (request === state.request) showError(error.message);
  } finally {
    if (request === state.request) setBusy(false);
  }
}

function renderEmpty() {
  const outcome = $("outcome");
  outcome.textContent = "—";
  outcome.className = "outcome";
  $("outcome-words").textContent = "the empty row: the player to move has no move";
  for (const id of ["grundy", "remoteness", "winning", "method"]) $(id).textContent = "–";
  $("reason").replaceChildren();
  $("notes").replaceChildren();
  $("thresholds").hidden = $("thresholds-label").hidden = true;
}

function renderAnalysis(a) {
  const outcome = $("outcome");
  outcome.textContent = a.outcome;
  outcome.className = `outcome outcome-${a.outcome}`;
  $("outcome-words").textContent = OUTCOME_WORDS[a.outcome] || "";
  const impartial = !isPartizan();
  $("grundy").textContent = impartial ? (a.grundy === null ? "not computed" : String(a.grundy)) : "";
  $("grundy").hidden = $("grundy-label").hidden = !impartial;
  if (a.remoteness === null || a.remoteness === undefined) {
    $("remoteness").textContent = "not computed";
  } else if (typeof a.remoteness === "object") {
    $("remoteness").textContent = `${a.remoteness.left_first} with Left first, ${a.remoteness.right_first} with Right first`;
  } else {
    $("remoteness").textContent = `${a.remoteness} moves with best play`;
  }
  const ranges = a.winning_move_ranges ? a.winning_move_ranges.map(rangeText) : a.winning_moves; // graphs: a list
  $("winning").textContent = ranges.length ? ranges.join(", ") : "none: every move loses";
  const hasThresholds = "L_star" in a;
  $("thresholds").hidden = $("thresholds-label").hidden = !hasThresholds;
  if (hasThresholds) {
    $("thresholds").textContent = `L* = ${a.L_star}, R* = ${a.R_star}, L = ${a.L_threshold}, R = ${a.R_threshold}`;
  }
  const sources = Object.entries(a.sources).filter(([key]) => key !== "outcome")
    .map(([key, value]) => `${key.replace("_", " ")}: ${value}`).join(", ");
  $("method").textContent = `${a.method}${sources ? ` (${sources})` : ""}`;
  $("reason").replaceChildren(...a.reason.map((r) =>
    el("li", {}, el("strong", { text: r.theorem }), document.createTextNode(` ${r.statement}`))));
  $("notes").replaceChildren(...(a.notes || []).map((n) => el("li", { text: n })));
  if (a.components) {
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
  if (game.over || game.to_move !== "human") return false;
  return !isPartizan() || move.player === game.side_to_move;
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
  box.dataset.position = positionText();
  const reveal = !state.game || $("show-values").checked;
  const caption = [];
  if (!listing.total) {
    caption.push(state.piles.length === 0 ? "No move: the row is empty." : "No legal move: the game is over here.");
  } else if (!listing.listed) {
    const winning = listing.winning.map((r) => r.text).join(", ");
    caption.push(`${listing.total} legal moves, too many to list. ` +
      (winning ? `Winning: ${winning}; every other move loses.` : "Every move loses."));
  } else if (reveal) {
    caption.push(`Green moves win, red moves lose (with perfect play after them). ` +
      `Below each move: the position it leads to, its value (P, or its Grundy value G; ` +
      `partizan: its outcome class) and its remoteness. Values from the ${listing.values_from}.`);
  } else {
    caption.push("Values hidden during the game: tick “show values” to see them.");
  }
  if (state.game && !state.game.over && state.game.to_move === "human" && listing.total) caption.push("Click a move to play it.");
  $("moves-caption").textContent = caption.join(" ");
  if (!listing.listed) return;
  const graphView = isGraphView();
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

async function playMove(moveText, player = null) {
  if (!moveText) return;
  state.hintMove = null;
  $("hint-text").hidden = true;
  try {
    if (state.game) {
      setBusy(true);
      for (const button of document.querySelectorAll("#moves button")) button.disabled = true;
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
        const applied = await api("GET", "/api/apply-move", { variant: state.variant, position: positionText(), move: moveText });
        setPosition(applied.after ? applied.after.split(" ") : []);
      }
    }
    $("move-text").value = "";
  } catch (error) {
    setBusy(false);
    renderMoves();
    showError(error.message);
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
    state.back = [];
    $("hint-text").hidden = true;
    afterGameChange();
  } catch (error) {
    showError(error.message);
  }
}

function afterGameChange() {
  const game = state.game;
  if (isGraphView()) {
    state.graph = normalGraph(parseJSON(game.position));
    state.pendingEdge = null;
  } else {
    state.piles = game.position ? game.position.split(" ") : [];
  }
  state.hintMove = null;
  renderGame();
  refresh();
  if (!game.over && game.to_move === "computer") {
    window.setTimeout(computerTurn, 500);
  }
}

async function computerTurn() {
  const game = state.game;
  if (!game || game.over || game.to_move !== "computer") return;
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
  $("hint").disabled = !game || game.over || game.to_move !== "human";
  $("undo").disabled = !game || !game.history.some((ply) => ply.mover === "human");
  $("stop").disabled = !game;
  $("new-game").textContent = game ? "Restart this game" : "New game from this position";
  $("new-game").disabled = Boolean(game && game.to_move === "computer" && !game.over);
  status.className = "game-status";
  if (!game) {
    status.textContent = "Set up a position, then start a game.";
    $("history").replaceChildren();
    return;
  }
  const you = game.human_side ? `you are ${sideName(game.human_side)}` : "";
  if (game.over) {
    const human = game.winner === "human";
    status.textContent = human ? "You won! The computer has no good move left." : "The computer won.";
    status.classList.add(human ? "won" : "lost");
  } else if (game.to_move === "human") {
    const where = isGraphView() ? `reduce a vertex you reach along ${game.human_side} and G edges` : `play the ${game.human_side === "L" ? "first" : "last"} pile`;
    status.textContent = `Your move${you ? ` (${you}: ${where})` : ""}.`;
    status.classList.add("yours");
  } else {
    status.textContent = "The computer is thinking…";
  }
  $("history").replaceChildren(...game.history.map((ply) => el("li", { class: ply.mover },
    el("strong", { text: ply.mover === "human" ? "you" : "computer" }),
    document.createTextNode(` ${ply.side ? `(${sideName(ply.side)}) ` : ""}${ply.move}` +
      (isGraphView() ? ` (vertex ${ply.move.split("=")[0]} becomes ${ply.move.split("=")[1]})` : ` → ${shortRow(ply.after, 40)}`)),
    ply.kind === "random" ? el("em", { text: " (a random move)" }) : null)));
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
  if (!state.game) return;
  try {
    state.game = await api("POST", `/api/games/${state.game.id}/undo`);
    $("hint-text").hidden = true;
    afterGameChange();
  } catch (error) {
    showError(error.message);
  }
}

function stopGame() {
  state.game = null;
  state.hintMove = null;
  $("hint-text").hidden = true;
  renderGame();
  $("game-status").textContent = "Game stopped. Explore freely, or start a new game.";
  refresh();
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

function textOn(hex) {
  // the same rule as endnim.palette.text_colour
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 ? PALETTE.dark_text : PALETTE.light_text;
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
  } catch (error) {
    showError(error.message);
  } finally {
    $("table").removeAttribute("aria-busy");
  }
}

function renderTable() {
  const t = state.table;
  if (!t) return;
  const svgNS = "http://www.w3.org/2000/svg";
  const n = t.rows + 1;
  const m = t.cols + 1;
  const cell = Math.max(6, Math.min(30, Math.floor(540 / Math.max(n, m))));
  const left = 44;
  const top = 40;
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
  add("text", { x: 12, y: top + (n * cell) / 2, "text-anchor": "middle", class: "axis-title", transform: `rotate(-90 12 ${top + (n * cell) / 2})` }, "x (first pile) →");
  const step = cell >= 16 ? 1 : cell >= 9 ? 2 : 5;
  for (let y = 0; y < m; y += step) add("text", { x: left + y * cell + cell / 2, y: top - 6, "text-anchor": "middle", class: "tick" }, String(y));
  for (let x = 0; x < n; x += step) add("text", { x: left - 5, y: top + x * cell + cell / 2 + 4, "text-anchor": "end", class: "tick" }, String(x));
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
        x: left + y * cell, y: top + x * cell, width: cell, height: cell, fill: colour,
        class: "cell", "data-x": x, "data-y": y, "data-value": value,
      });
      const title = document.createElementNS(svgNS, "title");
      title.textContent = label;
      rect.append(title);
      if (piles.length) rect.addEventListener("click", () => { if (!state.game) setPosition(piles); });
      if (cell >= 16 && String(value).length <= 3) {
        add("text", {
          x: left + y * cell + cell / 2, y: top + x * cell + cell / 2 + 4, "text-anchor": "middle",
          class: "cell-text", fill: textOn(colour),
        }, String(value));
      }
    }
  }
  if (triple && triple[0] < n && triple[1] < m) {
    add("rect", {
      x: left + triple[1] * cell + 1, y: top + triple[0] * cell + 1, width: cell - 2, height: cell - 2,
      fill: "none", stroke: PALETTE.highlight, "stroke-width": 3, class: "triple-point",
    });
  }
  $("table").replaceChildren(svg);
  const name = state.variants[t.variant] ? state.variants[t.variant].title : t.variant;
  $("table-caption").textContent = t.kind === "grundy"
    ? `${name}: Grundy values of x${w}y (x = first pile, y = last pile, 0 = no pile). Dark cells are the P-positions. Click a cell to analyse it.`
    : `${name}: phase diagram of w = ${middle || "(empty)"}: the outcome class of x${w}y (Albert–Nowakowski §3).` +
      (triple ? ` The red square is the triple point (${triple[0]}, ${triple[1]}); the P-positions are (${triple[0]}+t, ${triple[1]}+t).` : "") +
      " Click a cell to analyse it.";
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

// ------------------------------------------------------------------ wiring
function updateHash() {
  const hash = `#variant=${encodeURIComponent(state.variant)}&position=${encodeURIComponent(positionText())}`;
  if (window.location.hash !== hash) window.history.replaceState(null, "", hash);
}

function readHash() {
  const params = new URLSearchParams(window.location.hash.slice(1));
  if (params.get("variant") && state.variants[params.get("variant")]) state.variant = params.get("variant");
  if (params.get("position")) {
    if (isGraphView()) {
      state.graphText = params.get("position");
      return;
    }
    try { state.piles = parseRow(params.get("position")); } catch (error) { showError(error.message); }
  }
}

function syncVariantOptions() {
  $("side-options").hidden = !isPartizan();
  $("variant").value = state.variant;
  const graphView = isGraphView();
  $("table-card").hidden = graphView;
  $("editor").hidden = graphView;
  $("graph-view").hidden = !graphView;
  const [left, right] = document.querySelectorAll("#side-options label");
  left.lastChild.textContent = graphView ? " Left (L and G edges)" : " Left (first pile)";
  right.lastChild.textContent = graphView ? " Right (R and G edges)" : " Right (last pile)";
}

async function start() {
  try {
    applyPalette(await api("GET", "/api/palette"));
    const variants = await api("GET", "/api/variants");
    for (const v of variants) state.variants[v.name] = v;
    $("variant").replaceChildren(...variants.map((v) => el("option", { value: v.name, text: v.title })));
  } catch (error) {
    showError(`cannot reach the workbench server: ${error.message}`);
    return;
  }
  readHash();
  syncVariantOptions();

  $("variant").addEventListener("change", async () => {
    const wasGraph = isGraphView();
    const wasTree = isTreeRules();
    const oldVariant = state.variant;
    const rowText = state.piles.join(" ");
    if (wasGraph && state.graph) {
      state.back.push({ variant: oldVariant, graph: state.graph, layout: state.layout });
    }
    state.variant = $("variant").value;
    syncVariantOptions();
    state.selected = null;
    if (isGraphView()) {
      // depot <-> depot-partizan: the same graph (every edge G, every depot a home); otherwise
      // the row (End-Nim) in the rule set's own row notation. Back returns to the graph left.
      if (!wasGraph) state.back.push({ variant: oldVariant, piles: state.piles.slice() });
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
  $("position-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (isGraphView()) { loadGraphText($("position-text").value); return; }
    try { setPosition(parseRow($("position-text").value)); } catch (error) { showError(error.message); }
  });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    playMove($("move-text").value.trim());
  });
  $("back").addEventListener("click", () => {
    const previous = state.back.pop();
    if (!previous) return;
    state.variant = previous.variant;
    syncVariantOptions();
    if (previous.graph) setGraph(previous.graph, previous.layout, false);
    else setPosition(previous.piles, false);
  });
  $("random").addEventListener("click", () => {
    if (isGraphView()) { randomGraphPreset(); return; }
    const length = 2 + Math.floor(Math.random() * 4);
    setPosition(Array.from({ length }, () => String(1 + Math.floor(Math.random() * 7))));
  });
  $("show-values").addEventListener("change", renderMoves);
  $("skill").addEventListener("input", () => { $("skill-value").textContent = skillText($("skill").value); });
  $("new-game").addEventListener("click", newGame);
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("stop").addEventListener("click", stopGame);
  $("table-form").addEventListener("submit", (event) => { event.preventDefault(); drawTable(); });
  $("table-from-position").addEventListener("click", () => {
    $("table-middle").value = state.piles.slice(1, -1).join(" ");
    drawTable();
  });
  wireGraphView();
  renderGame();
  if (isGraphView()) {
    const text = state.graphText || state.piles.join(" ");
    state.graphText = null;
    if (!(await loadGraphText(text, state.variant, false))) loadPreset("path", false);
    await waitForRefresh();
  } else {
    await refresh();
    await drawTable();
  }
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
