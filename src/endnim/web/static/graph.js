// endnim workbench: the graph view (tree, depot, depot-partizan). Plain JavaScript, no build
// step. Loaded before app.js, whose state, el(), api(), showError() and refresh() these
// functions use when they run. A graph is {labels, edges, colours?, homes?} as in the API's
// JSON; labels are decimal strings (exact), vertex coordinates live in state.layout.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const UNIT = 62; // pixels between neighbouring layout positions
const RADIUS = 17;

const isGraphView = () => {
  const info = state.variants[state.variant];
  return Boolean(info) && info.family !== "row";
};
const hasColours = () => isGraphView() && isPartizan(); // depot-partizan: coloured edges, homes
const isTreeRules = () => {
  const info = state.variants[state.variant];
  return Boolean(info) && info.family === "tree";
};

// ------------------------------------------------------------------ graphs and their text
function normalGraph(value) {
  // Edges as [u, v] with u < v, sorted, colours alongside: the order the server writes.
  const labels = value.labels.map((x) => String(x));
  const pairs = value.edges.map((edge, i) => {
    const [a, b] = edge.map(Number);
    return { u: Math.min(a, b), v: Math.max(a, b), colour: value.colours ? value.colours[i] : null };
  });
  pairs.sort((p, q) => p.u - q.u || p.v - q.v);
  const graph = { labels, edges: pairs.map((p) => [p.u, p.v]) };
  if (value.colours) graph.colours = pairs.map((p) => p.colour);
  if (value.homes) graph.homes = value.homes.map(Number).sort((a, b) => a - b);
  return graph;
}

function graphText(graph) {
  // The server's one line of JSON (json.dumps with ", " and ": "), so texts compare equal.
  const list = (items) => `[${items.join(", ")}]`;
  let text = `{"labels": ${list(graph.labels)}, "edges": ${list(graph.edges.map((e) => list(e)))}`;
  if (graph.colours) text += `, "colours": ${list(graph.colours.map((c) => `"${c}"`))}`;
  if (graph.homes) text += `, "homes": ${list(graph.homes)}`;
  return text + "}";
}

function plainGraph(graph) {
  // The graph without colours and homes (for a rule set that has none).
  return { labels: graph.labels.slice(), edges: graph.edges.map((e) => e.slice()) };
}

function neighbours(graph) {
  const adjacent = graph.labels.map(() => []);
  for (const [u, v] of graph.edges) { adjacent[u].push(v); adjacent[v].push(u); }
  return adjacent;
}

// ------------------------------------------------------------------ layout (deterministic)
function gridLayout(rows, cols) {
  // The numbering of the grid notation: interior row by row, then the border above, below,
  // left and right (endnim.graphs.notation.grid_shape).
  const layout = [];
  for (let r = 0; r < rows; r += 1) for (let c = 0; c < cols; c += 1) layout.push([c + 1, r + 1]);
  for (let c = 0; c < cols; c += 1) layout.push([c + 1, 0]);
  for (let c = 0; c < cols; c += 1) layout.push([c + 1, rows + 1]);
  for (let r = 0; r < rows; r += 1) layout.push([0, r + 1]);
  for (let r = 0; r < rows; r += 1) layout.push([cols + 1, r + 1]);
  return layout;
}

function layoutGraph(graph, text) {
  // Grids (from their notation) on the grid; per connected component: a path in a row, a
  // cycle on a circle, a tree in layers from its lowest-numbered vertex, anything else on a
  // circle; components side by side.
  const n = graph.labels.length;
  const grid = /^\s*grid\s+(\d+)\s*[x×X*]\s*(\d+)/i.exec(text || "");
  if (grid) {
    const rows = Number(grid[1]);
    const cols = Number(grid[2]);
    if (rows * cols + 2 * (rows + cols) === n) return gridLayout(rows, cols);
  }
  const adjacent = neighbours(graph);
  const layout = new Array(n);
  const seen = new Array(n).fill(false);
  let left = 0;
  for (let start = 0; start < n; start += 1) {
    if (seen[start]) continue;
    const part = [start];
    seen[start] = true;
    for (let i = 0; i < part.length; i += 1) {
      for (const w of adjacent[part[i]]) if (!seen[w]) { seen[w] = true; part.push(w); }
    }
    part.sort((a, b) => a - b);
    const edges = part.reduce((total, v) => total + adjacent[v].length, 0) / 2;
    const m = part.length;
    let width;
    if (m >= 3 && edges === m && part.every((v) => adjacent[v].length === 2)) {
      width = placeCircle(walkCycle(part[0], adjacent), layout, left);
    } else if (edges === m - 1 && part.every((v) => adjacent[v].length <= 2)) {
      const end = part.find((v) => adjacent[v].length <= 1);
      const order = walkPath(end, adjacent);
      order.forEach((v, i) => { layout[v] = [left + i, 0]; });
      width = m - 1;
    } else if (edges === m - 1) {
      width = placeTree(part[0], adjacent, layout, left);
    } else {
      width = placeCircle(part, layout, left);
    }
    left += width + 1.2;
  }
  return layout;
}

function walkPath(end, adjacent) {
  const order = [end];
  let previous = -1;
  let current = end;
  for (;;) {
    const next = adjacent[current].find((w) => w !== previous);
    if (next === undefined || order.includes(next)) return order;
    order.push(next);
    previous = current;
    current = next;
  }
}

function walkCycle(start, adjacent) {
  const order = [start];
  let previous = start;
  let current = Math.min(...adjacent[start]);
  while (current !== start) {
    order.push(current);
    const next = adjacent[current][0] === previous ? adjacent[current][1] : adjacent[current][0];
    previous = current;
    current = next;
  }
  return order;
}

function placeCircle(order, layout, left) {
  const m = order.length;
  const radius = m <= 1 ? 0 : Math.max(0.9, m / (2 * Math.PI) * 1.25);
  order.forEach((v, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / m;
    layout[v] = [left + radius + radius * Math.cos(angle), radius + radius * Math.sin(angle)];
  });
  return 2 * radius;
}

function placeTree(root, adjacent, layout, left) {
  // Leaves take consecutive columns, a parent sits above the middle of its children.
  let column = 0;
  const place = (v, parent, depth) => {
    const children = adjacent[v].filter((w) => w !== parent).sort((a, b) => a - b);
    if (!children.length) {
      layout[v] = [left + column, depth];
      column += 1;
      return;
    }
    for (const child of children) place(child, v, depth + 1);
    const first = layout[children[0]][0];
    const last = layout[children[children.length - 1]][0];
    layout[v] = [(first + last) / 2, depth];
  };
  place(root, -1, 0);
  return Math.max(0, column - 1);
}

// ------------------------------------------------------------------ presets
function radial(centre, legs, step = 1) {
  // A centre at (0, 0) and legs of the given lengths spread round it: coordinates per vertex.
  const layout = [[0, 0]];
  legs.forEach((length, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / legs.length;
    for (let k = 1; k <= length; k += 1) {
      layout.push([k * step * 1.1 * Math.cos(angle), k * step * 1.1 * Math.sin(angle)]);
    }
  });
  return layout;
}

function legsGraph(centre, legs) {
  // Vertex 0 the centre, then each leg outwards; returns labels and edges.
  const labels = [String(centre)];
  const edges = [];
  for (const leg of legs) {
    let previous = 0;
    for (const label of leg) {
      labels.push(String(label));
      edges.push([previous, labels.length - 1]);
      previous = labels.length - 1;
    }
  }
  return { labels, edges };
}

function pathPreset(labels, colours, homes) {
  const graph = { labels: labels.map(String), edges: labels.slice(1).map((_, i) => [i, i + 1]) };
  if (colours) { graph.colours = colours; graph.homes = homes; }
  return { graph, layout: labels.map((_, i) => [i, 0]) };
}

function cyclePreset(labels, colours, homes) {
  const n = labels.length;
  const graph = { labels: labels.map(String), edges: labels.map((_, i) => [i, (i + 1) % n]) };
  if (colours) { graph.colours = colours; graph.homes = homes; }
  const layout = [];
  placeCircle(labels.map((_, i) => i), layout, 0);
  return { graph, layout };
}

function legsPreset(centre, legs, colours, homes) {
  const graph = legsGraph(centre, legs);
  if (colours) { graph.colours = colours; graph.homes = homes; }
  return { graph, layout: radial(centre, legs.map((leg) => leg.length)) };
}

function gridPreset(rows, cols, cells, partizan) {
  const labels = cells.map(String);
  const edges = [];
  const cell = (r, c) => r * cols + c;
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      if (c + 1 < cols) edges.push([cell(r, c), cell(r, c + 1)]);
      if (r + 1 < rows) edges.push([cell(r, c), cell(r + 1, c)]);
    }
  }
  const border = [];
  for (let c = 0; c < cols; c += 1) border.push(cell(0, c));
  for (let c = 0; c < cols; c += 1) border.push(cell(rows - 1, c));
  for (let r = 0; r < rows; r += 1) border.push(cell(r, 0));
  for (let r = 0; r < rows; r += 1) border.push(cell(r, cols - 1));
  for (const inner of border) { labels.push("0"); edges.push([inner, labels.length - 1]); }
  const graph = { labels, edges };
  if (partizan) {
    graph.colours = edges.map(() => "G");
    graph.homes = labels.map((x, i) => (x === "0" ? i : -1)).filter((i) => i >= 0);
  }
  return { graph, layout: gridLayout(rows, cols) };
}

const PRESETS = {
  tree: {
    path: () => pathPreset([3, 1, 4, 2]),
    star: () => legsPreset(2, [[1], [2], [3], [1]]),
    spider: () => legsPreset(1, [[2, 1], [1, 2], [2, 2]]),
  },
  depot: {
    path: () => pathPreset([0, 3, 1, 4, 2, 0]),
    star: () => legsPreset(2, [[0], [1], [3], [2]]),
    spider: () => legsPreset(0, [[2, 1], [3, 2], [1, 2]]),
    cycle: () => cyclePreset([0, 3, 2, 4, 1]),
    grid: () => gridPreset(2, 3, [1, 2, 1, 2, 1, 2], false),
  },
  "depot-partizan": {
    path: () => pathPreset([0, 3, 1, 2, 2, 0], ["L", "G", "G", "G", "R"], [0, 5]),
    star: () => legsPreset(0, [[2], [3], [1], [2]], ["L", "R", "G", "L"], [0]),
    spider: () => legsPreset(0, [[2, 1], [3, 2], [1, 2]], ["L", "G", "R", "G", "G", "G"], [0]),
    cycle: () => cyclePreset([0, 2, 3, 2, 1], ["L", "G", "G", "G", "R"], [0]),
    grid: () => gridPreset(2, 3, [1, 2, 1, 2, 1, 2], true),
  },
};

function presetsFor(variant) {
  const info = state.variants[variant];
  if (PRESETS[variant]) return PRESETS[variant];
  if (info && info.family === "tree") return PRESETS.tree;
  return info && !info.impartial ? PRESETS["depot-partizan"] : PRESETS.depot;
}

function loadPreset(name, remember = true) {
  const made = presetsFor(state.variant)[name]();
  state.selected = null;
  setGraph(normalGraph(made.graph), made.layout, remember);
}

function randomGraphPreset() {
  const presets = presetsFor(state.variant);
  const names = Object.keys(presets);
  const made = presets[names[Math.floor(Math.random() * names.length)]]();
  made.graph.labels = made.graph.labels.map((x) => (x === "0" ? x : String(1 + Math.floor(Math.random() * 3))));
  state.selected = null;
  setGraph(normalGraph(made.graph), made.layout);
}

// ------------------------------------------------------------------ state changes
function setGraph(graph, layout, remember = true) {
  state.graph = graph;
  state.layout = layout;
  state.graphVersion = (state.graphVersion || 0) + 1;
  state.pendingEdge = null;
  if (state.selected && state.selected.kind === "vertex" && state.selected.index >= graph.labels.length) state.selected = null;
  if (state.selected && state.selected.kind === "edge" && state.selected.index >= graph.edges.length) state.selected = null;
  refresh();
}

async function loadGraphText(text, variant = state.variant, remember = true, typed = false) {
  // Any notation the rule set reads, drawn with a fresh layout (typed in the box: the box keeps
  // the notation, not the graph's long JSON).
  const version = state.graphVersion;
  try {
    const read = await api("GET", "/api/position", { variant, position: text });
    if (state.graphVersion !== version || state.variant !== variant) return false; // overtaken
    const graph = normalGraph(read.position);
    const layout = state.graph && state.layout && state.layout.length === graph.labels.length &&
      graphText(plainGraph(state.graph)) === graphText(plainGraph(graph))
      ? state.layout : layoutGraph(graph, text);
    state.selected = null;
    state.graphTyped = typed ? { json: graphText(graph), text: text.trim() } : null;
    setGraph(graph, layout, remember);
    state.graphError = null;
    return true;
  } catch (error) {
    state.graphError = error.message;
    showError(error.message);
    return false;
  }
}

function convertedText(graph, variant) {
  // The current graph for another graph rule set: depot-partizan keeps colours and homes.
  return graphText(variant === "depot-partizan" ? graph : plainGraph(graph));
}

function editGraph(change) {
  if (state.game) return;
  const graph = JSON.parse(JSON.stringify(state.graph));
  const layout = state.layout.map((p) => p.slice());
  if (change(graph, layout) === false) return;
  setGraph(normalGraph(graph), layout);
}

function freeSpot(layout, near) {
  const taken = (x, y) => layout.some((p) => Math.hypot(p[0] - x, p[1] - y) < 0.6);
  if (near) {
    for (const [dx, dy] of [[0, 1], [1, 0], [1, 1], [-1, 1], [0, -1], [-1, 0], [1, -1], [-1, -1]]) {
      const spot = [near[0] + dx, near[1] + dy];
      if (!taken(...spot)) return spot;
    }
  }
  const right = layout.length ? Math.max(...layout.map((p) => p[0])) + 1 : 0;
  return [right, 0];
}

function addVertex() {
  const selected = state.selected && state.selected.kind === "vertex" ? state.selected.index : null;
  editGraph((graph, layout) => {
    graph.labels.push("1");
    const added = graph.labels.length - 1;
    layout.push(freeSpot(layout, selected === null ? null : layout[selected]));
    if (selected !== null) {
      graph.edges.push([selected, added]);
      if (graph.colours) graph.colours.push("G");
    }
    state.selected = { kind: "vertex", index: added };
  });
}

function joinVertices(u, v) {
  if (u === v) { state.pendingEdge = null; renderGraphView(); return; }
  const exists = state.graph.edges.some(([a, b]) => (a === u && b === v) || (a === v && b === u));
  if (exists) {
    state.pendingEdge = null;
    showError(`vertices ${u} and ${v} are already joined: give each edge once`);
    renderGraphView();
    return;
  }
  const path = isTreeRules() ? pathBetween(state.graph, u, v) : null;
  if (path) {
    // a tree has no cycle: refuse the edge here, naming it, and keep the tree as it was (the
    // server would blame another edge of the cycle, and the refused graph would stay shown)
    state.pendingEdge = null;
    showError(`edge (${Math.min(u, v)}, ${Math.max(u, v)}) closes a cycle with the path ${path.join("–")}: ` +
      "a tree has none (depot and depot-partizan take graphs with cycles)");
    renderGraphView();
    return;
  }
  editGraph((graph) => {
    graph.edges.push([u, v]);
    if (graph.colours) graph.colours.push("G");
    state.selected = { kind: "vertex", index: v };
  });
}

function pathBetween(graph, u, v) {
  // the vertices of a path from u to v (breadth first), or null when they are not joined
  const adjacent = neighbours(graph);
  const before = new Array(graph.labels.length).fill(-1);
  before[u] = u;
  const queue = [u];
  for (let i = 0; i < queue.length; i += 1) {
    for (const w of adjacent[queue[i]]) {
      if (before[w] === -1) { before[w] = queue[i]; queue.push(w); }
    }
  }
  if (before[v] === -1) return null;
  const path = [v];
  while (path[path.length - 1] !== u) path.push(before[path[path.length - 1]]);
  return path.reverse();
}

function removeSelected() {
  const selected = state.selected;
  if (!selected) return;
  if (selected.kind === "edge") {
    editGraph((graph) => {
      graph.edges.splice(selected.index, 1);
      if (graph.colours) graph.colours.splice(selected.index, 1);
      state.selected = null;
    });
    return;
  }
  if (state.graph.labels.length <= 1) { showError("a position needs at least one vertex"); return; }
  const gone = selected.index;
  editGraph((graph, layout) => {
    const renumber = (v) => (v > gone ? v - 1 : v);
    const keep = graph.edges.map((e) => !e.includes(gone));
    graph.edges = graph.edges.filter((_, i) => keep[i]).map((e) => e.map(renumber));
    if (graph.colours) graph.colours = graph.colours.filter((_, i) => keep[i]);
    if (graph.homes) graph.homes = graph.homes.filter((h) => h !== gone).map(renumber);
    graph.labels.splice(gone, 1);
    layout.splice(gone, 1);
    state.selected = null;
  });
}

function setLabel(text) {
  const selected = state.selected;
  if (!selected || selected.kind !== "vertex") return;
  const value = text.trim();
  if (!/^\d+$/.test(value)) {
    showError(`vertex ${selected.index}: a label is a whole number >= 0, not '${value.slice(0, 20)}'`);
    renderGraphView();
    return;
  }
  editGraph((graph) => {
    const label = BigInt(value).toString();
    if (graph.labels[selected.index] === label) return false;
    graph.labels[selected.index] = label;
    if (graph.homes && label !== "0") graph.homes = graph.homes.filter((h) => h !== selected.index);
    return true;
  });
}

function setEdgeColour(colour) {
  const selected = state.selected;
  if (!selected || selected.kind !== "edge") return;
  editGraph((graph) => {
    if (!graph.colours) graph.colours = graph.edges.map(() => "G");
    graph.colours[selected.index] = colour;
  });
}

function toggleHome() {
  const selected = state.selected;
  if (!selected || selected.kind !== "vertex") return;
  editGraph((graph) => {
    const v = selected.index;
    const homes = graph.homes || [];
    graph.homes = homes.includes(v) ? homes.filter((h) => h !== v) : [...homes, v];
  });
}

// ------------------------------------------------------------------ moves per vertex
function viewedPlayer() {
  // Whose moves colour the vertices: the side to move in a game (or yours while the computer
  // thinks), else the side picked under "You play"; impartial: nobody in particular.
  if (!isPartizan()) return null;
  const game = state.game;
  if (game) return game.over || game.to_move === "human" ? game.side_to_move : game.human_side;
  const checked = document.querySelector("input[name=side]:checked");
  return checked ? checked.value : "L";
}

function movesOfVertex(vertex, player) {
  const listing = state.moves;
  if (!listing || !listing.listed || state.movesText !== positionText()) return []; // stale
  return listing.moves.filter((m) => Number(m.move.split("=")[0]) === vertex &&
    (player === undefined || player === null || m.player === player));
}

function vertexResult(vertex) {
  const moves = movesOfVertex(vertex, viewedPlayer());
  if (!moves.length) return "none";
  return moves.some((m) => m.wins) ? "win" : "lose";
}

function onVertexClick(vertex) {
  if (state.pendingEdge !== null && state.pendingEdge !== undefined && !state.game) {
    joinVertices(state.pendingEdge, vertex);
    return;
  }
  state.selected = { kind: "vertex", index: vertex };
  renderGraphView();
}

function onEdgeClick(index) {
  if (state.game) return;
  state.selected = { kind: "edge", index };
  state.pendingEdge = null;
  renderGraphView();
}

// ------------------------------------------------------------------ drawing
function svgNode(parent, tag, attributes, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
  }
  if (text !== undefined) node.textContent = text;
  parent.append(node);
  return node;
}

function renderGraphView() {
  renderPresets();
  renderGraph();
  renderGraphTools();
  renderVertexMoves();
}

function renderPresets() {
  const box = $("presets");
  const names = Object.keys(presetsFor(state.variant));
  if (box.dataset.variant === state.variant && box.dataset.locked === String(Boolean(state.game))) return;
  box.dataset.variant = state.variant;
  box.dataset.locked = String(Boolean(state.game));
  box.replaceChildren(el("span", { class: "presets-label", text: "Presets" }),
    ...names.map((name) => el("button", {
      type: "button", class: "preset", "data-preset": name, disabled: Boolean(state.game),
      title: `load the ${name} preset`, onclick: () => loadPreset(name),
    }, name)));
}

function numberOffset(v, X, Y) {
  // Where a vertex's number goes: beside the circle, in the direction farthest (in angle) from
  // every edge at the vertex, so that no edge runs through it (upper right when free).
  const angles = [];
  for (const [a, b] of state.graph.edges) {
    if (a !== v && b !== v) continue;
    const w = a === v ? b : a;
    angles.push(Math.atan2(Y(w) - Y(v), X(w) - X(v)));
  }
  if ((state.graph.homes || []).includes(v)) angles.push(-Math.PI / 2); // the home's roof
  let best = -Math.PI / 4;
  let bestGap = -1;
  for (let k = 0; k < 16; k += 1) {
    const angle = -Math.PI / 4 + (k * Math.PI) / 8;
    const gap = angles.length
      ? Math.min(...angles.map((e) => Math.abs(Math.atan2(Math.sin(angle - e), Math.cos(angle - e)))))
      : Math.PI;
    if (gap > bestGap + 1e-9) { best = angle; bestGap = gap; }
  }
  const distance = RADIUS + 9;
  return [distance * Math.cos(best), distance * Math.sin(best)];
}

function renderGraph() {
  const svg = $("graph-svg");
  const graph = state.graph;
  const layout = state.layout;
  svg.replaceChildren();
  if (!graph || !layout) return;
  const xs = layout.map((p) => p[0]);
  const ys = layout.map((p) => p[1]);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const pad = RADIUS + 16;
  const width = (Math.max(...xs) - minX) * UNIT + 2 * pad;
  const height = (Math.max(...ys) - minY) * UNIT + 2 * pad;
  svg.setAttribute("viewBox", `0 0 ${width.toFixed(1)} ${height.toFixed(1)}`);
  svg.style.maxWidth = `${Math.ceil(width)}px`;
  const X = (v) => pad + (layout[v][0] - minX) * UNIT;
  const Y = (v) => pad + (layout[v][1] - minY) * UNIT;
  const tree = isTreeRules();
  const empty = (v) => graph.labels[v] === "0";
  const homes = new Set(graph.homes || []);
  const selected = state.selected;
  const edgeLayer = svgNode(svg, "g", { class: "edges" });
  graph.edges.forEach(([u, v], i) => {
    const colour = graph.colours ? graph.colours[i] : "";
    const gone = tree && (empty(u) || empty(v));
    const stroke = colour ? PALETTE.edges[colour] : "#64748b";
    const isSelected = selected && selected.kind === "edge" && selected.index === i;
    const group = svgNode(edgeLayer, "g", {
      class: `edge${gone ? " gone" : ""}${isSelected ? " selected" : ""}`,
      "data-edge": `${u}-${v}`, "data-colour": colour, "data-index": i,
    });
    const points = { x1: X(u), y1: Y(u), x2: X(v), y2: Y(v) };
    svgNode(group, "line", {
      ...points, class: "edge-line", stroke, "stroke-width": colour ? 4 : 3,
      "stroke-dasharray": colour === "R" ? "9 5" : colour === "G" ? "2 6" : null,
      "stroke-linecap": colour === "G" ? "round" : "butt",
    });
    const hit = svgNode(group, "line", { ...points, class: "edge-hit", stroke: "transparent", "stroke-width": 14 });
    svgNode(hit, "title", {}, `edge ${u}–${v}${colour ? ` (${colour}: ${{ L: "Left's", R: "Right's", G: "both players'" }[colour]})` : ""}`);
    group.addEventListener("click", () => onEdgeClick(i));
  });
  const vertexLayer = svgNode(svg, "g", { class: "vertices" });
  const hinted = state.hintMove ? Number(String(state.hintMove).split("=")[0]) : null;
  graph.labels.forEach((label, v) => {
    const isEmpty = empty(v);
    const kind = isEmpty ? (tree ? "deleted" : "depot") : "pile";
    const result = isEmpty ? "none" : vertexResult(v);
    const isSelected = selected && selected.kind === "vertex" && selected.index === v;
    const classes = ["vertex", kind, `result-${result}`];
    if (homes.has(v)) classes.push("home");
    if (isSelected) classes.push("selected");
    if (state.pendingEdge === v) classes.push("pending");
    if (hinted === v) classes.push("hinted");
    const group = svgNode(vertexLayer, "g", {
      class: classes.join(" "), "data-vertex": v, "data-label": label, "data-result": result,
      "data-home": homes.has(v) ? "true" : null, tabindex: 0, role: "button",
      transform: `translate(${X(v).toFixed(1)} ${Y(v).toFixed(1)})`,
    });
    const describe = isEmpty
      ? (tree ? "deleted" : homes.has(v) ? "empty, a home" : "empty (a depot)")
      : `label ${label}${result === "win" ? ", has a winning move" : result === "lose" ? ", every move loses" : ", cannot move now"}`;
    svgNode(group, "title", {}, `vertex ${v}: ${describe}`);
    const ring = result === "win" ? PALETTE.moves.win : result === "lose" ? PALETTE.moves.lose : "#475569";
    if (kind === "depot") {
      if (homes.has(v)) {
        svgNode(group, "path", { class: "roof", d: `M ${-RADIUS - 3} ${-RADIUS + 4} L 0 ${-RADIUS - 12} L ${RADIUS + 3} ${-RADIUS + 4} Z` });
      }
      svgNode(group, "rect", {
        class: "shape", x: -RADIUS + 2, y: -RADIUS + 2, width: 2 * RADIUS - 4, height: 2 * RADIUS - 4, rx: 3,
      });
    } else {
      svgNode(group, "circle", {
        class: "shape", r: RADIUS, stroke: kind === "deleted" ? null : ring,
        "stroke-width": result === "none" ? 2 : 4,
      });
    }
    if (kind !== "depot") {
      const text = kind === "deleted" ? "×" : label.length > 5 ? label.slice(0, 4) + "…" : label;
      svgNode(group, "text", { class: "label", "text-anchor": "middle", dy: "0.35em", "font-size": text.length > 3 ? 11 : 15 }, text);
    }
    const [nx, ny] = numberOffset(v, X, Y);
    svgNode(group, "text", {
      class: "vertex-number", x: nx.toFixed(1), y: ny.toFixed(1), "text-anchor": "middle", dy: "0.35em",
    }, String(v));
    group.addEventListener("click", () => onVertexClick(v));
    group.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); onVertexClick(v); } });
  });
  const partizan = hasColours();
  const legend = [
    "Circles: piles (their label inside, the vertex number beside);",
    tree ? "× a deleted vertex;" : "squares: empty vertices (depots);",
    partizan ? "a roof marks a home; edges: L solid blue (Left's), R dashed (Right's), G dotted green (both);" : "",
    "a green ring: the vertex has a winning move; red: every move from it loses. Click a vertex for its moves.",
  ];
  $("graph-legend").textContent = legend.filter(Boolean).join(" ");
}

function renderGraphTools() {
  const locked = Boolean(state.game);
  const selected = state.selected;
  const vertex = selected && selected.kind === "vertex" ? selected.index : null;
  const edge = selected && selected.kind === "edge" ? selected.index : null;
  $("graph-tools").hidden = locked;
  $("add-vertex").disabled = locked;
  $("add-edge").disabled = locked || vertex === null;
  $("remove-selected").disabled = locked || !selected;
  const input = $("vertex-label");
  input.disabled = locked || vertex === null;
  if (document.activeElement !== input) input.value = vertex === null ? "" : state.graph.labels[vertex];
  const partizan = hasColours();
  $("edge-colours").hidden = !partizan || edge === null;
  for (const button of $("edge-colours").querySelectorAll("button")) {
    const current = edge !== null && state.graph.colours ? state.graph.colours[edge] : null;
    button.classList.toggle("current", button.dataset.colour === current);
    button.disabled = locked;
  }
  const homeable = partizan && vertex !== null && state.graph.labels[vertex] === "0";
  $("home-toggle").hidden = !homeable;
  $("toggle-home").checked = homeable && (state.graph.homes || []).includes(vertex);
  let words;
  if (state.pendingEdge !== null && state.pendingEdge !== undefined) words = `Click the vertex to join to vertex ${state.pendingEdge}.`;
  else if (vertex !== null) words = `Vertex ${vertex} selected (label ${state.graph.labels[vertex]}).`;
  else if (edge !== null) words = `Edge ${state.graph.edges[edge].join("–")} selected.`;
  else words = locked ? "Click a vertex to see its moves." : "Click a vertex to see its moves and edit it; click an edge to select it.";
  $("graph-selection").textContent = words;
}

function renderVertexMoves() {
  const box = $("vertex-moves");
  box.replaceChildren();
  const selected = state.selected;
  if (!selected || selected.kind !== "vertex" || !state.graph) return;
  const v = selected.index;
  const label = state.graph.labels[v];
  const players = !isPartizan() ? [null] : state.game ? [state.game.side_to_move] : ["L", "R"];
  const reveal = !state.game || $("show-values").checked;
  box.dataset.vertex = String(v);
  for (const player of players) {
    const moves = movesOfVertex(v, player);
    const who = player === null ? "" : `${sideName(player)}: `;
    const row = el("div", { class: "vertex-move-row", "data-player": player || "" },
      el("span", { class: "vertex-move-title", text: `${who}vertex ${v} (label ${label}) →` }));
    if (!moves.length) {
      row.append(el("span", { class: "no-moves", text: label === "0" ? "empty" : "cannot be reduced now" }));
    }
    for (const move of moves) {
      const target = move.move.split("=")[1];
      const result = reveal ? (move.wins ? "win" : "lose") : "neutral";
      row.append(el("button", {
        type: "button", class: `target ${result}${state.hintMove === move.move ? " hinted" : ""}`,
        "data-move": move.move, "data-player": move.player || "", "data-result": move.wins ? "win" : "lose",
        title: `${move.move}: vertex ${v} becomes ${target}${reveal ? ` — ${move.wins ? "wins" : "loses"}` : ""}`,
        disabled: !moveClickable(move), onclick: () => playMove(move.move, move.player),
      }, target));
    }
    box.append(row);
  }
}

function wireGraphView() {
  $("add-vertex").addEventListener("click", addVertex);
  $("add-edge").addEventListener("click", () => {
    if (state.selected && state.selected.kind === "vertex") {
      state.pendingEdge = state.selected.index;
      renderGraphView();
    }
  });
  $("remove-selected").addEventListener("click", removeSelected);
  $("vertex-label").addEventListener("change", () => setLabel($("vertex-label").value));
  for (const button of $("edge-colours").querySelectorAll("button")) {
    button.addEventListener("click", () => setEdgeColour(button.dataset.colour));
  }
  $("toggle-home").addEventListener("change", toggleHome);
  for (const radio of document.querySelectorAll("input[name=side]")) {
    radio.addEventListener("change", () => { if (isGraphView()) renderGraphView(); });
  }
}
