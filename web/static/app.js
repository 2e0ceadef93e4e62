/* The table companion's page: forms that build the files the CLI reads, answers the CLI's JSON. */
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const GAME_OF = {tricks: "whitehouse", socks: "socks", like: "social", round: "likes", position: "whitehouse"};
let INFO = null;

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/* A server busy with its solves answers 503 with Retry-After: the page waits that long and asks
   again by itself, saying so, up to BUSY_TRIES times. */
const BUSY_TRIES = 30;

function busyNotice(text) {
  let notice = $("#busy");
  if (!notice) {
    notice = el("p", {id: "busy", class: "notice", role: "status"});
    $("main").prepend(notice);
  }
  notice.textContent = text;
  notice.hidden = !text;
}

async function api(method, path, body) {
  const headers = {"X-Verify-Token": TOKEN};
  let payload;
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = typeof body === "string" ? body : JSON.stringify(body);
  }
  for (let tries = 1; ; tries++) {
    const response = await fetch(path, {method, headers, body: payload, credentials: "same-origin"});
    let data = null;
    try { data = await response.json(); } catch (e) { data = {error: `verify: the server answered ${response.status}`}; }
    if (response.status !== 503 || tries >= BUSY_TRIES) {
      busyNotice("");
      return {status: response.status, data};
    }
    const wait = Math.max(1, Number(response.headers.get("Retry-After")) || (data && data.retry_after) || 1);
    busyNotice(`The server is busy with other solves: asking again in ${wait} s by itself (try ${tries} of ${BUSY_TRIES}).`);
    await new Promise((done) => setTimeout(done, wait * 1000));
  }
}

/* ---- numbers and lists typed by hand ---- */
function tokens(text) { return text.split(/[\s,]+/).filter(Boolean); }
function numberOr(text) { return /^-?\d+$/.test(text) ? Number(text) : text; }
function numbers(text) { return tokens(text).map(numberOr); }

/* ---- errors beside their fields ---- */
function clearErrors(panel) {
  for (const p of $$(".error", panel)) p.textContent = "";
  for (const bad of $$(".bad", panel)) bad.classList.remove("bad");
}

/* The error line for a JSON path: the most specific `data-for` of the path with its indices dropped
   (round.plays[0].intent: round.plays.intent, then round.plays, then round). */
function errorLineFor(panel, path) {
  const parts = path.replace(/\[\d+\]/g, "").split(".").filter(Boolean);
  for (let n = parts.length; n > 0; n--) {
    const found = $(`.error[data-for="${CSS.escape(parts.slice(0, n).join("."))}"]`, panel);
    if (found) return found;
  }
  return null;
}

/* Mark the field a path names: the input whose data-path is the longest prefix of it, and its row. */
function markField(panel, path) {
  let best = null;
  for (const input of $$("[data-path]", panel)) {
    const p = input.dataset.path;
    if ((path === p || path.startsWith(p + ".") || path.startsWith(p + "[")) && (!best || p.length > best.dataset.path.length)) best = input;
  }
  if (best) {
    best.classList.add("bad");
    return best;
  }
  const row = /^([\w.]+)\[(\d+)\]/.exec(path);
  if (row) {
    const item = $$(`[data-list="${row[1]}"] > .item`, panel)[Number(row[2])];
    if (item) { item.classList.add("bad"); return item; }
  }
  return null;
}

function besideField(panel, path, text) {
  const target = errorLineFor(panel, path || "");
  if (target) target.textContent = text;
  markField(panel, path || "");
  return target;
}

/* A message's players[2] is "player 3, Cy" to the players at the table: counted from 1, with the
   name typed in that player's row (the JSON path stays in the file and the marks). */
function playersNamed(panel, text) {
  const rows = $$(".player-row", panel);
  return text.replace(/players\[(\d+)\]\.?/g, (whole, index) => {
    const row = rows[Number(index)];
    const name = row && $(".p-name", row) ? $(".p-name", row).value.trim() : "";
    const more = whole.endsWith(".") ? ", " : "";
    return `player ${Number(index) + 1}${name ? `, ${name}` : ""}${more}`;
  });
}

function showError(panel, error) {
  const path = error.path || "";
  let target = null;
  if (error.source === "move.json") target = $('.error[data-for="move"]', panel);
  if (!target && path) target = errorLineFor(panel, path);
  if (!target && error.source !== "request" && error.source !== "time_limit") target = $('.error[data-for="*"]', panel);
  if (!target) target = $('.error[data-for=""]', panel);
  target.textContent = panel.id === "socks" ? playersNamed(panel, error.error) : error.error;
  if (error.source !== "move.json") markField(panel, path);
  if (target.closest("details")) target.closest("details").open = true;
}

/* ---- rule options, from their documented values ---- */
function optionsOf(form) {
  const names = INFO.form_options[form] || [];
  return names.map((name) => INFO.options.find((o) => o.name === name && o.game === GAME_OF[form])).filter(Boolean);
}

function drawOptions(form) {
  const box = $(`[data-options="${form}"]`);
  box.replaceChildren();
  const found = optionsOf(form);
  if (!found.length) return;
  const details = el("details", {class: "rules"}, el("summary", {text: `Rule options (${found.length})`}));
  for (const option of found) {
    const select = el("select", {"data-rule": option.name, "aria-label": option.question});
    const values = [{value: option.default, meaning: option.default_meaning || "the default"}, ...option.alternatives];
    for (const v of values) {
      select.append(el("option", {value: JSON.stringify(v.value), text: `${JSON.stringify(v.value)}: ${v.meaning}`}));
    }
    details.append(el("div", {class: "option"},
      el("label", {}, el("strong", {text: option.name}), " ", option.question, select),
      el("blockquote", {text: `\u201c${option.rulebook}\u201d`}),
      el("p", {class: "error", "data-for": `rules.${option.name}`})));
  }
  box.append(details);
}

function setOptions(form, rules) {
  for (const select of $$(`[data-options="${form}"] select`)) {
    const name = select.dataset.rule;
    const option = optionsOf(form).find((o) => o.name === name);
    const value = rules && name in rules ? rules[name] : option.default;
    const wanted = JSON.stringify(value);
    if ($$("option", select).some((o) => o.value === wanted)) select.value = wanted;
  }
}

function chosenRules(form, given) {
  const rules = {...(given || {})};
  for (const select of $$(`[data-options="${form}"] select`)) {
    const option = optionsOf(form).find((o) => o.name === select.dataset.rule);
    const value = JSON.parse(select.value);
    if (JSON.stringify(value) !== JSON.stringify(option.default) || select.dataset.rule in rules) rules[select.dataset.rule] = value;
  }
  return rules;
}

function withRules(doc, rules) {
  if (Object.keys(rules).length) doc.rules = rules; else delete doc.rules;
  return doc;
}

/* ---- results ---- */
function showResult(panel, reply, summary) {
  const box = $(".result", panel);
  box.replaceChildren();
  box.append(summary);
  for (const warning of reply.warnings || []) box.append(el("p", {class: "warning", text: `verify: ${warning}`}));
  if (reply.svg) {
    const url = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(reply.svg);
    // At its own size, in a box that scrolls: a large network is read by scrolling, never shrunk.
    box.append(el("div", {class: "picture-wrap"}, el("img", {class: "picture", src: url, alt: "the answer drawn"})));
  }
  if (reply.answer) {
    const pre = el("pre", {class: "json", hidden: true, text: JSON.stringify(reply.answer, null, 1)});
    const toggle = el("button", {type: "button", class: "show-json", text: "Show the JSON"});
    toggle.addEventListener("click", () => { pre.hidden = !pre.hidden; toggle.textContent = pre.hidden ? "Show the JSON" : "Hide the JSON"; });
    box.append(el("div", {class: "actions"}, toggle), pre);
  }
}

function line(text, cls) { return el("p", {class: cls || "", text}); }

function download(name, doc) {
  const text = (typeof doc === "string" ? doc : JSON.stringify(doc, null, 1)) + (typeof doc === "string" ? "" : "\n");
  const url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
  const link = el("a", {href: url, download: name});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function ask(form, path, body, render) {
  const panel = document.getElementById(form);
  clearErrors(panel);
  $(".result", panel).replaceChildren(line("Working...", "working"));
  const {status, data} = await api("POST", path, body);
  finish(panel, status, data, render);
}

function finish(panel, status, data, render) {
  if (status === 200) {
    if (data.undecided) showResult(panel, data, line(`verify: ${data.undecided}`, "undecided"));
    else showResult(panel, data, render(data));
    return;
  }
  $(".result", panel).replaceChildren();
  if (status === 400) showError(panel, data);
  else $('.error[data-for=""]', panel).textContent = data.error || `verify: the server answered ${status}`;
}

/* ================= Locked Network ================= */
const T = {names: {}, eventNames: {}, board: new Map(), selected: null, marks: null, entries: [], job: null};

function eventRow(id = "", lists = "") {
  const row = el("div", {class: "item event-row"},
    el("input", {class: "ev-id", value: id, placeholder: "Event id", "aria-label": "Event id", autocomplete: "off"}),
    el("input", {class: "ev-lists", value: lists, placeholder: "Supporters it lists", inputmode: "numeric", "aria-label": "Supporters it lists", autocomplete: "off"}),
    el("button", {type: "button", class: "remove", "aria-label": "remove", text: "\u00d7"}));
  $(".remove", row).addEventListener("click", () => { row.remove(); networkChanged(); });
  for (const input of $$("input", row)) input.addEventListener("change", networkChanged);
  return row;
}

function networkCards() {
  const cards = tokens($("#t-supporters").value).map((s) => ({kind: "supporter", id: numberOr(s)}));
  for (const row of $$("#t-events .event-row")) {
    const id = $(".ev-id", row).value.trim();
    if (id) cards.push({kind: "event", id: numberOr(id)});
  }
  return cards;
}

function networkDoc() {
  const doc = {};
  doc.supporters = tokens($("#t-supporters").value).map((s) => {
    const id = numberOr(s);
    return T.names[id] ? {id, name: T.names[id]} : id;
  });
  doc.events = $$("#t-events .event-row").map((row) => {
    const id = numberOr($(".ev-id", row).value.trim());
    const event = {id, supporters: numbers($(".ev-lists", row).value)};
    if (T.eventNames[id]) event.name = T.eventNames[id];
    return event;
  });
  const claim = $("#t-claim").value.trim();
  if (claim !== "") doc.claim = numberOr(claim);
  return withRules(doc, chosenRules("tricks"));
}

function arrangementOf() {
  return Array.from(T.board.entries()).map(([key, card]) => {
    const [row, col] = key.split(",").map(Number);
    return card.kind === "supporter" ? {supporter: card.id, row, col} : {event: card.id, row, col};
  });
}

function label(card) { return card.kind === "supporter" ? `S${card.id}` : String(card.id); }
function sameCard(a, b) { return a && b && a.kind === b.kind && a.id === b.id; }

function networkChanged() {
  const cards = networkCards();
  for (const [key, card] of Array.from(T.board.entries())) if (!cards.some((c) => sameCard(c, card))) T.board.delete(key);
  drawPalette();
  boardChanged();
}

function boardChanged() { T.marks = null; T.entries = []; drawBoard(); }

function drawPalette() {
  const palette = $("#t-palette");
  palette.replaceChildren();
  for (const card of networkCards()) {
    const placed = Array.from(T.board.values()).some((c) => sameCard(c, card));
    const chip = el("button", {type: "button", class: `chip ${card.kind}${placed ? " placed" : ""}${sameCard(card, T.selected) ? " selected" : ""}`,
      "data-card": `${card.kind}:${card.id}`, "aria-pressed": sameCard(card, T.selected) ? "true" : "false", text: label(card)});
    chip.addEventListener("click", () => { T.selected = sameCard(card, T.selected) ? null : card; drawPalette(); });
    palette.append(chip);
  }
}

function drawBoard() {
  const keys = [...T.board.keys(), ...T.entries.map((e) => `${e.row},${e.col}`)].map((k) => k.split(",").map(Number));
  const rows = keys.map((k) => k[0]), cols = keys.map((k) => k[1]);
  let r0 = Math.min(0, ...rows) - (rows.length ? 1 : 0), r1 = Math.max(2, ...rows.map((r) => r + 1));
  let c0 = Math.min(0, ...cols) - (cols.length ? 1 : 0), c1 = Math.max(3, ...cols.map((c) => c + 1));
  if (!rows.length) { r0 = 0; c0 = 0; }
  const board = $("#t-board");
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${c1 - c0 + 1}, minmax(2.6rem, 4.5rem))`;
  const marks = T.marks || {broken: [], apart: [], unmatched: []};
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const card = T.board.get(`${r},${c}`);
      const cell = el("button", {type: "button", class: `cell${card ? " " + card.kind : ""}`, "data-row": r, "data-col": c,
        "aria-label": `row ${r} col ${c}${card ? ": " + label(card) : ""}`, text: card ? label(card) : ""});
      for (const b of marks.broken) {
        for (const [me, other] of [[b.a, b.b], [b.b, b.a]]) {
          if (me[0] !== r || me[1] !== c) continue;
          const side = other[0] > r ? "s" : other[0] < r ? "n" : other[1] > c ? "e" : "w";
          cell.classList.add("broken", `broken-${side}`);
        }
      }
      if (marks.apart.some((p) => p[0] === r && p[1] === c)) cell.classList.add("apart");
      if (marks.unmatched.some((p) => p[0] === r && p[1] === c)) cell.classList.add("unmatched");
      const entry = T.entries.find((e) => e.row === r && e.col === c);
      if (entry) { cell.classList.add("entry"); cell.append(el("small", {text: `+ ${entry.tricks} T`})); }
      cell.addEventListener("click", () => tapCell(r, c));
      board.append(cell);
    }
  }
}

function tapCell(r, c) {
  const key = `${r},${c}`;
  if (T.selected) {
    for (const [k, card] of Array.from(T.board.entries())) if (sameCard(card, T.selected)) T.board.delete(k);
    T.board.set(key, T.selected);
    T.selected = null;
  } else if (T.board.has(key)) {
    T.board.delete(key);
  } else return;
  drawPalette();
  boardChanged();
}

const RULE_WORDS = [
  [/does not list it/, "placement", "A Supporter and an Event may share a border only if they match."],
  [/pieces/, "connected", "A card enters your Locked Network when it borders a card already there."],
  [/borders no card it matches/, "every_card_matched", "Every card keeps a matching border (the rule option every_card_matched)."],
];

function tricksSummary(reply) {
  const a = reply.answer;
  const box = el("div", {class: "summary"});
  if (a.status === "optimal") box.append(line(`Proven maximum: ${a.tricks} Tricks`, "headline yes"));
  else if (a.status === "infeasible") box.append(line("No legal arrangement of these cards exists", "headline no"));
  else box.append(line(`Not proven within the time limit: best found ${a.tricks ?? "none"}, bound ${a.bound}`, "headline undecided"));
  if (a.proof) box.append(line(`Why: ${a.proof}`));
  if (a.claim) {
    const c = a.claim;
    const words = c.holds === true ? (c.exact ? "holds, and it is the maximum" : "holds (the network makes at least that)")
      : c.holds === false ? "is refuted" : "is still open";
    box.append(line(`The claim of ${c.value} Tricks ${words}.`, c.holds === true ? "yes" : c.holds === false ? "no" : ""));
  }
  const given = a.given_arrangement;
  if (given) {
    if (given.legal) box.append(line(`Your arrangement is legal: ${given.tricks} Tricks.`, "given yes"));
    else {
      box.append(line(`Your arrangement breaks the rules (${given.tricks} Tricks as laid):`, "given no"));
      const list = el("ul", {class: "violations"});
      for (const v of given.violations) {
        const rule = RULE_WORDS.find(([pattern]) => pattern.test(v));
        list.append(el("li", {}, rule ? el("strong", {text: `${rule[1]}: `}) : "", v, rule ? el("em", {text: ` \u2014 ${rule[2]}`}) : ""));
      }
      box.append(list);
    }
  }
  if (a.add) {
    const places = a.add.placements;
    box.append(line(places.length ? `The new card may enter at ${places.length} cells: ${places.map((p) => `row ${p.row} col ${p.col} (${p.tricks} Tricks)`).join(", ")}; the most after it enters: ${a.add.max_after}.`
      : "The new card may enter nowhere beside these cards.", "entries"));
  }
  return box;
}

async function runTricks(doc) {
  const panel = $("#tricks");
  clearErrors(panel);
  if (T.job) await cancelTricks();
  $(".result", panel).replaceChildren();
  const limit = $("#t-time-limit").value.trim();
  const started = await api("POST", "/api/jobs/tricks" + (limit ? `?time_limit=${encodeURIComponent(limit)}` : ""), doc);
  if (started.status !== 202) { finish(panel, started.status, started.data, tricksSummary); return; }
  const id = started.data.id;
  T.job = id;
  T.best = null;
  $("#t-cancel").hidden = false;
  $("#t-progress").textContent = "Solving...";
  while (T.job === id) {
    await new Promise((done) => setTimeout(done, 250));
    if (T.job !== id) return;
    const {status, data} = await api("GET", `/api/jobs/tricks/${id}`);
    if (status !== 200) { T.job = null; finish(panel, status, data, tricksSummary); break; }
    if (data.state === "running") {
      const p = data.progress;
      if (p && p.best !== null && p.best !== undefined) T.best = p;
      $("#t-progress").textContent = p ? `Solving: best found ${p.best ?? "none yet"}, bound ${p.bound}, ${data.seconds.toFixed(1)} s`
        : `Solving: ${data.seconds.toFixed(1)} s`;
      continue;
    }
    T.job = null;
    $("#t-progress").textContent = "";
    const result = data.result || {};
    const code = data.state === "refused" ? 400 : data.state === "failed" ? 500 : data.state === "cancelled" ? 409 : 200;
    if (code === 200 && result.marks) T.marks = result.marks;
    if (code === 200 && result.answer && result.answer.add) T.entries = result.answer.add.placements;
    if (code === 200) drawBoard();
    finish(panel, code, code === 409 ? {error: "verify: the solve was cancelled"} : result, tricksSummary);
  }
  $("#t-cancel").hidden = true;
}

async function cancelTricks() {
  const id = T.job;
  T.job = null;
  $("#t-cancel").hidden = true;
  if (!id) return;
  await api("DELETE", `/api/jobs/tricks/${id}`);
  // The best the progress showed stays on the page, marked unproven: the solve did not finish.
  const best = T.best;
  $("#t-progress").textContent = "Cancelled: the solve was stopped." +
    (best ? ` Best found: ${best.best} Tricks, unproven (bound ${best.bound}).` : "");
}

function addCard() {
  const id = $("#t-add-id").value.trim();
  if ($("#t-add-kind").value === "supporter") return {supporter: numberOr(id)};
  return {event: numberOr(id), supporters: numbers($("#t-add-lists").value)};
}

function loadNetwork(doc) {
  T.names = {}; T.eventNames = {};
  const ids = (doc.supporters || []).map((s) => {
    if (typeof s === "object" && s !== null) { if (s.name) T.names[s.id] = s.name; return s.id; }
    return s;
  });
  $("#t-supporters").value = ids.join(" ");
  $("#t-events").replaceChildren(...(doc.events || []).map((e) => {
    if (e.name) T.eventNames[e.id] = e.name;
    return eventRow(String(e.id), (e.supporters || []).join(" "));
  }));
  $("#t-claim").value = doc.claim ?? "";
  T.board = new Map();
  for (const p of doc.arrangement || []) {
    T.board.set(`${p.row},${p.col}`, "supporter" in p ? {kind: "supporter", id: p.supporter} : {kind: "event", id: p.event});
  }
  if (doc.add) {
    $("#t-add-kind").value = "supporter" in doc.add ? "supporter" : "event";
    $("#t-add-id").value = String(doc.add.supporter ?? doc.add.event);
    $("#t-add-lists").value = (doc.add.supporters || []).join(" ");
    $("#t-add-lists").hidden = $("#t-add-kind").value !== "event";
  }
  setOptions("tricks", doc.rules);
  networkChanged();
}

function drawCataloguePick() {
  const catalogue = INFO.catalogues.whitehouse;
  const pick = $("#t-pick");
  pick.replaceChildren();
  const events = el("fieldset", {}, el("legend", {text: "Events"}));
  for (const e of catalogue.events) {
    events.append(el("label", {class: "pick-item"}, el("input", {type: "checkbox", value: e.id, "data-pick": "event"}),
      ` ${e.id} ${e.name || ""} (${e.supporters.join(", ")})`));
  }
  const supporters = el("fieldset", {}, el("legend", {text: "Supporters"}));
  for (const s of catalogue.supporters) {
    supporters.append(el("label", {class: "pick-item"}, el("input", {type: "checkbox", value: s.number, "data-pick": "supporter"}),
      ` ${s.number} ${s.name || ""}`));
  }
  pick.append(events, supporters);
}

function usePicked() {
  const catalogue = INFO.catalogues.whitehouse;
  const events = $$('[data-pick="event"]:checked').map((box) => catalogue.events.find((e) => String(e.id) === box.value));
  const supporters = $$('[data-pick="supporter"]:checked').map((box) => catalogue.supporters.find((s) => String(s.number) === box.value));
  loadNetwork({supporters: supporters.map((s) => (s.name ? {id: s.number, name: s.name} : s.number)),
    events: events.map((e) => ({id: e.id, supporters: e.supporters, ...(e.name ? {name: e.name} : {})}))});
}

function setupTricks() {
  $("#t-add-event").addEventListener("click", () => { $("#t-events").append(eventRow()); });
  $("#t-supporters").addEventListener("change", networkChanged);
  $("#t-solve").addEventListener("click", () => runTricks(networkDoc()));
  $("#t-cancel").addEventListener("click", cancelTricks);
  $("#t-check").addEventListener("click", () => runTricks({...networkDoc(), arrangement: arrangementOf()}));
  $("#t-where").addEventListener("click", () => runTricks({...networkDoc(), arrangement: arrangementOf(), add: addCard()}));
  $("#t-clear").addEventListener("click", () => { T.board = new Map(); drawPalette(); boardChanged(); });
  $("#t-add-kind").addEventListener("change", () => { $("#t-add-lists").hidden = $("#t-add-kind").value !== "event"; });
  $("#t-use-picked").addEventListener("click", usePicked);
  $("#tricks .download").addEventListener("click", () => {
    const doc = networkDoc();
    if (T.board.size) doc.arrangement = arrangementOf();
    download(INFO.sources.network, doc);
  });
  drawCataloguePick();
  drawBoard();
}

/* ================= Oh My Socks! ================= */
const S = {cards: null};

function socksMode() { return $('input[name="s-mode"]:checked').value; }

function setsText(sets) { return Object.entries(sets || {}).map(([set, stars]) => `${set}: ${stars.join(" ")}`).join("; "); }

function parseSets(text) {
  const sets = {};
  for (const part of text.split(";").map((p) => p.trim()).filter(Boolean)) {
    const [set, stars = ""] = part.split(":");
    sets[set.trim()] = numbers(stars);
  }
  return sets;
}

function playerRow(player = {}) {
  const mode = socksMode();
  const row = el("div", {class: "item player-row"},
    el("input", {class: "p-name", value: player.name || "", placeholder: "name", "aria-label": "name", autocomplete: "off"}));
  if (mode === "sets") {
    row.append(el("input", {class: "p-sets", value: setsText(player.sets), placeholder: "7: 2 1 1; 3: 1", "aria-label": "sets", autocomplete: "off"}));
  } else {
    row.append(el("input", {class: "p-collection", value: (player.collection || []).join(" "), placeholder: "collection: 7-1 7-2", "aria-label": "collection", autocomplete: "off"}),
      el("input", {class: "p-gifts", value: (player.gifts || []).join(" "), placeholder: "gifts", "aria-label": "gifts", autocomplete: "off"}));
  }
  row.append(el("input", {class: "p-super", value: player.super_sock ?? "", placeholder: "Super Sock", "aria-label": "Super Sock set", autocomplete: "off"}),
    el("button", {type: "button", class: "remove", "aria-label": "remove", text: "\u00d7"}));
  $(".remove", row).addEventListener("click", () => row.remove());
  return row;
}

function socksDoc() {
  const doc = {};
  const mode = socksMode();
  if (mode === "cards") {
    const which = $("#s-catalogue").value;
    const cards = which === "example" ? S.cards : which === "given" ? INFO.catalogues.socks.cards : null;
    if (cards) doc.cards = cards;
  }
  doc.players = $$("#s-players .player-row").map((row) => {
    const player = {name: $(".p-name", row).value.trim()};
    if (mode === "sets") player.sets = parseSets($(".p-sets", row).value);
    else { player.collection = tokens($(".p-collection", row).value); player.gifts = tokens($(".p-gifts", row).value); }
    const sup = $(".p-super", row).value.trim();
    if (sup !== "") player.super_sock = numberOr(sup);
    return player;
  });
  return withRules(doc, chosenRules("socks"));
}

function setSocksMode(mode, players) {
  $(`input[name="s-mode"][value="${mode}"]`).checked = true;
  $("#s-hint-sets").hidden = mode !== "sets";
  $("#s-hint-cards").hidden = mode !== "cards";
  $("#s-catalogue-field").hidden = mode !== "cards";
  $("#s-players").replaceChildren(...players.map(playerRow));
}

function loadSocks(doc) {
  S.cards = doc.cards || null;
  const select = $("#s-catalogue");
  $$('option[value="example"]', select).forEach((o) => o.remove());
  if (S.cards) { select.append(el("option", {value: "example", text: "the example's own cards"})); select.value = "example"; }
  else select.value = "sample";
  const mode = (doc.players || []).some((p) => "sets" in p) ? "sets" : "cards";
  setSocksMode(mode, doc.players || []);
  setOptions("socks", doc.rules);
}

const DECIDED = {
  score: "the highest score wins",
  fewest_sets: "tied on score: the fewest sets of Socks wins",
  shared: "tied on score and on sets too: they share the win",
};

function socksSummary(reply) {
  const a = reply.answer;
  const box = el("div", {class: "summary"});
  const winners = a.winners.length ? a.winners.join(" and ") : "nobody";
  box.append(line(`Winner: ${winners} \u2014 ${DECIDED[a.decided_by] || a.decided_by}`, "headline yes"));
  if (a.decided_by !== "score") box.append(line(`The tie-break counts ${a.rules.tie_break_counts === "scoring_sets" ? "only the sets that score" : "every set collected"} (tie_break_counts = ${a.rules.tie_break_counts}).`, "tie-break"));
  const table = el("table", {class: "scores"}, el("tr", {}, el("th", {text: "player"}), el("th", {text: "score"}), el("th", {text: "sets"}), el("th", {text: "each set"})));
  for (const p of a.players) {
    const sets = p.sets.map((s) => `${s.set}\u00d7${s.count}${s.scores ? ` = ${s.stars}\u2605` : " (odd)"}`).join(", ");
    const sup = p.super_sock ? `; Super Sock in set ${p.super_sock.set}${p.super_sock.chosen_by_solver ? " (chosen at best)" : ""}` : "";
    table.append(el("tr", {}, el("td", {text: p.name}), el("td", {text: String(p.score)}), el("td", {text: String(p.set_count)}), el("td", {text: sets + sup})));
  }
  box.append(el("div", {class: "table-wrap"}, table));
  return box;
}

function setupSocks() {
  for (const radio of $$('input[name="s-mode"]')) radio.addEventListener("change", () => setSocksMode(socksMode(), [{name: "Ana"}, {name: "Bo"}]));
  $("#s-add-player").addEventListener("click", () => $("#s-players").append(playerRow()));
  $("#socks .ask").addEventListener("click", () => ask("socks", "/api/socks", socksDoc(), socksSummary));
  $("#socks .download").addEventListener("click", () => download(INFO.sources.socks, socksDoc()));
  if (!INFO.catalogues.socks || !INFO.catalogues.socks.cards) $('#s-catalogue option[value="given"]').remove();
  setSocksMode("sets", [{name: "Ana"}, {name: "Bo"}]);
}

/* ================= Social Network ================= */
function galleryRow(g = {}) {
  const row = el("div", {class: "item gallery-row"},
    el("input", {class: "g-id", value: g.id || "", placeholder: "Gallery id", "aria-label": "Gallery id", autocomplete: "off"}),
    el("input", {class: "g-owner", value: g.owner || "", placeholder: "owner", "aria-label": "owner", autocomplete: "off"}),
    el("label", {class: "inline"}, el("input", {type: "checkbox", class: "g-active", checked: g.active !== false}), " active"),
    el("input", {class: "g-likes", value: (g.likes || []).join(" "), placeholder: "Likes from", "aria-label": "Likes from", autocomplete: "off"}),
    el("button", {type: "button", class: "remove", "aria-label": "remove", text: "\u00d7"}));
  if (g.owner_passed_since) row.dataset.passed = "true";
  $(".remove", row).addEventListener("click", () => row.remove());
  return row;
}

function likeDoc() {
  const doc = {players: tokens($("#l-players").value)};
  doc.galleries = $$("#l-galleries .gallery-row").map((row) => {
    const g = {id: $(".g-id", row).value.trim(), owner: $(".g-owner", row).value.trim(), active: $(".g-active", row).checked,
      likes: tokens($(".g-likes", row).value)};
    if (row.dataset.passed) g.owner_passed_since = true;
    return g;
  });
  doc.player = $("#l-player").value.trim();
  doc.gallery = $("#l-gallery").value.trim();
  if ($("#l-halt").checked) doc.quiz_halt = true;
  return withRules(doc, chosenRules("like"));
}

function loadLike(doc) {
  $("#l-players").value = (doc.players || []).join(" ");
  $("#l-galleries").replaceChildren(...(doc.galleries || []).map(galleryRow));
  $("#l-player").value = doc.player || "";
  $("#l-gallery").value = doc.gallery || "";
  $("#l-halt").checked = !!doc.quiz_halt;
  setOptions("like", doc.rules);
}

function likeSummary(reply) {
  const a = reply.answer;
  const box = el("div", {class: "summary"});
  if (a.legal) box.append(line("Legal: the Like stands.", "headline yes"));
  else {
    box.append(line(`Not legal: ${a.reason}`, "headline no"));
    box.append(line(`Rule: ${a.rule}; remedy: ${a.remedy}`));
    if (a.rulebook) box.append(el("blockquote", {text: `\u201c${a.rulebook}\u201d`}));
  }
  return box;
}

function setupLike() {
  $("#l-add-gallery").addEventListener("click", () => $("#l-galleries").append(galleryRow()));
  $("#like .ask").addEventListener("click", () => ask("like", "/api/social/like", likeDoc(), likeSummary));
  $("#like .download").addEventListener("click", () => download(INFO.sources.like, likeDoc()));
  loadLike({players: ["Ana", "Bo"], galleries: [{id: "gallery-1", owner: "Ana", active: true, likes: []}], player: "Bo", gallery: "gallery-1"});
}

/* ================= documents in a text field ================= */
function textDoc(form, field) {
  const text = $(field).value;
  let doc;
  try { doc = JSON.parse(text); } catch (e) { return text; }  /* the server names what is wrong, as the CLI does */
  if (doc && typeof doc === "object" && !Array.isArray(doc) && (optionsOf(form).length)) {
    const given = doc.rules && typeof doc.rules === "object" ? doc.rules : {};
    const rules = chosenRules(form, given);
    if (Object.keys(rules).length || "rules" in doc) doc.rules = rules;
  }
  return doc;
}

/* A select whose options are rebuilt while keeping its value (a value no longer offered stays, marked). */
function fillSelect(select, choices, keep = true) {
  const wanted = keep ? select.dataset.value ?? select.value : "";
  select.replaceChildren(...choices.map(([value, text]) => el("option", {value, text})));
  if (wanted !== "" && !choices.some(([value]) => value === wanted)) select.append(el("option", {value: wanted, text: `${wanted} (not on the table)`}));
  if (wanted !== "" || !choices.length) select.value = wanted;
  select.dataset.value = select.value;
  return select;
}

function tracked(select) { select.addEventListener("change", () => { select.dataset.value = select.value; }); return select; }

function extras(row, data, known) {
  const rest = {};
  for (const [key, value] of Object.entries(data || {})) if (!known.includes(key)) rest[key] = value;
  row.dataset.extra = JSON.stringify(rest);
  return row;
}

function extraOf(row) { return JSON.parse(row.dataset.extra || "{}"); }

function integerOr(text) { const t = text.trim(); return /^-?\d+$/.test(t) ? Number(t) : t; }

function removable(row, after) {
  $(".remove", row).addEventListener("click", () => { row.remove(); if (after) after(); });
  return row;
}

function removeButton() { return el("button", {type: "button", class: "remove", "aria-label": "remove", text: "\u00d7"}); }

/* ================= Likes and Lies ================= */
const R = {base: {}};

function reindex(list, prefix) {
  $$(`#${list} > .item`).forEach((row, index) => {
    for (const input of $$("[data-key]", row)) input.dataset.path = `${prefix}[${index}].${input.dataset.key}`;
  });
}

function roundPlayerRow(p = {}) {
  const row = el("div", {class: "item r-player"},
    el("input", {class: "rp-name", "data-key": "name", value: p.name ?? "", placeholder: "name", "aria-label": "name", autocomplete: "off"}),
    el("label", {class: "inline"}, "space ", el("input", {class: "rp-position num", "data-key": "position", value: p.position ?? 0, inputmode: "numeric", "aria-label": "space on the board", autocomplete: "off"})),
    el("label", {class: "inline"}, "Likes ", el("input", {class: "rp-likes num", "data-key": "likes", value: p.likes ?? 0, inputmode: "numeric", "aria-label": "Likes on the counter", autocomplete: "off"})),
    el("label", {class: "inline"}, "Influencer run ", el("input", {class: "rp-streak num", "data-key": "streak", value: p.streak ?? 0, inputmode: "numeric", "aria-label": "Influencer rounds in a row", autocomplete: "off"})),
    removeButton());
  $(".rp-name", row).addEventListener("input", refreshRound);
  return removable(extras(row, p, ["name", "position", "likes", "streak"]), refreshRound);
}

function playerSelect(cls, key, value, label) {
  const select = tracked(el("select", {class: cls, "data-key": key, "aria-label": label}));
  select.dataset.value = value ?? "";
  select.addEventListener("change", refreshRound);
  return select;
}

function playRow(p = {}) {
  const row = el("div", {class: "item r-play"},
    playerSelect("pl-player", "player", p.player, "who played"),
    el("input", {class: "pl-content", "data-key": "content", value: p.content ?? "", placeholder: "Content", "aria-label": "Content card", autocomplete: "off"}),
    el("input", {class: "pl-intent", "data-key": "intent", value: p.intent ?? "", placeholder: "Intent", list: "r-intent-ids", "aria-label": "Intent card", autocomplete: "off"}),
    removeButton());
  $(".pl-content", row).addEventListener("input", refreshRound);
  return removable(extras(row, p, ["player", "content", "intent"]), refreshRound);
}

function voteRow(v = {}) {
  const card = tracked(el("select", {class: "v-card", "data-key": "card", "aria-label": "on whose Content"}));
  card.dataset.value = v.card ?? "";
  const row = el("div", {class: "item r-vote"}, playerSelect("v-voter", "voter", v.voter, "who voted"), " liked ", card, removeButton());
  return removable(extras(row, v, ["voter", "card"]), refreshRound);
}

function reportRow(r = {}) {
  const target = tracked(el("select", {class: "rr-target", "data-key": "target", "aria-label": "reported player"}));
  target.dataset.value = r.target === null || r.target === undefined ? "" : r.target;
  const row = el("div", {class: "item r-report"}, playerSelect("rr-by", "by", r.by, "who reports"), " reports ", target, removeButton());
  return removable(extras(row, r, ["by", "target"]), refreshRound);
}

function drawRow(d = {}) {
  const row = el("div", {class: "item r-draw"}, playerSelect("rd-player", "player", d.player, "who drew"),
    el("input", {class: "rd-card", "data-key": "card", value: d.card ?? "", placeholder: "Event card", list: "r-event-ids", "aria-label": "Event card", autocomplete: "off"}),
    removeButton());
  return removable(extras(row, d, ["player", "card"]), refreshRound);
}

function roundNames() { return $$("#r-players .rp-name").map((i) => i.value.trim()).filter(Boolean); }

function refreshRound() {
  const names = roundNames().map((n) => [n, n]);
  for (const select of $$("#round .pl-player, #round .v-voter, #round .rr-by, #round .rd-player")) fillSelect(select, names);
  const played = $$("#r-plays .r-play").map((row) => [$(".pl-content", row).value.trim(), $(".pl-player", row).value])
    .filter(([card]) => card);
  const contents = played.map(([card, who]) => [card, `${who || "?"}: ${card}`]);
  const now = Object.fromEntries(played.map(([card, who]) => [who, card]));
  for (const select of $$("#round .v-card")) {
    /* a vote follows its player's Content when that card's id is retyped */
    const owner = (R.owners || {})[select.dataset.value];
    if (owner && !played.some(([card]) => card === select.dataset.value) && now[owner]) select.dataset.value = now[owner];
    fillSelect(select, contents);
  }
  R.owners = {...(R.owners || {}), ...Object.fromEntries(played.map(([card, who]) => [card, who]))};
  for (const select of $$("#round .rr-target")) fillSelect(select, [["", "nobody"], ...names]);
  $("#r-content-ids").replaceChildren();
  reindex("r-players", "players");
  for (const [list, key] of [["r-plays", "plays"], ["r-votes", "votes"], ["r-reports", "reports"], ["r-events", "events"]]) reindex(list, `round.${key}`);
}

function roundDoc() {
  const doc = structuredClone(R.base);
  doc.players = $$("#r-players .r-player").map((row) => {
    const p = {name: $(".rp-name", row).value.trim(), position: integerOr($(".rp-position", row).value),
      likes: integerOr($(".rp-likes", row).value)};
    const streak = integerOr($(".rp-streak", row).value);
    if (streak !== 0 && streak !== "") p.streak = streak;
    return {...p, ...extraOf(row)};
  });
  const round = {...(R.base.round || {})};
  round.caption = $("#r-caption").value.trim();
  round.plays = $$("#r-plays .r-play").map((row) => ({player: $(".pl-player", row).value, content: $(".pl-content", row).value.trim(),
    intent: $(".pl-intent", row).value.trim(), ...extraOf(row)}));
  round.votes = $$("#r-votes .r-vote").map((row) => ({voter: $(".v-voter", row).value, card: $(".v-card", row).value, ...extraOf(row)}));
  round.reports = $$("#r-reports .r-report").map((row) => ({by: $(".rr-by", row).value, target: $(".rr-target", row).value || null, ...extraOf(row)}));
  round.events = $$("#r-events .r-draw").map((row) => ({player: $(".rd-player", row).value, card: $(".rd-card", row).value.trim(), ...extraOf(row)}));
  doc.round = round;
  return withRules(doc, chosenRules("round", R.base.rules));
}

function loadRound(doc) {
  R.base = doc && typeof doc === "object" ? doc : {};
  const round = R.base.round || {};
  R.owners = {};
  $("#r-players").replaceChildren(...(R.base.players || []).map(roundPlayerRow));
  $("#r-caption").value = round.caption ?? "";
  $("#r-plays").replaceChildren(...(round.plays || []).map(playRow));
  $("#r-votes").replaceChildren(...(round.votes || []).map(voteRow));
  $("#r-reports").replaceChildren(...(round.reports || []).map(reportRow));
  $("#r-events").replaceChildren(...(round.events || []).map(drawRow));
  refreshRound();
  setOptions("round", R.base.rules);
  $("#r-doc").value = JSON.stringify(R.base, null, 1);
}

function roundSummary(reply) {
  const a = reply.answer;
  const box = el("div", {class: "summary"});
  if (!a.legal) {
    const v = a.violation;
    box.append(line(`Illegal: ${v.message}`, "headline no"), line(`Rule: ${v.rule} (at ${v.path})`));
    if (v.rulebook) box.append(el("blockquote", {text: `\u201c${v.rulebook}\u201d`}));
    besideField($("#round"), v.path, `verify: round.json: ${v.path}: ${v.message} (rule ${v.rule})`);
    return box;
  }
  box.append(line("The round is legal.", "headline yes"));
  if (a.likes_received) box.append(line(`Likes received: ${Object.entries(a.likes_received).map(([n, k]) => `${n} ${k}`).join(", ")}`));
  box.append(line(`Influencer: ${a.influencer || "none"}${a.tied.length ? ` (tied: ${a.tied.join(", ")})` : ""}; reported: ${a.reported || "nobody"}`));
  box.append(el("h4", {text: "Step by step"}));
  const steps = el("ol", {class: "steps"});
  for (const s of a.steps) {
    const moved = s.move ? ` ${s.move > 0 ? "+" : ""}${s.move}: ${s.from} \u2192 ${s.to}` : "";
    steps.append(el("li", {}, el("strong", {text: s.player}), ` ${s.rule}${moved} \u2014 ${s.note}`));
  }
  box.append(steps);
  box.append(line(`After the round: ${a.players.map((p) => `${p.name} on ${p.position} (${p.likes} Likes)`).join(", ")}`, "after"));
  if (a.winners.length) box.append(line(`Viral: ${a.winners.join(", ")} win${a.winners.length === 1 ? "s" : ""}`, "yes"));
  return box;
}

function setupRound() {
  const likes = (INFO.catalogues && INFO.catalogues.likes) || {};
  $("#r-intent-ids").replaceChildren(...(likes.intents || []).map((c) => el("option", {value: c.id, text: `${c.id} ${c.name || c.kind.replace("_", " ")}`})));
  $("#r-event-ids").replaceChildren(...(likes.events || []).map((c) => el("option", {value: c.id, text: `${c.id} ${c.name || ""}`})));
  $("#r-add-player").addEventListener("click", () => {
    const n = $$("#r-players .r-player").length + 1;
    $("#r-players").append(roundPlayerRow({name: `Player ${n}`, position: 0, likes: 0}));
    $("#r-plays").append(playRow({player: `Player ${n}`}));
    $("#r-votes").append(voteRow({voter: `Player ${n}`}));
    refreshRound();
  });
  $("#r-add-report").addEventListener("click", () => { $("#r-reports").append(reportRow()); refreshRound(); });
  $("#r-add-event").addEventListener("click", () => { $("#r-events").append(drawRow()); refreshRound(); });
  $("#round .ask").addEventListener("click", () => { const doc = roundDoc(); $("#r-doc").value = JSON.stringify(doc, null, 1); ask("round", "/api/likes/round", doc, roundSummary); });
  $("#r-ask-json").addEventListener("click", () => ask("round", "/api/likes/round", textDoc("round", "#r-doc"), roundSummary));
  $("#r-fill").addEventListener("click", () => fillFrom("round", "#r-doc", "/api/likes/round", loadRound));
  $("#r-advanced").addEventListener("toggle", () => { if ($("#r-advanced").open) $("#r-doc").value = JSON.stringify(roundDoc(), null, 1); });
  $("#round .download").addEventListener("click", () => download(INFO.sources.round, roundDoc()));
  loadRound({players: [{name: "Ana", position: 0, likes: 0}, {name: "Ben", position: 0, likes: 0}, {name: "Cy", position: 0, likes: 0}],
    round: {caption: "", plays: [{player: "Ana"}, {player: "Ben"}, {player: "Cy"}], votes: [{voter: "Ana"}, {voter: "Ben"}, {voter: "Cy"}], reports: [], events: []}});
}

/* The advanced text area's JSON into the form; JSON that does not parse goes to the server, which names what is wrong. */
function fillFrom(form, field, path, load) {
  const doc = textDoc(form, field);
  if (typeof doc === "string" || !doc || typeof doc !== "object" || Array.isArray(doc)) { ask(form, path, doc, () => line("")); return; }
  clearErrors(document.getElementById(form));
  load(doc);
}

/* ================= White House ================= */
const W = {base: {position: {players: [{}, {}], rows: {supporter: [null, null, null], event: [null, null, null], distraction: [null, null, null]}}}};
const KINDS3 = ["supporter", "event", "distraction"];
const SLOTS = ["closest", "middle", "furthest"];

function networkText(network) {
  return (network || []).map((p) => ("supporter" in p ? `S${p.supporter}` : `${p.event}`) + `@${p.row},${p.col}`).join(" ");
}

function parseNetwork(text) {
  return text.split(/\s+/).filter(Boolean).map((token) => {
    const m = /^(S?)([^@]+)@(-?\d+),(-?\d+)$/i.exec(token);
    if (!m) return token;  /* the server names what is wrong with it */
    const [, s, id, row, col] = m;
    const place = s || /^\d+$/.test(id) ? {supporter: numberOr(id)} : {event: id};
    return {...place, row: Number(row), col: Number(col)};
  });
}

function seatRow(p = {}) {
  const row = el("div", {class: "item w-player"},
    el("strong", {class: "seat"}),
    el("label", {class: "inline hand"}, "Supporters ", el("input", {class: "wp-supporters", "data-key": "supporters", value: (p.supporters || []).join(" "), placeholder: "5 9", inputmode: "numeric", "aria-label": "Supporters in the Active Hand", autocomplete: "off"})),
    el("label", {class: "inline hand"}, "Events ", el("input", {class: "wp-events", "data-key": "events", value: (p.events || []).join(" "), placeholder: "E21", "aria-label": "Events in the Active Hand", autocomplete: "off"})),
    el("label", {class: "inline hand network"}, "Network ", el("input", {class: "wp-network", "data-key": "network", value: networkText(p.network), placeholder: "S5@0,0 E21@0,1", "aria-label": "Locked Network", autocomplete: "off"})),
    removeButton());
  const others = ["gridlocks", "lies", "deflection"].filter((k) => p[k] && (!Array.isArray(p[k]) || p[k].length)).map((k) => `${k}: ${[].concat(p[k]).join(" ")}`);
  if (others.length) row.append(el("span", {class: "hint beside", text: others.join("; ")}));
  for (const input of $$("input", row)) input.addEventListener("input", refreshPosition);
  row.dataset.given = JSON.stringify(["supporters", "events", "network"].filter((k) => k in p));
  return removable(extras(row, p, ["supporters", "events", "network"]), refreshPosition);
}

function rowsFields(rows) {
  const box = $("#w-rows");
  box.replaceChildren();
  for (const kind of KINDS3) {
    const item = el("div", {class: "item w-row", "data-kind": kind}, el("strong", {class: "row-name", text: kind}));
    (rows && rows[kind] || [null, null, null]).forEach((card, index) => {
      item.append(el("input", {class: "wr-slot", "data-path": `position.rows.${kind}[${index}]`, "data-slot": SLOTS[index], value: card ?? "",
        placeholder: SLOTS[index], "aria-label": `${kind} row, ${SLOTS[index]} slot`, inputmode: kind === "supporter" ? "numeric" : "text", autocomplete: "off"}));
    });
    box.append(item);
  }
}

function seats() { return $$("#w-players .w-player").map((_, i) => [String(i), `player ${i}`]); }

function refreshPosition() {
  $$("#w-players .w-player").forEach((row, index) => {
    $(".seat", row).textContent = `player ${index}`;
    for (const input of $$("[data-key]", row)) input.dataset.path = `position.players[${index}].${input.dataset.key}`;
  });
  fillSelect($("#w-current"), seats());
  fillSelect($("#w-q-player"), seats());
  drawDiscards();
}

function drawDiscards() {
  const seat = Number($("#w-q-player").value || 0);
  const row = $$("#w-players .w-player")[seat];
  const box = $("#w-q-discards");
  const before = new Set($$("input:checked", box).map((i) => i.value));
  box.replaceChildren();
  if (!row) return;
  const cards = [...numbers($(".wp-supporters", row).value).map((n) => [JSON.stringify(n), `S${n}`]),
    ...tokens($(".wp-events", row).value).map((e) => [JSON.stringify(e), e])];
  if (!cards.length) box.append(el("span", {class: "hint", text: "(nothing in the Active Hand)"}));
  for (const [value, text] of cards) {
    box.append(el("label", {class: "inline pay"}, el("input", {type: "checkbox", value, checked: before.has(value), "data-pay": text}), ` ${text}`));
  }
}

function placed(position) {
  const count = {supporter: 0, event: 0, distraction: 0};
  for (const p of position.players || []) {
    count.supporter += (p.supporters || []).length;
    count.event += (p.events || []).length;
    for (const c of p.network || []) if (c && typeof c === "object") count["supporter" in c ? "supporter" : "event"] += 1;
    count.distraction += (p.gridlocks || []).length + (p.lies || []).length + (p.deflection ? 1 : 0);
  }
  for (const kind of KINDS3) {
    count[kind] += ((position.rows || {})[kind] || []).filter((c) => c !== null && c !== undefined).length;
    count[kind] += ((position.decks || {})[kind] || []).length;
  }
  for (const step of position.pending || []) {
    if (step.step === "arrival") count[step.kind === "deflection" ? "distraction" : step.kind] += 1;
    if (step.step === "put_away") count.distraction += 1;
  }
  return count;
}

function positionDoc() {
  const doc = structuredClone(W.base);
  const base = W.base.position || {};
  const position = {...base};
  position.players = $$("#w-players .w-player").map((row) => {
    const p = {...extraOf(row)};
    const given = JSON.parse(row.dataset.given || "[]");
    const fields = {supporters: numbers($(".wp-supporters", row).value), events: tokens($(".wp-events", row).value),
      network: parseNetwork($(".wp-network", row).value)};
    for (const [key, value] of Object.entries(fields)) if (value.length || given.includes(key)) p[key] = value;
    return p;
  });
  position.rows = {};
  for (const item of $$("#w-rows .w-row")) {
    position.rows[item.dataset.kind] = $$(".wr-slot", item).map((input) => {
      const v = input.value.trim();
      return v === "" ? null : item.dataset.kind === "supporter" ? numberOr(v) : v;
    });
  }
  position.current = Number($("#w-current").value || 0);
  position.phase = $("#w-phase").value;
  if (base.unseen) {
    /* the face-down cards are the ones the table places nowhere: as many fewer as the form places more */
    const before = placed(base), after = placed(position);
    position.unseen = {...base.unseen};
    for (const kind of KINDS3) if (typeof base.unseen[kind] === "number") position.unseen[kind] = base.unseen[kind] - (after[kind] - before[kind]);
  }
  doc.position = position;
  return withRules(doc, chosenRules("position", W.base.rules));
}

function loadPosition(doc) {
  W.base = doc && typeof doc === "object" ? doc : {};
  const position = W.base.position && typeof W.base.position === "object" ? W.base.position : {};
  $("#w-note").textContent = W.base.note || "";
  $("#w-players").replaceChildren(...(position.players || []).map((p) => seatRow(p || {})));
  rowsFields(position.rows);
  $("#w-current").dataset.value = String(position.current ?? 0);
  $("#w-phase").value = position.phase || "supporter";
  $("#w-q-player").dataset.value = String(position.current ?? 0);
  refreshPosition();
  setOptions("position", W.base.rules);
  $("#w-doc").value = JSON.stringify(W.base, null, 1);
}

function moveWords(m) { return JSON.stringify(m); }

function movesSummary(reply) {
  const a = reply.answer;
  const box = el("div", {class: "summary"});
  const waiting = a.waiting_for ? `player ${a.waiting_for.player} (${a.waiting_for.decision})` : "nobody";
  box.append(line(a.ended ? `The game is over: ${a.ended}` : `${a.count} legal moves for ${waiting}`, "headline"));
  for (const group of a.legal) {
    box.append(el("h4", {text: group.heading}));
    const list = el("ul", {class: "moves"});
    for (const m of group.moves) {
      const button = el("button", {type: "button", class: "ask-move", text: "May I?"});
      button.addEventListener("click", () => { $("#w-move").value = JSON.stringify(m.move); askMove(); });
      list.append(el("li", {}, button, " ", m.effect || moveWords(m.move)));
    }
    box.append(list);
  }
  return box;
}

function moveSummary(reply) {
  const a = reply.answer;
  const box = el("div", {class: "summary"});
  if (a.legal) {
    box.append(line(`Yes, legal: ${a.outcome && a.outcome.effect ? a.outcome.effect : moveWords(a.move)}`, "headline yes"));
    if (a.outcome && a.outcome.then) box.append(line(`Then: player ${a.outcome.then.player} decides (${a.outcome.then.decision})`));
  } else {
    box.append(line(`No: ${a.reason}`, "headline no"), line(`Rule: ${a.rule}`, "rule"));
    if (a.rulebook) box.append(el("blockquote", {text: `\u201c${a.rulebook}\u201d`}));
  }
  return box;
}

function moveDoc() {
  const text = $("#w-move").value;
  try { return JSON.parse(text); } catch (e) { return text; }
}

function takeMove() {
  return {player: Number($("#w-q-player").value || 0), move: "take", row: $("#w-q-row").value, slot: $("#w-q-slot").value,
    discards: $$("#w-q-discards input:checked").map((i) => JSON.parse(i.value))};
}

function askMove(move = moveDoc()) {
  const position = positionDoc();
  if (typeof move === "string") {
    const panel = $("#position");
    clearErrors(panel);
    $('.error[data-for="move"]', panel).textContent = "verify: move.json: not valid JSON";
    return;
  }
  ask("position", "/api/whitehouse/move", {position, move}, moveSummary);
}

function setupPosition() {
  $("#w-add-player").addEventListener("click", () => { $("#w-players").append(seatRow()); refreshPosition(); });
  $("#w-q-player").addEventListener("change", drawDiscards);
  $("#w-list").addEventListener("click", () => ask("position", "/api/whitehouse/moves", positionDoc(), movesSummary));
  $("#w-ask-take").addEventListener("click", () => { const move = takeMove(); $("#w-move").value = JSON.stringify(move); askMove(move); });
  $("#w-ask").addEventListener("click", () => askMove());
  $("#w-fill").addEventListener("click", () => fillFrom("position", "#w-doc", "/api/whitehouse/moves", loadPosition));
  $("#w-advanced").addEventListener("toggle", () => { if ($("#w-advanced").open) $("#w-doc").value = JSON.stringify(positionDoc(), null, 1); });
  $("#position .download").addEventListener("click", () => download(INFO.sources.position, positionDoc()));
  $("#w-download-move").addEventListener("click", () => download(INFO.sources.move, moveDoc()));
}

/* A shipped move that takes a card sets the take question's selects. */
function presetTake(move) {
  if (!move || move.move !== "take") return;
  $("#w-q-player").value = String(move.player);
  $("#w-q-player").dataset.value = String(move.player);
  drawDiscards();
  $("#w-q-row").value = move.row;
  $("#w-q-slot").value = move.slot;
  for (const box of $$("#w-q-discards input")) box.checked = (move.discards || []).some((d) => JSON.stringify(d) === box.value);
}

function choosePosition(name) {
  loadPosition(structuredClone(INFO.examples.position[name]));
  const move = (INFO.examples.move || {})[name];
  $("#w-move").value = move ? JSON.stringify(move) : "";
  presetTake(move);
}

/* ================= every question, from the declared list ================= */
const VERDICT = {0: "yes (exit 0)", 1: "no (exit 1)", 3: "undecided (exit 3)"};

function questionOf(name) { return INFO.questions.find((q) => q.name === name); }

function drawQuestion() {
  const question = questionOf($("#q-question").value);
  const panel = $("#any");
  clearErrors(panel);
  $(".result", panel).replaceChildren();
  $("#q-title").textContent = `verify ${question.command}: ${question.title}`;
  const documents = $("#q-documents");
  documents.replaceChildren();
  for (const doc of question.documents) {
    const pick = el("select", {class: "q-example", "data-document": doc.name}, el("option", {value: "", text: "choose..."}));
    for (const name of Object.keys(doc.examples)) pick.append(el("option", {value: name, text: name}));
    const text = el("textarea", {class: "q-doc", rows: 8, spellcheck: "false", "data-document": doc.name, "aria-label": doc.file});
    pick.addEventListener("change", () => { if (pick.value) text.value = JSON.stringify(doc.examples[pick.value], null, 1); });
    const save = el("button", {type: "button", text: `Download ${doc.file}`});
    save.addEventListener("click", () => download(doc.file, text.value));
    documents.append(el("div", {class: "field"},
      el("div", {class: "row"}, el("strong", {text: doc.file}), el("label", {}, "Example ", pick)),
      text, el("div", {class: "actions"}, save)));
  }
  const options = $("#q-options");
  options.replaceChildren();
  for (const option of question.options) {
    const input = option.kind === "flag"
      ? el("input", {type: "checkbox", class: "q-option", "data-option": option.name})
      : el("input", {type: "number", class: "q-option", "data-option": option.name, min: option.minimum ?? false, inputmode: "numeric"});
    options.append(el("label", {title: option.help}, `${option.flag} `, input), el("p", {class: "hint", text: option.help}));
  }
}

function questionQuery(question) {
  const query = new URLSearchParams();
  for (const input of $$("#q-options .q-option")) {
    if (input.type === "checkbox") { if (input.checked) query.set(input.dataset.option, "true"); }
    else if (input.value.trim()) query.set(input.dataset.option, input.value.trim());
  }
  const text = query.toString();
  return text ? `${question.route}?${text}` : question.route;
}

function askQuestion() {
  const question = questionOf($("#q-question").value);
  const panel = $("#any");
  const docs = {};
  for (const text of $$("#q-documents .q-doc")) {
    try { docs[text.dataset.document] = JSON.parse(text.value); }
    catch (e) { clearErrors(panel); $('.error[data-for="*"]', panel).textContent = `verify: ${text.getAttribute("aria-label")}: not valid JSON (${e.message})`; return; }
  }
  const names = Object.keys(docs);
  const body = names.length === 1 ? docs[names[0]] : docs;
  ask("any", questionQuery(question), body, (reply) => line(`verify ${question.command}: ${VERDICT[reply.exit] || `exit ${reply.exit}`}${reply.broken ? `: ${reply.broken}` : ""}`, "headline"));
}

function setupQuestions() {
  const select = $("#q-question");
  for (const question of INFO.questions) select.append(el("option", {value: question.name, text: `verify ${question.command}`}));
  select.addEventListener("change", drawQuestion);
  $("#q-ask").addEventListener("click", askQuestion);
  drawQuestion();
}

/* ================= the page ================= */
const LOADERS = {
  tricks: loadNetwork,
  socks: loadSocks,
  like: loadLike,
  round: loadRound,
  position: loadPosition,
};

function setupExamples() {
  for (const select of $$("select.examples")) {
    const form = select.dataset.examples;
    for (const name of Object.keys(INFO.examples[form] || {})) select.append(el("option", {value: name, text: name}));
    select.addEventListener("change", () => {
      if (!select.value) return;
      const panel = document.getElementById(form);
      clearErrors(panel);
      $(".result", panel).replaceChildren();
      if (form === "position") choosePosition(select.value);
      else LOADERS[form](structuredClone(INFO.examples[form][select.value]));
    });
  }
}

function setupTabs() {
  for (const tab of $$("#tabs button")) {
    tab.addEventListener("click", () => {
      for (const other of $$("#tabs button")) other.setAttribute("aria-selected", other === tab ? "true" : "false");
      for (const panel of $$(".panel")) panel.hidden = panel.id !== tab.dataset.tab;
    });
  }
}

async function start() {
  const {status, data} = await api("GET", "/api/info");
  if (status !== 200) { document.querySelector("main").prepend(line(data.error || "verify: the server refused the page", "error")); return; }
  INFO = data;
  $("#t-time-limit").max = INFO.limits.time_limit;
  $("#t-time-limit").value = INFO.limits.time_limit;
  for (const form of Object.keys(GAME_OF)) drawOptions(form);
  setupTabs();
  setupTricks();
  setupSocks();
  setupLike();
  setupRound();
  setupPosition();
  setupQuestions();
  setupExamples();
  const first = Object.keys(INFO.examples.position || {}).includes("legal-take.json") ? "legal-take.json" : Object.keys(INFO.examples.position || {})[0];
  if (first) { $('select[data-examples="position"]').value = first; choosePosition(first); }
  document.body.dataset.ready = "true";
}

start();
