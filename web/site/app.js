// The web explorer's page: five views over the grundy library compiled to
// WebAssembly (grundy.js, built from web/bindings.cpp). Every answer is the
// library's; this file only reads the fields, calls it, and draws. The URL's
// hash holds the view and its fields, so that a shared link restores it.
// docs/web.md describes the page.
"use strict";

const $ = (id) => document.getElementById(id);
const views = ["analyse", "play", "explain", "sequence", "graph"];
// ---------------------------------------------------------------- the solver

// Every question goes to a Web Worker of its own (worker.js), so that a long
// search never freezes the page: while one runs, "Working…" shows with a
// Cancel button, which ends the worker (and so the search) and starts a new one.
const solver = {worker: null, ready: null, pending: new Map(), next: 1};

function startSolver() {
  solver.worker = new Worker("worker.js");
  solver.ready = new Promise((resolve, reject) => {
    solver.worker.onmessage = (event) => {
      const msg = event.data;
      if (msg.kind === "ready") { resolve(); return; }
      if (msg.kind === "failed") { reject(new Error(msg.message)); return; }
      const done = solver.pending.get(msg.id);
      if (!done) return;
      solver.pending.delete(msg.id);
      busy(-1);
      done(msg.text);
    };
  });
  return solver.ready;
}

// Counts the questions under way; the page shows "Working…" while any is.
let busyCount = 0;
function busy(d) {
  busyCount += d;
  document.body.dataset.busy = String(busyCount);
  $("working").hidden = busyCount === 0;
}

// A binding's answer: its JSON, or an Error carrying the one-line message.
async function call(name, ...args) {
  await solver.ready;
  const id = solver.next++;
  const text = await new Promise((resolve) => {
    solver.pending.set(id, resolve);
    busy(1);
    solver.worker.postMessage({kind: "call", id, name, args});
  });
  const out = JSON.parse(text);
  if (out.error !== undefined) throw new Error(out.error);
  return out;
}

function cancelSolver() {
  solver.worker.terminate();
  const cancelled = JSON.stringify({error: "cancelled: the computation was stopped before it finished"});
  for (const [id, done] of solver.pending) { solver.pending.delete(id); busy(-1); done(cancelled); }
  startSolver();
}

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

// The message next to a field, and the field marked for screen readers.
function showError(field, message) {
  const input = $(field);
  $(field + "-error").textContent = message;
  input.setAttribute("aria-invalid", "true");
}
function clearError(field) {
  $(field + "-error").textContent = "";
  $(field).removeAttribute("aria-invalid");
}

// Exact integers: the bindings write those above 2^53 - 1 as strings.
const big = (x) => BigInt(x);
const str = (x) => (x === null || x === undefined ? "—" : String(x));

const outcomeWords = {
  N: "N — the player to move wins",
  P: "P — the other player wins",
  D: "D — a draw: neither player can force a win",
};

// A position from the JSON (docs/json.md) in words: numbers, "(1 1)" for a
// group of heaps, "ruleset numbers + ..." for a sum.
function positionWords(position) {
  if (!Array.isArray(position)) return String(position);
  if (position.length && position[0] !== null && typeof position[0] === "object" && !Array.isArray(position[0]))
    return position.map((p) => `${p.ruleset} ${p.position.map(positionWords).join(" ")}`).join(" + ");
  return position.map((p) => (Array.isArray(p) ? `(${p.join(" ")})` : String(p))).join(" ");
}

function facts(pairs) {
  const dl = el("dl", {class: "facts"});
  for (const [k, v] of pairs) {
    if (v === undefined) continue;
    dl.append(el("dt", {text: k}), el("dd", {text: v}));
  }
  return dl;
}

// ---------------------------------------------------------------- URL state

function readHash() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}
// The URL of the view as it is now. `push`: a step the reader may want to
// come back to with the browser's Back (stepping into a move, a move in
// Play), as a new history entry; otherwise the current entry is rewritten.
function writeHash(params, push = false) {
  const text = "#" + new URLSearchParams(params).toString();
  if (push && text !== location.hash) history.pushState(null, "", text);
  else history.replaceState(null, "", text);
}

function selectView(view, focus = false) {
  if (!views.includes(view)) view = "analyse";
  for (const v of views) {
    $(v).hidden = v !== view;
    const tab = $("tab-" + v);
    tab.setAttribute("aria-selected", String(v === view));
    tab.tabIndex = v === view ? 0 : -1;
  }
  if (focus) $("tab-" + view).focus();
  return view;
}

// ---------------------------------------------------------------- Analyse

async function analyse(updateUrl = true, push = false) {
  const game = $("analyse-game").value, convention = $("analyse-convention").value;
  if (updateUrl) writeHash({view: "analyse", game, convention}, push);
  const out = $("analyse-result");
  out.replaceChildren();
  let a;
  try {
    a = await call("analyze", game, convention);
    clearError("analyse-game");
  } catch (e) {
    showError("analyse-game", e.message);
    return;
  }
  out.append(el("p", {class: "outcome " + a.outcome, text: "Outcome: " + outcomeWords[a.outcome]}));
  const rows = [["Position", a.text || positionWords(a.position)], ["Ruleset", a.ruleset]];
  if (convention === "normal" || convention === "misere") {
    rows.push(["Value", a.value !== null ? str(a.value) : `none (${a.value_note})`]);
    if (a.heap_values) rows.push([a.position.length && typeof a.position[0] === "object" ? "Component values" : "Heap values", a.heap_values.join(" ")]);
    rows.push(["Method", a.method + (a.proven ? "" : " — NOT PROVEN")]);
    if (a.winning_move_count !== null) rows.push(["Winning moves", str(a.winning_move_count)]);
  } else if (convention === "every" || convention === "conjunctive") {
    const numbers = a.suspense !== undefined ? a.suspense : a.remoteness;
    rows.push([convention === "every" ? "Suspense numbers" : "Remoteness of each component",
               numbers ? numbers.join(" ") : "none (analysed whole)"]);
    rows.push(["Method", a.method]);
  } else {
    rows.push(["Remoteness", a.remoteness === null ? "none (a draw)" : str(a.remoteness)]);
  }
  out.append(facts(rows));
  let moves = a.winning_moves || [];
  let heading = "Winning moves";
  if (a.best_move) {
    moves = [a.best_move];
    heading = a.outcome === "N" ? "Winning move (the winner hurries)" : a.outcome === "P" ? "Longest resistance" : "Drawing move";
  }
  out.append(el("h3", {text: heading}));
  if (moves.length === 0) {
    out.append(el("p", {text: a.outcome === "D" ? "None: play can go on for ever." : "None: every move leaves the opponent a winning position."}));
  } else {
    const ul = el("ul", {class: "moves"});
    for (const m of moves) {
      const li = el("li", {"data-description": m.description});
      if (m.text) {
        li.append(el("button", {class: "link", type: "button", text: `${m.description}  →  ${m.text}`,
          "aria-label": `Step into ${m.text} (${m.description})`,
          onclick: () => stepInto(m.text)}));
      } else {
        li.textContent = m.description;
      }
      ul.append(li);
    }
    out.append(ul);
    if (a.winning_moves_complete === false) out.append(el("p", {class: "hint", text: a.moves_note || "The list is cut: only the first moves are shown."}));
  }
  if (a.options) out.append(optionsTable(a, convention));
  else if (a.options_note) out.append(el("h3", {text: "Every option"}), el("p", {class: "hint", text: `Not listed: ${a.options_note}`}));
}

// A move stepped into: the position after it is analysed, as a new entry of
// the browser's history, so that Back returns here.
async function stepInto(text) {
  $("analyse-game").value = text;
  await analyse(true, true);
  $("analyse-game").focus();
}

// Every option of the position with its value and outcome (`grundy analyze
// --options`), sortable by move, value or outcome, each a button that steps
// into it; below, the mex of the values, which is the position's value.
function optionsTable(a, convention) {
  const wrap = el("div", {class: "options"});
  const misere = convention === "misere";
  wrap.append(el("h3", {text: `Every option (${a.options.length}${a.options_complete ? "" : ", the first only"})`}));
  const columns = [["move", "move"], ["position after", null], ...(misere ? [] : [["value", "value"]]), ["outcome", "outcome"]];
  const table = el("table", {id: "analyse-options"}, el("caption", {text: misere
    ? "The outcome of the position after each move (P: the move wins)"
    : "The value and outcome of the position after each move (P: the move wins)"}));
  const head = el("tr");
  const body = el("tbody");
  const rows = a.options.map((o, i) => ({o, i}));
  let order = {key: "move", up: true};
  const keyOf = {move: (r) => r.i, value: (r) => (typeof r.o.value === "number" ? r.o.value : Number.MAX_SAFE_INTEGER),
                 outcome: (r) => r.o.outcome};
  const draw = () => {
    const sorted = [...rows].sort((x, y) => {
      const kx = keyOf[order.key](x), ky = keyOf[order.key](y);
      return (kx < ky ? -1 : kx > ky ? 1 : x.i - y.i) * (order.up ? 1 : -1);
    });
    body.replaceChildren(...sorted.map(({o}) => el("tr", {class: o.outcome === "P" ? "winning" : "", "data-description": o.description},
      el("td", {class: "text"}, el("button", {class: "link", type: "button", text: o.description,
        "aria-label": `Step into ${o.text} (${o.description})`, onclick: () => stepInto(o.text)})),
      el("td", {class: "text", text: o.text}),
      ...(misere ? [] : [el("td", {text: str(o.value)})]),
      el("td", {class: "outcome " + o.outcome, text: o.outcome}))));
    for (const th of head.children) {
      const k = th.dataset.key;
      th.setAttribute("aria-sort", k === order.key ? (order.up ? "ascending" : "descending") : "none");
    }
  };
  for (const [label, key] of columns) {
    const th = el("th", {scope: "col"});
    if (key) {
      th.dataset.key = key;
      th.append(el("button", {class: "sort", type: "button", text: label, "aria-label": `Sort by ${label}`,
        onclick: () => { order = {key, up: order.key === key ? !order.up : true}; draw(); }}));
    } else {
      th.textContent = label;
    }
    head.append(th);
  }
  table.append(el("thead", {}, head), body);
  draw();
  wrap.append(el("div", {class: "table-wrap"}, table));
  if (a.options_mex !== null && a.options_mex !== undefined) {
    const values = [...new Set(a.options.map((o) => Number(o.value)))].sort((x, y) => x - y);
    const line = el("p", {id: "analyse-mex"});
    line.append(document.createTextNode(`Values of the options: {${values.join(", ")}}. Their mex, the least value missing, is `),
      el("span", {class: "mex", text: str(a.options_mex)}),
      document.createTextNode(`: the value of the position${a.value !== null && String(a.value) === String(a.options_mex) ? ", as above" : ""}.`));
    wrap.append(line);
  }
  return wrap;
}

// ---------------------------------------------------------------- Play

// The game so far: a turn per position (its text, who moves there, its
// outcome, value and remoteness, and the move made from it), and the
// player's moves as typed (a list choice as its move number), which the URL
// keeps and undo replays.
const play = {turns: [], convention: "normal", first: "you", humanMoves: []};
const compoundPlay = () => play.convention === "every" || play.convention === "conjunctive";

async function turnOf(text, mover, convention) {
  const t = await call("turn", text, convention);
  return {text, mover, outcome: t.outcome, value: t.value, remoteness: t.remoteness,
          movesLeft: t.moves_left, winnerMoves: t.winner_moves, move: null};
}

async function computerMoves() {
  const last = play.turns[play.turns.length - 1];
  const best = await call("bestMove", last.text, play.convention);
  if (best.move === null) return false;
  // As grundy play says: past the searches' limits the move is merely legal.
  last.move = best.move.description + (best.move.note ? ` (the position is ${best.move.note}: any legal move)` : "");
  play.turns.push(await turnOf(best.move.text, "you", play.convention));
  return true;
}

async function startPlay(updateUrl = true, replay = [], game = $("play-game").value, push = true) {
  play.game = game;
  play.convention = $("play-convention").value;
  play.first = $("play-first").value;
  play.humanMoves = [];
  clearError("play-typed");
  try {
    const start = await call("options", game, play.convention);  // reads the position as the command does
    play.turns = [await turnOf(start.text, play.first, play.convention)];
    if (play.first === "computer") await computerMoves();
    clearError("play-game");
    // A shared game's moves: the first one that is not legal (a link
    // edited by hand) stops the replay, its message next to the move field.
    for (const typed of replay) {
      try { await humanMove(typed, false); } catch (e) { showError("play-typed", e.message); break; }
    }
  } catch (e) {
    showError("play-game", e.message);
    $("play-board").hidden = true;
    return;
  }
  $("play-board").hidden = false;
  if (updateUrl) savePlay(push);
  await drawPlay();
}

// The game so far in the URL; each move (and undo, and a return to an
// earlier turn) is an entry of the browser's history, so that Back undoes it.
function savePlay(push = false) {
  const params = new URLSearchParams({view: "play", game: play.game, convention: play.convention, first: play.first});
  for (const m of play.humanMoves) params.append("move", m);
  writeHash(params, push);
}

// The player's move, typed as `grundy play` reads it ("3", "to 3 4",
// "2 1", "to 1 1 | 2"), and the computer's reply. Throws the library's
// one-line message when the move is not understood or not legal.
async function humanMove(typed, draw = true) {
  const last = play.turns[play.turns.length - 1];
  if (last.mover !== "you") throw new Error("it is not your move");
  const after = await call("readMove", last.text, play.convention, typed);
  last.move = after.description;
  play.humanMoves.push(typed);
  play.turns.push(await turnOf(after.text, "computer", play.convention));
  await computerMoves();
  if (draw) { savePlay(true); await drawPlay(); }
}

// The move chosen in the list: its move number, as the command numbers it.
async function playMove() {
  try {
    await humanMove(String(Number($("play-moves").value) + 1));
  } catch (e) {
    showError("play-game", e.message);
  }
  $("play-moves").focus();
}

async function playTyped() {
  const typed = $("play-typed").value;
  try {
    await humanMove(typed);
    clearError("play-typed");
    $("play-typed").value = "";
  } catch (e) {
    showError("play-typed", e.message);
  }
  $("play-typed").focus();
}

async function undoPlay() {
  // Back to the turn before the player's last move, by playing the game
  // again from its start without that move.
  if (play.humanMoves.length === 0) return;
  const moves = play.humanMoves.slice(0, -1);
  await startPlay(true, moves, play.game);
  $("play-moves").focus();
}

// The prediction from the last turn's count of moves left with perfect play
// on both sides, as the library counts them (play_length: Smith's remoteness
// in normal play, one less in misère play; in Every-SG the suspense number,
// the winner prolonging and the loser hurrying; in conjunctive play the
// least remoteness of the components).
function prediction(last) {
  if (last.outcome === "D") return "With perfect play this is a draw.";
  if (last.outcome === "?") return "The position is too large for the page to say who wins.";
  if (last.movesLeft === null || last.movesLeft === undefined)
    return last.outcome === "N" ? "You can win (the position is too large to count the moves)." : "The computer can force a win.";
  const r = Number(last.movesLeft);
  const moves = (n) => `${n} move${n === 1 ? "" : "s"}`;
  const more = (n) => `${n} more move${n === 1 ? "" : "s"}`;
  const yours = Number(last.winnerMoves);
  if (play.convention === "every") {
    return last.outcome === "N"
      ? `You win if you play perfectly: the game then lasts ${more(r)} (its suspense number), ${yours} of them yours.`
      : `With perfect play the computer wins: the game lasts ${more(r)} (its suspense number).`;
  }
  if (last.outcome === "N") return `You win in at most ${moves(yours)} of your own (${moves(r)} in all) if you play perfectly.`;
  return `With perfect play the computer wins: the game lasts at most ${more(r)}.`;
}

async function drawPlay() {
  const last = play.turns[play.turns.length - 1];
  let options;
  try {
    options = await call("options", last.text, play.convention);
  } catch (e) {
    showError("play-game", e.message);
    return;
  }
  const select = $("play-moves");
  select.replaceChildren();
  options.options.forEach((o, i) => select.append(el("option", {value: String(i), text: `${i + 1}. ${o.description}  →  ${o.text}`})));
  if (options.options.length) select.selectedIndex = 0;
  $("play-more").textContent = options.complete ? "" :
    `Only the first ${options.options.length} moves are listed (the position has more): type any move below.`;
  const over = options.options.length === 0;
  const misere = play.convention === "misere";
  let status;
  if (over) {
    // Normal play: the player with no move loses; misère play: wins.
    const youLose = (last.mover === "you") !== misere;
    const why = play.convention === "conjunctive" ? " (a component has no move)" : "";
    status = `Game over at ${last.text}: no move left for ${last.mover === "you" ? "you" : "the computer"}${why}. ` +
      (youLose ? "You lose — the computer wins." : "You win!");
  } else {
    status = `Position ${last.text}. ${last.mover === "you" ? "Your move." : "The computer is to move."}`;
  }
  $("play-status").textContent = status;
  const yours = !over && last.mover === "you";
  for (const id of ["play-moves", "play-move", "play-typed", "play-typed-go"]) $(id).disabled = !yours;
  $("play-hint").disabled = over;
  $("play-undo").disabled = play.humanMoves.length === 0;
  $("play-hint-text").textContent = "";
  $("play-prediction").textContent = over ? "" : prediction(last);
  $("play-count-head").textContent = play.convention === "every" ? "Suspense" : "Remoteness";
  const body = $("play-history").tBodies[0];
  body.replaceChildren();
  // A turn of the player's before the last can be returned to: the game is
  // played again from its start up to that turn (as undo does).
  let yourTurns = 0;
  play.turns.forEach((t, i) => {
    const back = t.mover === "you" && i < play.turns.length - 1 ? yourTurns : null;
    if (t.mover === "you") yourTurns += 1;
    const row = el("tr", {},
      el("td", {}, back === null ? String(i + 1) : el("button", {class: "link", type: "button", text: String(i + 1),
        "aria-label": `Return to turn ${i + 1} (${t.text})`,
        onclick: async () => { await startPlay(true, play.humanMoves.slice(0, back), play.game); $("play-moves").focus(); }})),
      el("td", {class: "text", text: t.mover === "you" ? "you" : "computer"}),
      el("td", {class: "text", text: t.text}), el("td", {text: t.outcome}), el("td", {text: str(t.value)}),
      el("td", {text: str(t.remoteness)}), el("td", {class: "text", text: t.move || ""}));
    // Each cell names its column, for the narrow layout where a turn is a
    // card of "column: value" lines instead of a row (style.css).
    [...row.cells].forEach((td, k) => td.setAttribute("data-label", $("play-history").tHead.rows[0].cells[k].textContent));
    body.append(row);
  });
  drawChart();
}

// The width, in CSS pixels, a drawing is shown at: its box's, at most `most`
// (and at least 280, for a box not laid out yet).
function drawingWidth(element, most) {
  const box = element.parentElement ? element.parentElement.clientWidth : 0;
  return Math.max(280, Math.min(most, box || most));
}

// The value history (GamesmanUni's "visual value history"): one point per
// turn, remoteness up the side, coloured by the mover's outcome, and the
// Grundy value as a second, dashed line.
function drawChart() {
  const svg = $("play-chart");
  const ns = "http://www.w3.org/2000/svg";
  svg.replaceChildren();
  // Drawn at the width it is shown at, so that its 11-12 px labels stay
  // that size on a phone (a 600-wide drawing scaled into 370 pixels had
  // labels of 7).
  const W = drawingWidth(svg, 600), H = 220, L = 40, R = 10, T = 10, B = 30;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("width", String(W));
  const n = play.turns.length;
  const ys = play.turns.flatMap((t) => [t.remoteness, t.value]).filter((v) => v !== null).map(Number);
  const maxY = Math.max(1, ...ys);
  const x = (i) => L + (n <= 1 ? 0 : (i * (W - L - R)) / (n - 1));
  const y = (v) => H - B - (v * (H - T - B)) / maxY;
  const add = (tag, attrs) => { const e = document.createElementNS(ns, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); svg.append(e); return e; };
  add("line", {x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#888"});
  add("line", {x1: L, y1: T, x2: L, y2: H - B, stroke: "#888"});
  add("text", {x: 4, y: T + 10, "font-size": 11}).textContent = String(maxY);
  add("text", {x: 4, y: H - B, "font-size": 11}).textContent = "0";
  add("text", {x: W / 2 - 20, y: H - 6, "font-size": 12}).textContent = "turn";
  for (const [key, dash, color] of [["value", "4 3", "#1f5fa8"], ["remoteness", "", "#444"]]) {
    const pts = play.turns.map((t, i) => (t[key] === null ? null : `${x(i)},${y(Number(t[key]))}`)).filter((p) => p);
    if (pts.length > 1) add("polyline", {points: pts.join(" "), fill: "none", stroke: color, "stroke-dasharray": dash});
  }
  play.turns.forEach((t, i) => {
    if (t.remoteness !== null) add("circle", {cx: x(i), cy: y(Number(t.remoteness)), r: 5, fill: t.outcome === "N" ? "#1d7a35" : t.outcome === "P" ? "#b3261e" : "#777"});
    if (t.value !== null) add("rect", {x: x(i) - 3, y: y(Number(t.value)) - 3, width: 6, height: 6, fill: "#1f5fa8"});
  });
  add("text", {x: Math.max(L + 4, W - 190), y: T + 12, "font-size": 12}).textContent =
    play.convention === "every" ? "● suspense" : compoundPlay() ? "● remoteness" : "● remoteness   ■ value";
}

const kNoHint = "No hint: the position is too large for the page to find a winning move";

async function hintPlay() {
  const last = play.turns[play.turns.length - 1];
  // The turn's outcome already needed more than the page's search budget:
  // the hint's search, the same one, would stop there too.
  if (last.outcome === "?") {
    $("play-hint-text").textContent = kNoHint + ".";
    return;
  }
  let a;
  try {
    a = await call("hint", last.text, play.convention);
  } catch (e) {
    $("play-hint-text").textContent = e.message;
    return;
  }
  // Past the page's search budget (misère play of a large position), the
  // binding says so instead of searching for minutes.
  const text = a.outcome === "?" ? `${kNoHint} (${a.note}).`
    : a.outcome === "N" && a.winning_moves.length
    ? `Winning move: ${a.winning_moves[0].description} → ${a.winning_moves[0].text}`
    : a.outcome === "D" ? "No winning move: the best you can do is draw." : "No winning move here: every move leaves the computer a winning position.";
  $("play-hint-text").textContent = text;
}

// ---------------------------------------------------------------- Explain

async function explainView(updateUrl = true) {
  const game = $("explain-game").value, convention = $("explain-convention").value;
  if (updateUrl) writeHash({view: "explain", game, convention});
  const out = $("explain-result");
  out.replaceChildren();
  let e;
  try {
    e = await call("explain", game, convention);
    clearError("explain-game");
  } catch (err) {
    showError("explain-game", err.message);
    return;
  }
  // What the question is about first: who wins (the nim-sum of the values)
  // and why each winning move wins; then where each heap's value comes from
  // (its mex table), then the command's explanation in words.
  const a = e.analysis;
  out.append(el("p", {class: "outcome " + a.outcome, text: "Outcome: " + outcomeWords[a.outcome]}));
  const compound = a.position.length > 0 && typeof a.position[0] === "object" && !Array.isArray(a.position[0]);
  const labels = compound ? a.position.map((p) => `${p.ruleset} ${p.position.join(" ")}`)
                          : a.position.map((n, i) => `heap ${i + 1} (${n})`);
  if (e.nim_sum && e.nim_sum.values.length === labels.length) out.append(nimSumTable(e.nim_sum, labels, compound));
  out.append(el("h3", {text: "Why each winning move wins"}));
  if (a.winning_moves.length === 0) {
    out.append(el("p", {text: a.outcome === "P" ? "There is none: every move leads to a position from which the other player wins." : "There is none."}));
  } else {
    const ul = el("ul", {class: "moves"});
    const s = e.nim_sum;
    for (const m of a.winning_moves) {
      let why = "it leaves a P-position: whatever the other player does, the mover can answer and make the last move.";
      const part = compound ? m.component : (m.replaced === 1 ? m.index : undefined);
      if (convention === "normal" && s && big(s.nim_sum) !== 0n && part !== undefined && part < s.values.length) {
        const v = big(s.values[part]), t = v ^ big(s.nim_sum);
        why = `${labels[part]} goes from value ${v} to ${v} ⊕ ${s.nim_sum} = ${t}; every binary column then holds an even number of 1s, so the nim-sum is 0: a P-position.`;
      }
      ul.append(el("li", {"data-description": m.description}, el("strong", {text: m.description}), document.createTextNode(": " + why)));
    }
    out.append(ul);
  }
  if (e.mex_tables.length) {
    out.append(el("h3", {text: "Where each heap's value comes from"}));
    for (const t of e.mex_tables) out.append(mexTable(t));
  } else if (convention === "normal" && e.nim_sum && !compound && /^nim\b/.test(a.ruleset)) {
    out.append(el("p", {class: "hint", text: "In Nim a heap's value is its size: a heap of n can move to every smaller heap, whose values are 0..n-1, so its mex is n."}));
  }
  out.append(el("h3", {text: "In words (grundy analyze --explain)"}), el("pre", {text: e.explanation}));
}

function mexTable(t) {
  const wrap = el("div", {class: "table-wrap"});
  const table = el("table", {class: "mex-table"}, el("caption", {text: `${t.ruleset}: the options of a heap of ${t.heap}, their values, and the mex`}));
  table.append(el("thead", {}, el("tr", {}, el("th", {scope: "col", text: "option (heaps left)"}),
    el("th", {scope: "col", text: "its value, from its parts"}), el("th", {scope: "col", text: "value"}))));
  const body = el("tbody");
  for (const o of t.options) {
    const parts = o.parts.length ? o.parts.map((p) => p[0]).join(" + ") : "nothing (all taken)";
    body.append(el("tr", {}, el("td", {class: "text", text: parts}), el("td", {class: "text", text: o.text}), el("td", {text: str(o.value)})));
  }
  table.append(body);
  wrap.append(table);
  const line = el("p");
  const listed = t.complete ? "" : ` (the first ${t.options.length} of its ${t.option_count} options are listed; the values are of them all)`;
  if (t.reached.length === 0) {
    line.textContent = `A heap of ${t.heap} has no option, so G(${t.heap}) = 0.`;
  } else {
    line.append(document.createTextNode(`Values of the options: {${t.reached.join(", ")}}${listed}. The least value missing (the mex) is `),
      el("span", {class: "mex", text: String(t.mex)}), document.createTextNode(`, so G(${t.heap}) = ${t.value}.`));
  }
  wrap.append(line);
  return wrap;
}

function nimSumTable(s, labels, compound) {
  const values = s.values.map(big);
  const X = big(s.nim_sum);
  const width = Math.max(1, ...values.map((v) => v.toString(2).length), X.toString(2).length);
  const wrap = el("div", {class: "table-wrap"});
  const table = el("table", {class: "bits"}, el("caption", {text: `The nim-sum of the ${compound ? "components'" : "heaps'"} values in binary columns`}));
  const head = el("tr", {}, el("th", {scope: "col", text: compound ? "component" : "heap"}), el("th", {scope: "col", text: "value"}));
  for (let b = width - 1; b >= 0; --b) head.append(el("th", {scope: "col", text: String(2n ** BigInt(b)), class: b === s.highest_bit ? "high" : ""}));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  const row = (label, v, cls) => {
    const tr = el("tr", {class: cls}, el("th", {scope: "row", class: "text", text: label}), el("td", {text: String(v)}));
    const bits = v.toString(2).padStart(width, "0");
    for (let i = 0; i < width; ++i) tr.append(el("td", {text: bits[i], class: (bits[i] === "1" ? "one " : "") + (width - 1 - i === s.highest_bit ? "high" : "")}));
    return tr;
  };
  values.forEach((v, i) => body.append(row(labels[i], v, X !== 0n && i === s.index ? "changed" : "")));
  body.append(row("nim-sum", X, "sum"));
  table.append(body);
  wrap.append(table);
  wrap.append(el("p", {text: X === 0n
    ? "Every column holds an even number of 1s: the nim-sum is 0, a P-position. Any move changes one value, so it leaves some column odd."
    : `The nim-sum is ${X}, not 0: an N-position. Its highest 1 is in the column of ${2n ** BigInt(s.highest_bit)}; ` +
      `${labels[s.index]} has a 1 there, so it can go from ${s.value} to ${s.value} ⊕ ${X} = ${s.target}, which is smaller.`}));
  return wrap;
}

// ---------------------------------------------------------------- Sequence

// The Sequence view's run: what it asked (kind "values" or "period"), how
// far the worker has reported (reached), and the values it sent.
const seq = {worker: null, kind: "", values: [], period: null, ruleset: "", total: 0, reached: 0,
             stats: null, progressCount: 0, cancelled: false};

// A new run starts from a blank plot: nothing of the previous run's values,
// period, caption or statistics stays on the page.
function startRun(kind, ruleset, total) {
  valuesView.from = 0;
  Object.assign(seq, {kind, ruleset, total, values: [], period: null, stats: null, reached: 0,
                      progressCount: 0, cancelled: false});
  $("sequence-period-result").replaceChildren();
  $("sequence-stats").replaceChildren();
  $("sequence-progress").value = 0;
  drawSequence();
}

function worker() {
  if (!seq.worker) {
    seq.worker = new Worker("worker.js");
    seq.worker.onmessage = (event) => onWorker(event.data);
  }
  return seq.worker;
}

function setBusy(busy) {
  $("sequence-cancel").disabled = !busy;
  $("sequence-go").disabled = busy;
  $("sequence-period").disabled = busy;
}

// The fields checked here, on the page's own module, so that a mistake is
// named next to its field before the worker starts.
async function readSequenceFields() {
  let ok = true;
  const ruleset = $("sequence-ruleset").value.trim();
  try { await call("sequenceStart", ruleset); clearError("sequence-ruleset"); } catch (e) { showError("sequence-ruleset", e.message); ok = false; }
  let to = 0;
  try {
    const count = (await call("count", $("sequence-to").value.trim())).value;  // a string past 2^53
    to = Number(count);
    if (!(to <= 1 << 26)) throw new Error(`G(0..${count}) is too many values for a browser: at most 2^26 = ${1 << 26}`);
    clearError("sequence-to");
  } catch (e) { showError("sequence-to", e.message); ok = false; }
  return ok ? {ruleset, to} : null;
}

async function computeValues(updateUrl = true) {
  const f = await readSequenceFields();
  if (!f) return;
  if (updateUrl) writeHash({view: "sequence", ruleset: f.ruleset, to: f.to});
  startRun("values", f.ruleset, f.to + 1);
  $("sequence-status").textContent = `Computing G(0..${f.to}) of ${f.ruleset}…`;
  setBusy(true);
  worker().postMessage({kind: "values", ruleset: f.ruleset, to: f.to});
}

async function findPeriod(updateUrl = true) {
  const f = await readSequenceFields();
  if (!f) return;
  if (updateUrl) writeHash({view: "sequence", ruleset: f.ruleset, to: f.to, period: 1});
  startRun("period", f.ruleset, f.to + 1);
  $("sequence-status").textContent = `Searching for a period of ${f.ruleset} in G(0..${f.to})…`;
  setBusy(true);
  // Within the "Up to" field, as `grundy period --max`: at most that many
  // values, stopping at the first pattern a code no criterion can prove.
  worker().postMessage({kind: "period", ruleset: f.ruleset, max: f.to, given: true});
}

// The worker is ended where it is. What it reported stays: the values it
// sent (a values run) are drawn as such, and a period search, which sends
// no values until it ends, leaves the plot blank.
function cancelSequence() {
  if (seq.worker) seq.worker.terminate();
  seq.worker = null;
  setBusy(false);
  seq.cancelled = true;
  $("sequence-status").textContent = `Cancelled at n = ${seq.reached}` +
    (seq.kind === "period" ? " (the period search had computed that many values)." : ".");
  drawSequence();
}

function onWorker(msg) {
  if (msg.kind === "progress") {
    seq.progressCount += 1;
    if (msg.values) for (const v of msg.values) seq.values.push(v);
    if (msg.stats) seq.stats = msg.stats;
    seq.reached = msg.reached;
    $("sequence-progress").value = Math.min(1, msg.reached / seq.total);
    $("sequence-status").textContent = `n = ${msg.reached} of ${seq.total}`;
  } else if (msg.kind === "error") {
    setBusy(false);
    $("sequence-status").textContent = "Stopped.";
    showError("sequence-ruleset", msg.message);
  } else if (msg.kind === "done" && msg.request === "values") {
    setBusy(false);
    $("sequence-progress").value = 1;
    $("sequence-status").textContent = `Done: G(0..${seq.values.length - 1}) of ${msg.ruleset} (${msg.method}).`;
    drawSequence();
  } else if (msg.kind === "done" && msg.request === "period") {
    setBusy(false);
    $("sequence-progress").value = 1;
    const p = msg.result;
    seq.period = p;
    if (p.values.length > seq.values.length) seq.values = p.values;
    const out = $("sequence-period-result");
    out.replaceChildren(facts([
      ["Ruleset", p.ruleset],
      ["Period", p.period ? str(p.period) : "none found"],
      ["Preperiod", p.period ? str(p.preperiod) : undefined],
      ["Saltus", p.period && p.saltus !== 0 ? str(p.saltus) : undefined],
      ["Status", p.certificate],
      ["Values examined", str(p.checked_to)],
      ["The proof needs", p.proof_needs ? `G(0..${Number(p.proof_needs) - 1})` : undefined],
      ["Stopped", p.stopped || undefined],
    ]));
    $("sequence-status").textContent = p.proven ? `Proven period ${p.period} from n = ${p.preperiod}.` : "Period search finished.";
    drawSequence();
  }
}

function drawSequence() {
  const canvas = $("sequence-plot");
  const ctx = canvas.getContext("2d");
  // As wide as it is shown (up to 900 CSS pixels) at the screen's pixel
  // ratio, so that the 12 px labels are 12 px on a phone too.
  const W = drawingWidth(canvas, 900), H = 320, L = 50, R = 10, T = 10, B = 30;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(W * ratio);
  canvas.height = Math.round(H * ratio);
  canvas.style.width = `${W}px`;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  const values = seq.values.map(Number);
  const n = values.length;
  ctx.clearRect(0, 0, W, H);
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, W, H);
  if (n === 0) {
    const blank = seq.cancelled ? "Cancelled before any value was shown." : "G(n) against n: no values yet.";
    canvas.setAttribute("aria-label", blank);
    $("sequence-plot-caption").textContent = blank;
    drawValuesTable();
    return;
  }
  let maxV = 1;
  for (const v of values) if (v > maxV) maxV = v;
  const x = (i) => L + (n <= 1 ? 0 : (i * (W - L - R)) / (n - 1));
  const y = (v) => H - B - (v * (H - T - B)) / maxV;
  const p = seq.period;
  let caption = `G(n) of ${seq.ruleset} for n = 0..${n - 1}; largest value ${maxV}.` +
    (seq.cancelled ? " Cancelled: the values computed before the cancel." : "");
  if (p && p.period) {
    const per = Number(p.period), pre = Number(p.preperiod);
    ctx.fillStyle = "#e6eefa";
    for (let s = pre, k = 0; s < n; s += per, ++k) if (k % 2 === 0) ctx.fillRect(x(s), T, x(Math.min(n - 1, s + per)) - x(s), H - T - B);
    ctx.strokeStyle = "#b3261e";
    ctx.lineWidth = 2;
    ctx.beginPath(); ctx.moveTo(x(pre), T); ctx.lineTo(x(pre), H - B); ctx.stroke();
    ctx.fillStyle = "#b3261e";
    ctx.font = "12px sans-serif";
    ctx.fillText(`preperiod ${pre}`, Math.min(x(pre) + 4, W - 110), T + 12);
    caption += ` ${p.proven ? "Proven" : "Observed"} period ${per} (shaded, every other repeat) from the preperiod ${pre} (red line).`;
  }
  ctx.strokeStyle = "#888"; ctx.lineWidth = 1;
  ctx.beginPath(); ctx.moveTo(L, T); ctx.lineTo(L, H - B); ctx.lineTo(W - R, H - B); ctx.stroke();
  ctx.fillStyle = "#333"; ctx.font = "12px sans-serif";
  ctx.fillText(String(maxV), 4, T + 10);
  ctx.fillText("0", 4, H - B);
  ctx.fillText(String(n - 1), W - R - 50, H - 8);
  ctx.fillText("n", (W - L) / 2 + L, H - 8);
  ctx.fillStyle = "#1f5fa8";
  const cols = W - L - R + 1;
  if (n > 4 * cols && cols * (maxV + 1) <= (1 << 26)) {
    // Many heaps a pixel: each value present in a pixel's column, once.
    const seen = new Uint8Array(cols * (maxV + 1));
    for (let i = 0; i < n; ++i) seen[Math.floor((i * (cols - 1)) / (n - 1)) * (maxV + 1) + values[i]] = 1;
    for (let c = 0; c < cols; ++c)
      for (let v = 0; v <= maxV; ++v) if (seen[c * (maxV + 1) + v]) ctx.fillRect(L + c, y(v), 1, 1.5);
  } else {
    const size = n > 20000 ? 1 : n > 2000 ? 2 : 3;
    for (let i = 0; i < n; ++i) ctx.fillRect(x(i) - size / 2, y(values[i]) - size / 2, size, size);
  }
  canvas.setAttribute("aria-label", caption);
  $("sequence-plot-caption").textContent = caption;
  drawStats(values);
  drawValuesTable();
}

// The values as a table of ten to a row, a page at a time (kValuesPage), with
// the page copyable as text and the whole of G(0..n) as a CSV file in the
// form of `grundy values --csv` (a header line "n,value", then "n,G(n)").
const kValuesPage = 200;
const valuesView = {from: 0, csvUrl: null};

function drawValuesTable() {
  const n = seq.values.length;
  $("sequence-table").hidden = n === 0;
  if (valuesView.csvUrl) { URL.revokeObjectURL(valuesView.csvUrl); valuesView.csvUrl = null; }
  if (n === 0) return;
  valuesView.from = Math.max(0, Math.min(valuesView.from, Math.floor((n - 1) / kValuesPage) * kValuesPage));
  const from = valuesView.from, to = Math.min(n, from + kValuesPage);
  const table = $("values-table");
  const head = el("tr", {}, el("th", {scope: "col", text: "n"}));
  for (let c = 0; c < 10; ++c) head.append(el("th", {scope: "col", text: `+${c}`}));
  const body = el("tbody");
  for (let row = from; row < to; row += 10) {
    const tr = el("tr", {}, el("th", {scope: "row", text: String(row)}));
    for (let c = 0; c < 10; ++c) tr.append(el("td", {text: row + c < to ? String(seq.values[row + c]) : ""}));
    body.append(tr);
  }
  table.replaceChildren(el("caption", {text: `G(${from}..${to - 1}) of ${seq.ruleset}, ${n} values in all`}), el("thead", {}, head), body);
  $("values-prev").disabled = $("values-first").disabled = from === 0;
  $("values-next").disabled = $("values-last").disabled = to >= n;
  $("values-at").value = String(from);
  // The CSV file is made when the link is followed (a blob of the values).
  $("values-csv").textContent = `Download G(0..${n - 1}) as CSV`;
  $("values-note").textContent = "";
}

function valuesCsv() {
  const lines = ["n,value"];
  for (let i = 0; i < seq.values.length; ++i) lines.push(`${i},${seq.values[i]}`);
  return lines.join("\n") + "\n";
}

function wireValuesTable() {
  const go = (from) => { valuesView.from = from; drawValuesTable(); };
  $("values-first").addEventListener("click", () => go(0));
  $("values-prev").addEventListener("click", () => go(valuesView.from - kValuesPage));
  $("values-next").addEventListener("click", () => go(valuesView.from + kValuesPage));
  $("values-last").addEventListener("click", () => go(Infinity));
  const at = () => {
    const n = Number($("values-at").value.trim());
    if (Number.isInteger(n) && n >= 0) go(Math.floor(n / 10) * 10);
    else $("values-note").textContent = "From n = a heap size: a whole number from 0.";
  };
  $("values-go").addEventListener("click", at);
  $("values-at").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); at(); } });
  $("values-copy").addEventListener("click", async () => {
    const text = seq.values.slice(valuesView.from, valuesView.from + kValuesPage).join(" ");
    try {
      await navigator.clipboard.writeText(text);
      $("values-note").textContent = `Copied G(${valuesView.from}..${valuesView.from + text.split(" ").length - 1}).`;
    } catch (e) {
      $("values-note").textContent = "The browser refused the clipboard: select the table's text instead.";
    }
  });
  $("values-csv").addEventListener("click", () => {
    if (valuesView.csvUrl) URL.revokeObjectURL(valuesView.csvUrl);
    valuesView.csvUrl = URL.createObjectURL(new Blob([valuesCsv()], {type: "text/csv"}));
    $("values-csv").href = valuesView.csvUrl;
    $("values-csv").download = `${seq.ruleset.replace(/[^A-Za-z0-9.,:+-]/g, "_")}-values.csv`;
  });
}

// The histogram of the values and the rare ones (those met at most once in
// a thousand heaps), with where they occur.
function drawStats(values) {
  const out = $("sequence-stats");
  out.replaceChildren();
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) || 0) + 1);
  const keys = [...counts.keys()].sort((a, b) => a - b);
  const most = Math.max(...counts.values());
  out.append(el("h3", {text: "Histogram"}));
  out.append(histogram(keys.slice(0, 256), counts, most));
  const table = el("table", {}, el("caption", {text: "How often each value occurs"}));
  table.append(el("thead", {}, el("tr", {}, el("th", {scope: "col", text: "value"}), el("th", {scope: "col", text: "count"}))));
  const body = el("tbody");
  for (const k of keys.slice(0, 64)) body.append(el("tr", {}, el("td", {text: String(k)}), el("td", {text: String(counts.get(k))})));
  table.append(body);
  out.append(el("div", {class: "table-wrap"}, table));
  const threshold = Math.max(1, Math.floor(values.length / 1000));
  const rare = keys.filter((k) => counts.get(k) <= threshold);
  out.append(el("h3", {text: "Rare values"}));
  if (seq.stats && seq.stats.mask) out.append(el("p", {text: `The rare/common engine: ${seq.stats.rare} rare heap sizes, mask ${seq.stats.mask}.`}));
  if (rare.length === 0) {
    out.append(el("p", {text: `No value occurs ${threshold === 1 ? "only once" : `at most ${threshold} times`}.`}));
  } else {
    const ul = el("ul");
    for (const k of rare.slice(0, 30)) {
      const at = [];
      for (let i = 0; i < values.length && at.length < 8; ++i) if (values[i] === k) at.push(i);
      ul.append(el("li", {text: `${k}: ${counts.get(k)} time${counts.get(k) === 1 ? "" : "s"}, at n = ${at.join(", ")}${counts.get(k) > at.length ? ", …" : ""}`}));
    }
    out.append(el("p", {text: `Values met at most ${threshold} time${threshold === 1 ? "" : "s"} in ${values.length}:`}), ul);
  }
}

// Bars of how often each value occurs, the values under them.
function histogram(keys, counts, most) {
  const ns = "http://www.w3.org/2000/svg";
  const bar = 16, H = 160, B = 22, T = 16;
  const W = Math.max(200, keys.length * bar + 10);
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("width", String(W));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Histogram: " + keys.slice(0, 64).map((k) => `value ${k}: ${counts.get(k)} times`).join(", "));
  const add = (tag, attrs) => { const e = document.createElementNS(ns, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); svg.append(e); return e; };
  const every = keys.length > 40 ? 5 : 1;
  keys.forEach((k, i) => {
    const h = Math.max(1, ((H - B - T) * counts.get(k)) / most);
    add("rect", {x: 5 + i * bar, y: H - B - h, width: bar - 3, height: h, fill: "#1f5fa8"}).append(
      Object.assign(document.createElementNS(ns, "title"), {textContent: `value ${k}: ${counts.get(k)} times`}));
    if (i % every === 0) add("text", {x: 5 + i * bar + (bar - 3) / 2, y: H - 6, "text-anchor": "middle", "font-size": 10}).textContent = String(k);
  });
  add("line", {x1: 0, y1: H - B, x2: W, y2: H - B, stroke: "#333"});
  add("text", {x: 5, y: 12, "font-size": 10}).textContent = `${most} times`;
  return el("div", {class: "table-wrap"}, svg);
}

// ---------------------------------------------------------------- Graph

async function graphView(updateUrl = true) {
  const edges = $("graph-edges").value, tokens = $("graph-tokens").value;
  if (updateUrl) writeHash({view: "graph", edges, tokens});
  const out = $("graph-result");
  out.replaceChildren();
  let g;
  try {
    g = await call("graph", edges, "");
    clearError("graph-edges");
  } catch (e) {
    showError("graph-edges", e.message);
    clearError("graph-tokens");
    return;
  }
  let analysis = null, onVertices = [];
  try {
    if (tokens.trim()) ({analysis, tokens: onVertices} = await call("graph", edges, tokens));
    clearError("graph-tokens");
  } catch (e) {
    showError("graph-tokens", e.message);
  }
  const gamma = (v) => v.text;  // the library's notation (gamma_text): 3, ∞{0,2}
  out.append(drawGraph(g, gamma, onVertices));
  out.append(el("p", {text: g.acyclic ? "The graph has no cycle: every value is a Grundy value." :
    `The graph has cycles (one: ${g.cycle.map((u) => g.vertices[u].label).join(" → ")}): values are Smith's γ; ∞{K} is a vertex from which play can go on for ever, K the finite values among its followers.`}));
  const table = el("table", {}, el("caption", {text: "Values of the vertices"}));
  table.append(el("thead", {}, el("tr", {}, el("th", {scope: "col", text: "vertex"}), el("th", {scope: "col", text: "γ"}),
    el("th", {scope: "col", text: "outcome of a token"}), el("th", {scope: "col", text: "tokens"}), el("th", {scope: "col", text: "moves to"}))));
  const body = el("tbody");
  const count = (u) => onVertices.filter((t) => Number(t) === u).length;
  g.vertices.slice(0, 500).forEach((v, u) => body.append(el("tr", {class: count(u) ? "token" : ""}, el("td", {class: "text", text: v.label}), el("td", {text: gamma(v)}),
    el("td", {class: "outcome " + v.outcome, text: v.outcome}), el("td", {text: count(u) ? String(count(u)) : ""}),
    el("td", {class: "text", text: v.followers.map((u) => g.vertices[u].label).join(", ")}))));
  table.append(body);
  out.append(el("div", {class: "table-wrap"}, table));
  if (analysis) {
    out.append(el("h3", {text: `Tokens on ${tokens}`}), el("p", {class: "outcome " + analysis.outcome, text: "Outcome: " + outcomeWords[analysis.outcome]}));
    const ul = el("ul", {class: "moves"});
    for (const m of analysis.winning_moves) ul.append(el("li", {text: m.description}));
    if (analysis.winning_moves.length) out.append(el("p", {text: "Winning moves:"}), ul);
  }
}

// The vertices on a circle, edges as arrows, each vertex with its label and
// γ, coloured by the outcome of a token there (P red, N green, D grey); a
// vertex with tokens on it has a thick ring and its count of tokens.
function drawGraph(g, gamma, onVertices = []) {
  const ns = "http://www.w3.org/2000/svg";
  const n = g.vertices.length;
  const S = 420, C = S / 2, Rad = n > 1 ? S / 2 - 50 : 0;
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${S} ${S}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `The graph: ${n} vertices; ` + g.vertices.slice(0, 40).map((v, u) =>
    `${v.label} has value ${gamma(v)} (${v.outcome})` + (onVertices.some((t) => Number(t) === u) ? ", with a token" : "")).join("; "));
  svg.style.maxWidth = "28rem";
  const add = (tag, attrs, parent = svg) => { const e = document.createElementNS(ns, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); parent.append(e); return e; };
  const defs = add("defs", {});
  const marker = add("marker", {id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse"}, defs);
  add("path", {d: "M 0 0 L 10 5 L 0 10 z", fill: "#555"}, marker);
  if (n > 60) { add("text", {x: 10, y: 20}).textContent = `${n} vertices: too many to draw; see the table.`; return svg; }
  const pos = g.vertices.map((_, i) => [C + Rad * Math.cos((2 * Math.PI * i) / n - Math.PI / 2), C + Rad * Math.sin((2 * Math.PI * i) / n - Math.PI / 2)]);
  const r = 20;
  g.vertices.forEach((v, u) => {
    for (const w of v.followers) {
      const [x1, y1] = pos[u], [x2, y2] = pos[w];
      if (u === w) { add("circle", {cx: x1, cy: y1 - r - 8, r: 9, fill: "none", stroke: "#555"}); continue; }
      const d = Math.hypot(x2 - x1, y2 - y1) || 1;
      add("line", {x1: x1 + ((x2 - x1) * r) / d, y1: y1 + ((y2 - y1) * r) / d, x2: x2 - ((x2 - x1) * r) / d, y2: y2 - ((y2 - y1) * r) / d, stroke: "#555", "marker-end": "url(#arrow)"});
    }
  });
  g.vertices.forEach((v, u) => {
    const [cx, cy] = pos[u];
    const tokens = onVertices.filter((t) => Number(t) === u).length;
    add("circle", {cx, cy, r, fill: v.outcome === "P" ? "#fbe3e1" : v.outcome === "N" ? "#e3f4e6" : "#eee",
                   stroke: tokens ? "#1f5fa8" : "#333", "stroke-width": tokens ? 4 : 1, class: tokens ? "token" : ""});
    if (tokens) add("text", {x: cx + r - 2, y: cy - r + 2, "font-size": 12, fill: "#1f5fa8", "font-weight": "bold"}).textContent = tokens > 1 ? `●×${tokens}` : "●";
    add("text", {x: cx, y: cy - 2, "text-anchor": "middle", "font-size": 12}).textContent = v.label;
    add("text", {x: cx, y: cy + 12, "text-anchor": "middle", "font-size": 11, fill: "#1f5fa8"}).textContent = gamma(v);
  });
  return svg;
}

// ---------------------------------------------------------------- start

// The list of rulesets under the Analyse view's fields: the library's
// catalogue, which the messages about an unknown ruleset point to.
async function fillRulesets() {
  const rows = await call("catalogue");
  $("rulesets-table").tBodies[0].replaceChildren(...rows.map((r) =>
    el("tr", {}, el("td", {class: "text"}, el("code", {text: r.pattern})), el("td", {class: "text", text: r.description}))));
}

async function restore() {
  const h = readHash();
  const view = selectView(h.get("view") || "analyse");
  const set = (id, key) => { if (h.has(key)) $(id).value = h.get(key); };
  if (view === "analyse") { set("analyse-game", "game"); set("analyse-convention", "convention"); await analyse(false); }
  if (view === "explain") { set("explain-game", "game"); set("explain-convention", "convention"); await explainView(false); }
  if (view === "graph") { set("graph-edges", "edges"); set("graph-tokens", "tokens"); await graphView(false); }
  if (view === "play") {
    set("play-game", "game"); set("play-convention", "convention"); set("play-first", "first");
    if (h.has("game")) await startPlay(false, h.getAll("move"), $("play-game").value, false);
  }
  if (view === "sequence") {
    set("sequence-ruleset", "ruleset"); set("sequence-to", "to");
    if (h.get("period") === "1") await findPeriod(false);
    else if (h.has("ruleset")) await computeValues(false);
  }
}

function wire() {
  const tabs = views.map((v) => $("tab-" + v));
  tabs.forEach((tab, i) => {
    tab.addEventListener("click", () => {
      const view = selectView(tab.dataset.view);
      const params = {view};
      if (view === "analyse") Object.assign(params, {game: $("analyse-game").value, convention: $("analyse-convention").value});
      if (view === "explain") Object.assign(params, {game: $("explain-game").value, convention: $("explain-convention").value});
      writeHash(params);
      if (view === "explain" && !$("explain-result").hasChildNodes()) explainView();
      if (view === "graph" && !$("graph-result").hasChildNodes()) graphView();
    });
    // Arrow keys move between tabs (the WAI-ARIA tabs pattern).
    tab.addEventListener("keydown", (e) => {
      const d = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (!d) return;
      const next = tabs[(i + d + tabs.length) % tabs.length];
      next.focus();
      next.click();
    });
  });
  const onSubmit = (id, fn) => $(id).addEventListener("submit", (e) => { e.preventDefault(); fn(); });
  onSubmit("analyse-form", () => analyse());
  onSubmit("explain-form", () => explainView());
  onSubmit("graph-form", () => graphView());
  onSubmit("play-form", () => startPlay());
  onSubmit("play-typed-form", playTyped);
  onSubmit("sequence-form", () => computeValues());
  $("sequence-period").addEventListener("click", () => findPeriod());
  $("sequence-cancel").addEventListener("click", cancelSequence);
  $("play-move").addEventListener("click", playMove);
  $("play-moves").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); $("play-move").click(); } });
  $("play-hint").addEventListener("click", hintPlay);
  $("working-cancel").addEventListener("click", cancelSolver);
  $("play-undo").addEventListener("click", undoPlay);
  wireValuesTable();
  // A narrower or wider window redraws the drawings at their new width.
  let resized = null;
  window.addEventListener("resize", () => {
    clearTimeout(resized);
    resized = setTimeout(() => {
      if (play.turns.length) drawChart();
      if (seq.values.length || seq.cancelled) drawSequence();
    }, 150);
  });
  // Back and Forward (and a fragment typed in the address bar) restore the
  // view of that entry.
  window.addEventListener("popstate", restore);
}

startSolver().then(() => {
  $("loading").textContent = "";
  $("loading").hidden = true;
  busy(0);
  wire();
  fillRulesets().catch((e) => { $("rulesets-table").tBodies[0].replaceChildren(el("tr", {}, el("td", {text: e.message}))); });
  restore().finally(() => { document.body.dataset.ready = "true"; });
}, (e) => {
  $("loading").textContent = "The solver could not be loaded: " + e.message;
});
