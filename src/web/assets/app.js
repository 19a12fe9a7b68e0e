// sowlab playground: the page draws what the server sends. Every game operation is a POST to
// /api/NAME with a JSON body naming this tab's session; the server answers with the new view
// (board SVG, legal moves, history) or {ok: false, error}. Nothing of the game runs here.
"use strict";

const $ = (id) => document.getElementById(id);
let session = null;
let view = null;
let rules = [];
const laps = { n: 0, lap: 0, laps: 0, timer: null };

async function call(route, body) {
  const res = await fetch("/api/" + route, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(Object.assign({ session }, body || {})),
  });
  let data;
  try {
    data = await res.json();
  } catch (e) {
    data = { ok: false, error: "the server sent no JSON (" + res.status + ")" };
  }
  return data;
}

function say(text, isError) {
  const m = $("message");
  m.textContent = text || "";
  m.className = isError ? "error" : "";
}

// Calls the API; on success redraws the view, on failure shows the error and changes nothing.
async function act(route, body) {
  const data = await call(route, body);
  if (!data.ok) {
    say(data.error, true);
    return null;
  }
  render(data);
  return data;
}

function render(v) {
  view = v;
  session = v.session;
  $("board").innerHTML = v.svg;
  const onBoard = new Set();
  for (const g of $("board").querySelectorAll("g.hole.legal")) {
    g.addEventListener("click", () => play(g.dataset.move));
    onBoard.add(g.dataset.move);
  }
  // The legal moves no hole stands for (a direction, `3cw`; a decision of the turn, `stop`,
  // `left`): a button each.
  const choices = $("choices");
  choices.innerHTML = "";
  for (const label of v.legal || []) {
    if (onBoard.has(label)) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.dataset.move = label;
    b.addEventListener("click", () => play(label));
    choices.append(b);
  }
  say(v.message || v.status);
  const over = v.result !== "playing";
  $("board").dataset.result = v.result;
  $("undo").disabled = v.history.length === 0;
  $("redo").disabled = v.redo === 0;
  $("hint").disabled = over;
  $("ai").disabled = over;
  $("solve").disabled = v.players !== 1;
  $("back").disabled = !v.can_back;
  const ol = $("history");
  ol.innerHTML = "";
  for (const h of v.history) {
    const li = document.createElement("li");
    li.textContent = h.label + (v.players > 1 ? " (P" + h.player + ")" : "") +
      (h.laps > 1 ? " — " + h.laps + " laps" : "");
    li.dataset.n = h.n;
    li.title = "watch move " + h.n + " lap by lap";
    if (h.n === v.history.length) li.className = "current";
    li.addEventListener("click", () => openLaps(h.n, h.laps));
    const go = document.createElement("button");
    go.textContent = "go here";
    go.type = "button";
    go.addEventListener("click", (e) => { e.stopPropagation(); act("goto", { n: h.n }); });
    li.append(" ", go);
    ol.append(li);
  }
}

async function play(label) {
  closeLaps();
  const d = await act("play", { move: label });
  if (d && d.history.length) {
    const last = d.history[d.history.length - 1];
    if (last.laps > 1) openLaps(last.n, last.laps);
  }
}

// --- the lap viewer: frames of one move, drawn by the server ---
async function showFrame(k) {
  const d = await call("frame", { n: laps.n, lap: k });
  if (!d.ok) {
    say(d.error, true);
    stopLaps();
    return;
  }
  laps.lap = d.frame.lap;
  laps.laps = d.frame.laps;
  $("lap-label").textContent = "move " + laps.n + ": lap " + laps.lap + " / " + laps.laps;
  $("lap-label").dataset.lap = laps.lap;
  $("trace").innerHTML = d.frame.svg;
}

function openLaps(n, count) {
  stopLaps();
  laps.n = n;
  laps.laps = count;
  $("laps").hidden = false;
  showFrame(count);
}

function stopLaps() {
  if (laps.timer) clearInterval(laps.timer);
  laps.timer = null;
  $("lap-play").textContent = "play";
}

function closeLaps() {
  stopLaps();
  $("laps").hidden = true;
  $("trace").innerHTML = "";
}

$("lap-first").onclick = () => { stopLaps(); showFrame(0); };
$("lap-prev").onclick = () => { stopLaps(); showFrame(Math.max(0, laps.lap - 1)); };
$("lap-next").onclick = () => { stopLaps(); showFrame(Math.min(laps.laps, laps.lap + 1)); };
$("lap-last").onclick = () => { stopLaps(); showFrame(laps.laps); };
$("lap-close").onclick = closeLaps;
$("lap-play").onclick = () => {
  if (laps.timer) { stopLaps(); return; }
  $("lap-play").textContent = "pause";
  let k = laps.lap >= laps.laps ? 0 : laps.lap;
  showFrame(k);
  laps.timer = setInterval(() => {
    k += 1;
    if (k > laps.laps) { stopLaps(); return; }
    showFrame(k);
  }, 800);
};

// --- controls ---
$("undo").onclick = () => { closeLaps(); act("undo"); };
$("redo").onclick = () => { closeLaps(); act("redo"); };
$("goto-start").onclick = () => { closeLaps(); act("goto", { n: 0 }); };
// The agent named in the box; none: the server's default (in a solitaire, the solver).
function agentChoice() {
  const a = $("agent").value.trim();
  return a ? { agent: a } : {};
}
$("hint").onclick = async () => {
  const d = await act("hint", agentChoice());
  if (d && d.hint) {
    const g = $("board").querySelector('g.hole[data-move="' + CSS.escape(d.hint) + '"] circle');
    if (g) { g.setAttribute("stroke", "#ff8c00"); g.setAttribute("stroke-width", "5"); }
  }
};
$("ai").onclick = async () => {
  closeLaps();
  const d = await act("ai", agentChoice());
  if (d && d.history.length) {
    const last = d.history[d.history.length - 1];
    if (last.laps > 1) openLaps(last.n, last.laps);
  }
};
$("solve").onclick = () => { say("solving…"); act("solve"); };

// --- rules and options ---
function optionInputs() {
  const r = rules.find((x) => x.name === $("rule").value);
  const box = $("options");
  box.innerHTML = "";
  $("description").textContent = r ? (r.title || r.name) + ": " + r.description : "";
  if (!r) return;
  for (const o of r.options) {
    const label = document.createElement("label");
    label.title = o.help + " (" + o.allowed + ")";
    let input;
    if (o.values && o.values.length) {
      input = document.createElement("select");
      for (const v of o.values) {
        const opt = document.createElement("option");
        opt.value = String(v);
        opt.textContent = String(v);
        input.append(opt);
      }
    } else if (typeof o.default === "boolean") {
      input = document.createElement("select");
      for (const v of ["true", "false"]) {
        const opt = document.createElement("option");
        opt.value = v;
        opt.textContent = v;
        input.append(opt);
      }
    } else {
      input = document.createElement("input");
      input.size = typeof o.default === "number" ? 4 : 10;
    }
    input.value = String(o.default);
    input.dataset.option = o.name;
    input.dataset.default = String(o.default);
    label.append(o.name + " ", input);
    box.append(label);
  }
}

async function newGame() {
  closeLaps();
  const options = {};
  for (const i of $("options").querySelectorAll("[data-option]")) {
    if (i.value !== i.dataset.default) options[i.dataset.option] = i.value;
  }
  session = null;
  const d = await act("new", { rule: $("rule").value, options });
  if (d) {
    $("reload-report").textContent = "";
    $("error").hidden = true;
    loadSource();
  }
}

async function loadSource() {
  const d = await call("source");
  if (d.ok) {
    $("source").value = d.source.text;
    $("source-path").textContent = d.source.path;
  } else {
    $("source").value = "";
    $("source-path").textContent = d.error;
  }
}

// Shows a script error with its line and a caret under the column, and selects the line.
function showError(d) {
  const box = $("error");
  let text = d.error;
  if (d.line) {
    const lines = $("source").value.split("\n");
    const src = lines[d.line - 1];
    if (src !== undefined) {
      const num = String(d.line);
      text += "\n " + num + " | " + src + "\n " + " ".repeat(num.length) + " | " +
        " ".repeat(Math.max(0, (d.col || 1) - 1)) + "^";
      let start = 0;
      for (let i = 0; i < d.line - 1; i++) start += lines[i].length + 1;
      $("source").focus();
      $("source").setSelectionRange(start, start + src.length);
    }
  }
  box.textContent = text;
  box.hidden = false;
}

$("reload").onclick = async () => {
  closeLaps();
  let d = await call("reload", { source: $("source").value });
  // Another file of that name in the user folder: replaced only if the user says so.
  if (!d.ok && d.exists && window.confirm(d.error + "\n\nReplace " + d.path + "?")) {
    d = await call("reload", { source: $("source").value, overwrite: true });
  }
  if (!d.ok) {
    say(d.error, true);
    showError(d);
    return;
  }
  $("error").hidden = true;
  render(d);
  const pre = $("reload-report");
  pre.innerHTML = "";
  for (const line of d.reload.lines) {
    const div = document.createElement("div");
    div.textContent = line;
    if (/now plays differently|now illegal|no longer played|start position differs/.test(line)) {
      div.className = "diff";
    }
    pre.append(div);
  }
  $("source-path").textContent = d.reload.path;
};
$("back").onclick = () => { closeLaps(); act("back").then(() => loadSource()); };

$("rule").onchange = optionInputs;
$("setup").onsubmit = (e) => { e.preventDefault(); newGame(); };

async function start() {
  const res = await fetch("/api/rules");
  const d = await res.json();
  rules = d.rules || [];
  // One group per family (as `sowlab rules` lists them); rules without one go under "other".
  const groups = new Map();
  for (const r of rules) {
    const fam = r.family || "other";
    if (!groups.has(fam)) groups.set(fam, []);
    groups.get(fam).push(r);
  }
  for (const fam of [...groups.keys()].sort()) {
    const og = document.createElement("optgroup");
    og.label = fam;
    for (const r of groups.get(fam)) {
      const opt = document.createElement("option");
      opt.value = r.name;
      opt.textContent = r.name + (r.preset ? " (preset)" : "");
      if (r.region) opt.title = r.region;
      og.append(opt);
    }
    $("rule").append(og);
  }
  const wanted = new URLSearchParams(location.search).get("rule");
  $("rule").value = rules.some((r) => r.name === wanted) ? wanted : "tchuka_ruma";
  optionInputs();
  newGame();
}
start();
