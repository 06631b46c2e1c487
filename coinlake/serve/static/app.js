// coinlake serve: the page. It draws what /api/state answers and sends the person's
// answers; Non-player turns are stepped one command at a time so they play out visibly.
"use strict";

const POLL_MS = 2000;
let current = null;
let stepping = false;

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

async function call(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    document.getElementById("error").textContent = data.error || "refused";
    if (data.state) draw(data.state, true);
    return null;
  }
  document.getElementById("error").textContent = "";
  return data;
}

function spaceOptions(decision) {
  const found = new Map();
  if (!decision) return found;
  for (const option of decision.options) {
    const m = /^select (\S+)$/.exec(option);
    if (m) found.set(m[1], option);
  }
  return found;
}

async function answer(command) {
  if (!current || stepping) return;
  const data = await call("/api/apply", { command, version: current.version });
  if (data) draw(data);
}

function drawDecision(state) {
  const box = document.getElementById("decision");
  box.replaceChildren();
  if (state.result) {
    const winner = state.result.winner.join(" + ") || "nobody";
    box.append(el("p", { class: "prompt" }, `Game over (${state.result.rule}): ${winner} won.`));
    return;
  }
  const d = state.decision;
  if (!d) {
    const who = state.waiting && state.waiting.faction ? state.waiting.faction : "the game";
    box.append(el("p", { class: "prompt" }, `${who} (Non-player) is acting…`));
    return;
  }
  box.append(el("p", { class: "prompt" }, d.prompt));
  box.append(el("p", { class: "context" }, `${d.procedure} · rule ${d.rule}`));
  const list = el("div", { class: "options" });
  for (const option of d.options) {
    const button = el("button", { type: "button", "data-command": option }, option);
    button.addEventListener("click", () => answer(option));
    list.append(button);
  }
  box.append(list);
}

function drawBoard(state) {
  const board = document.getElementById("board");
  board.innerHTML = state.svg;
  const choosable = spaceOptions(state.decision);
  for (const g of board.querySelectorAll("g.space")) {
    const command = choosable.get(g.getAttribute("data-space"));
    if (command) {
      g.classList.add("choosable");
      g.addEventListener("click", () => answer(command));
    }
  }
}

function drawScore(state) {
  const table = document.getElementById("score");
  table.replaceChildren();
  const head = el("tr");
  for (const h of ["Faction", "total", "margin", "last change"]) head.append(el("th", {}, h));
  table.append(head);
  for (const row of state.score) {
    const tr = el("tr", { "data-faction": row.faction });
    tr.append(el("td", {}, row.faction), el("td", {}, String(row.total)),
      el("td", {}, String(row.margin)));
    const change = row.change === 0 ? "" : (row.change > 0 ? `+${row.change}` : String(row.change));
    tr.append(el("td", { class: row.change > 0 ? "up" : row.change < 0 ? "down" : "" }, change));
    table.append(tr);
  }
}

function drawLog(state) {
  const log = document.getElementById("log");
  log.replaceChildren();
  for (const line of state.log) {
    const li = el("li", { value: String(line.step) }, `${line.faction || "game"}: ${line.command}`);
    if (line.reason) li.append(el("span", { class: "reason" }, line.reason));
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
}

function drawEvaluation(state) {
  const e = state.evaluation;
  const status = document.getElementById("evaluation-status");
  const bar = document.getElementById("evaluation-bar");
  bar.replaceChildren();
  if (!e) { status.textContent = ""; return; }
  if (e.failed) { status.textContent = "the evaluation failed"; return; }
  const when = e.version === state.version ? "this position" : `step ${e.version}`;
  if (!e.chances) { status.textContent = `evaluating ${when}: ${e.done}/${e.total}`; return; }
  status.textContent = `chances at ${when} (${e.total} rollouts)`;
  for (const [faction, chance] of Object.entries(e.chances)) {
    const part = el("div", { class: faction, title: `${faction} ${Math.round(chance * 100)}%` },
      chance >= 0.1 ? `${faction} ${Math.round(chance * 100)}%` : "");
    part.style.width = `${chance * 100}%`;
    bar.append(part);
  }
}

function draw(state, keepError = false) {
  current = state;
  document.title = `coinlake — ${state.humans.join(", ") || "Non-players"}`;
  document.getElementById("status").textContent =
    `view: ${state.viewer} · step ${state.version}`;
  document.getElementById("undo").disabled = !state.can_undo;
  document.getElementById("redo").disabled = !state.can_redo;
  drawBoard(state);
  drawDecision(state);
  drawScore(state);
  drawLog(state);
  drawEvaluation(state);
  if (!keepError) document.getElementById("error").textContent = "";
  if (state.auto && !state.result) scheduleStep();
}

function scheduleStep() {
  if (stepping) return;
  stepping = true;
  setTimeout(async () => {
    const data = await call("/api/step", { version: current.version });
    stepping = false;
    if (data) draw(data);
  }, current.pace);
}

document.getElementById("undo").addEventListener("click", async () => {
  const data = await call("/api/undo", { version: current.version });
  if (data) draw(data);
});
document.getElementById("redo").addEventListener("click", async () => {
  const data = await call("/api/redo", { version: current.version });
  if (data) draw(data);
});
document.getElementById("evaluate").addEventListener("click", async () => {
  const data = await call("/api/evaluate", { version: current.version });
  if (data) draw(data);
});

function evaluating() {
  const e = current && current.evaluation;
  return Boolean(e && !e.chances && !e.failed);
}

async function poll() {
  if (!stepping) {
    const data = await call("/api/state");
    if (data && (!current || data.version !== current.version ||
        JSON.stringify(data.evaluation) !== JSON.stringify(current.evaluation))) draw(data);
  }
  setTimeout(poll, evaluating() ? 400 : POLL_MS);
}
poll();
