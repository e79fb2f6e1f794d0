/* House-rules page (hand-written; copied into the site by yakubook build).
 *
 * The rule sheet: every yaku's value option and rule questions as choices, at the documented
 * defaults (the first non-無 value, every rule question at a), presets from rulesets/*.toml,
 * filters, the sheet kept in the URL (#n=name&b=off&c=3-13-01c.3-13-01-02b&h=3-02-03_3.3-09-12_fu25&kiriage=true) and in localStorage, TOML export in
 * the format `yakubook evaluate --rules` reads and import checked by the engine itself.
 * The sheet's [scoring] table (kiriage, kazoe, aka dora …) is hr-scoring.js's: its controls,
 * link parameters and TOML lines.
 * The hand checker: MPSZ text or the site's tile pictures, melds and the situation fields,
 * turned into the Win JSON of yakubook/engine/WIN_FORMAT.md and evaluated by the project's own engine
 * in a web worker (hr-worker.js, Pyodide), started only when first needed.
 *
 * The English edition (en/house-rules/, root attribute data-lang="en") runs the same code on
 * the same data: every label is English there, catalog texts are shown in their English from
 * data.json (`en_text`; null = translation pending: the Chinese is shown, marked so, as on the
 * English site), yaku by English title with the Chinese name beside it. The sheet's URL,
 * stored copy and TOML export do not depend on the language, so a link made on one edition
 * opens the same sheet on the other; the language switch link carries the sheet along.
 *
 * All catalog text reaches the page through textContent, never as HTML.
 */
(() => {
  "use strict";
  const root = document.getElementById("yb-hr");
  if (!root) return;
  const STORE = "yakubook.house-rules.v1";
  const assetBase = new URL(".", document.currentScript.src).href;
  const url = (attr) => new URL(root.dataset[attr], location.href).href;
  const EN = root.dataset.lang === "en";
  /* A label in the page's language: the Chinese edition's own text, or its English. */
  const L = (zh, en) => (EN ? en : zh);
  if (EN) root.setAttribute("lang", "en");

  let DATA = null;
  let SC = null; // the [scoring] keys (hr-scoring.js), made once data.json is read
  const BY_ID = new Map();      // yaku ID -> yaku
  const RULE_BY_ID = new Map(); // rule ID -> [rule, yaku]
  /* A sheet: every [ruleset] key the engine reads (name, others as `base`, supersession),
   * the [scoring] keys that differ from their defaults and, per yaku, what differs from the
   * base, and the numbers it supplies where the source lost them (`numbers`:
   * {"3-09-12": {fu: 25}}, the keys of data.json's `suppliable`: han, fu, multiple). */
  const freshState = (base) => ({ name: "", base, supersession: "drop", scoring: {}, choices: {}, numbers: {} });
  let state = freshState("default");
  const api = {
    timings: { start: performance.now() }, state: () => state, toml: () => toToml(),
    shareUrl: () => shareUrl(), lastResult: null, evaluations: 0,
  };
  window.ybHouseRules = api;

  // ------------------------------------------------------------------ small DOM helpers
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (k in node && typeof v !== "string") node[k] = v;
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }
  const both = (o) => (o.hans && o.hans !== o.hant ? `${o.hant} · ${o.hans}` : o.hant);
  const LOST = "\ufffd";
  /* Catalog text with each character the sources lost (U+FFFD) shown as a marked "?". */
  // A menu's option labels, "b · ?000點". Options whose digits the source lost can read the
  // same (b · ?000點, c · ?000點): each such label says which of them it is, so a reader
  // tells them apart without comparing letters.
  function menuLabels(options) {
    const texts = options.map((o) => plainLost(textOf(o)));
    return options.map((o, i) => {
      const same = texts.map((t, j) => j).filter((j) => texts[j] === texts[i]);
      const label = `${o.letter} · ${texts[i]}`;
      if (same.length < 2) return label;
      const k = same.indexOf(i) + 1;
      return label + L(`（遺失數字的選項 ${k}/${same.length}）`, ` (lost digit, option ${k} of ${same.length})`);
    });
  }

  function withLost(text) {
    if (!text.includes(LOST)) return text;
    const frag = document.createDocumentFragment();
    text.split(LOST).forEach((part, i) => {
      if (i) frag.append(el("span", { class: "yb-lost", title: L("來源中遺失的字 · lost in the source", "lost in the source"), text: "?" }));
      frag.append(part);
    });
    return frag;
  }
  const plainLost = (text) => text.split(LOST).join("?");
  const PENDING = "translation pending";
  const hasEn = (en) => en !== null && en !== undefined;
  /* A catalog text in English as plain text (select options), or its Chinese marked. */
  const enPlain = (en, hant) => (hasEn(en) ? en : `${hant} (${PENDING})`);
  /* A catalog text in English, or its Chinese marked "translation pending" as the English
   * site marks it (the same classes, styled by yakubook.css). */
  function enText(en, hant) {
    if (hasEn(en)) return withLost(en);
    const frag = document.createDocumentFragment();
    frag.append(el("span", { class: "yb-pending", lang: "zh-Hant" }, withLost(hant)), " ",
      el("span", { class: "yb-pending-tag", title: PENDING, text: PENDING }));
    return frag;
  }
  /* An option's, rule's or section's text as plain text in the page's language. */
  const textOf = (o) => (EN ? enPlain(o.en_text, o.hant) : o.hant);
  /* A yaku's name: the Chinese, or the English title (English name and romaji). */
  const yname = (y) => (EN ? y.title_en || y.romaji || y.id : y.hant);
  const STATUS_EN = { implemented: "implemented", stale: "stale (needs review)", missing: "not implemented",
    unnamed: "unnamed", orphan: "orphan" };

  // ------------------------------------------------------------------ values
  const LIMITS = { mangan: "滿貫", haneman: "跳滿", baiman: "倍滿", sanbaiman: "三倍滿" };
  const num = (n) => (n === null || n === undefined ? "?" : String(n));
  function valueLabel(v) {
    if (!v) return "";
    switch (v.kind) {
      case "none": return "無 off";
      case "adopted": return "有 adopted";
      case "han": {
        let s = `${num(v.han)}翻`;
        if (v.open_han !== null && v.open_han !== undefined && !v.open_applied) s += ` (鳴牌${v.open_han}翻)`;
        if (v.open_applied) s += " (鳴牌 open)";
        return s;
      }
      case "yakuman": {
        let s = v.multiple === 1 ? "役滿" : `役滿 ×${num(v.multiple)}`;
        if (v.open) s += ` (鳴牌 ${valueLabel(v.open)})`;
        return s;
      }
      case "limit": {
        const n = LIMITS[v.limit] || String(v.limit);
        return v.multiple === 1 ? n : `${n} ×${num(v.multiple)}`;
      }
      case "fu_han": return `${num(v.fu)}符${num(v.han)}翻`;
      case "additive": return `${num(v.han)}翻 + ${v.plus}`;
      case "conditional": return (v.cases || []).map((c) => `${c.when}：${valueLabel(c.value)}`).join(" / ");
      default: return String(v.kind);
    }
  }
  /* A value in English, as the English site's badges write it (render/site/english.py label);
   * `words`: the English of the option's value words by field (when1, plus), else the
   * translations of those words by their Chinese. */
  function valueLabelEn(v, words) {
    if (!v) return "";
    const word = (field, zh) => {
      if (words && field in words) return enPlain(words[field], zh);
      return enPlain((DATA.value_words_en || {})[zh], zh);
    };
    switch (v.kind) {
      case "none": return "not used";
      case "adopted": return "yes";
      case "lost": return "?";
      case "han": {
        let s = `${num(v.han)} han`;
        if (v.open_han !== null && v.open_han !== undefined && !v.open_applied) s += ` (${v.open_han} han open)`;
        if (v.open_applied) s += " (open)";
        return s;
      }
      case "yakuman": {
        let s = v.multiple === 1 ? "yakuman" : `yakuman ×${num(v.multiple)}`;
        if (v.open) s += ` (open: ${valueLabelEn(v.open)})`;
        return s;
      }
      case "limit": {
        const n = String(v.limit);
        return v.multiple === 1 ? n : `${n} ×${num(v.multiple)}`;
      }
      case "fu_han": return `${num(v.fu)} fu ${num(v.han)} han`;
      case "additive": return `${num(v.han)} han + ${word("plus", v.plus)}`;
      case "conditional": return (v.cases || []).map((c, i) => `${word(`when${i + 1}`, c.when)}: ${valueLabelEn(c.value)}`).join(" / ");
      default: return String(v.kind);
    }
  }
  const label = (v, words) => (EN ? valueLabelEn(v, words) : valueLabel(v));
  function valueClass(v) {
    if (!v) return "none";
    if (v.kind === "conditional") {
      const kinds = new Set((v.cases || []).map((c) => c.value.kind));
      return kinds.has("yakuman") ? "yakuman" : kinds.has("limit") ? "limit" : "han";
    }
    if (v.kind === "fu_han" || v.kind === "additive") return "han";
    return v.kind;
  }

  // ------------------------------------------------------------------ the state
  const option = (y, letter) => y.options.find((o) => o.letter === letter);
  const baseValue = (y, base) => ((base || state.base) === "off" && y.none ? y.none : y.default);
  const valueOf = (y) => state.choices[y.id] ?? baseValue(y);
  const ruleOf = (r) => state.choices[r.id] ?? r.options[0].letter;
  const isOn = (y) => option(y, valueOf(y)).value.kind !== "none";
  /* The numbers the chosen value option lost, which the sheet may supply (han, fu, multiple). */
  const lostKeys = (y) => option(y, valueOf(y)).lost_numbers;
  /* A number's unit in the page's language: "25符" / "25 fu". */
  const NUMBER_UNITS = { han: ["翻", "han"], fu: ["符", "fu"], multiple: ["倍", "times"] };
  const unit = (key) => L(...(NUMBER_UNITS[key] || [key, key]));
  const withUnit = (key, n) => (EN ? `${n} ${unit(key)}` : `${n}${unit(key)}`);

  function setValue(y, letter) {
    if (letter === baseValue(y)) delete state.choices[y.id];
    else state.choices[y.id] = letter;
    // keep only the numbers the new option lost too
    const keys = option(y, letter).lost_numbers;
    const kept = Object.fromEntries(Object.entries(state.numbers[y.id] || {}).filter(([k]) => keys.includes(k)));
    if (Object.keys(kept).length) state.numbers[y.id] = kept;
    else delete state.numbers[y.id];
  }
  function setNumber(y, key, n) {
    const numbers = { ...(state.numbers[y.id] || {}) };
    if (n === null) delete numbers[key];
    else numbers[key] = n;
    if (Object.keys(numbers).length) state.numbers[y.id] = numbers;
    else delete state.numbers[y.id];
  }
  function setRule(r, letter) {
    if (letter === r.options[0].letter) delete state.choices[r.id];
    else state.choices[r.id] = letter;
  }

  const TOKEN = /^(\d+(?:-\d+)*)([a-z])$/;
  // A supplied number in a link: `3-08-01_3` (han, as links have always written it),
  // `3-09-12_fu25`, `3-16-04_multiple2`.
  const NUMBER_TOKEN = /^(\d+(?:-\d+)*)_([a-z]*)(\d{1,3})$/;
  function encodeState(s) {
    const p = new URLSearchParams();
    if (s.name) p.set("n", s.name);
    if (s.base === "off") p.set("b", "off");
    if (s.supersession === "award both") p.set("s", "both");
    SC.encode(p, s.scoring);
    const c = Object.keys(s.choices).sort().map((k) => k + s.choices[k]);
    if (c.length) p.set("c", c.join("."));
    const h = Object.keys(s.numbers).sort().flatMap((id) => Object.keys(DATA.suppliable)
      .filter((key) => key in s.numbers[id])
      .map((key) => `${id}_${key === "han" ? "" : key}${s.numbers[id][key]}`));
    if (h.length) p.set("h", h.join("."));
    return p.toString();
  }
  /* A sheet from a URL hash or the stored copy; IDs or letters this catalog does not know
   * are left out and named in `unknown`. */
  function decodeState(text) {
    const p = new URLSearchParams(text.replace(/^#/, ""));
    const s = { ...freshState(p.get("b") === "off" ? "off" : "default"), name: p.get("n") || "",
      supersession: p.get("s") === "both" ? "award both" : "drop" };
    const scoring = SC.decode(p);
    s.scoring = scoring.scoring;
    const unknown = [...scoring.unknown];
    for (const tok of (p.get("c") || "").split(".").filter(Boolean)) {
      const m = TOKEN.exec(tok);
      const y = m && BY_ID.get(m[1]);
      const r = m && RULE_BY_ID.get(m[1]);
      const menu = y ? y.options : r ? r[0].options : null;
      if (!menu || !menu.some((o) => o.letter === m[2])) { unknown.push(tok); continue; }
      s.choices[m[1]] = m[2];
    }
    for (const tok of (p.get("h") || "").split(".").filter(Boolean)) {
      const m = NUMBER_TOKEN.exec(tok);
      const key = m && (m[2] || "han");
      if (!m || !BY_ID.has(m[1]) || !(key in DATA.suppliable)) { unknown.push(tok); continue; }
      s.numbers[m[1]] = { ...(s.numbers[m[1]] || {}), [key]: Number(m[3]) };
    }
    return { s, unknown, present: scoring.present || ["c", "b", "n", "h", "s"].some((k) => p.has(k)) };
  }
  function shareUrl() {
    const u = new URL(location.href);
    u.hash = encodeState(state);
    return u.href;
  }
  function save() {
    const enc = encodeState(state);
    history.replaceState(null, "", enc ? "#" + enc : location.pathname + location.search);
    try { localStorage.setItem(STORE, enc); } catch (e) { /* private mode: the URL still keeps it */ }
    // The other edition's page opens this very sheet (same format in both languages).
    for (const a of document.querySelectorAll("a.yb-lang-switch")) {
      const target = new URL(a.href, location.href);
      target.hash = enc;
      a.href = target.href;
    }
  }

  // ------------------------------------------------------------------ TOML
  function tomlString(s) {
    return JSON.stringify(s).replace(/\u007f/g, "\\u007F");
  }
  /* The sheet in the format `yakubook evaluate --rules` reads: the base (others), every
   * [scoring] key and, per yaku, what differs from the base. */
  function toToml() {
    const lines = [
      "# House rules exported from the yakubook house-rules page.",
      `# Check a hand under them: yakubook evaluate WIN.json --rules THIS.toml`,
      "",
      "[ruleset]",
      `name = ${tomlString(state.name || "House rules")}`,
      `others = ${tomlString(state.base)}`,
      `supersession = ${tomlString(state.supersession)}`,
      "",
      ...SC.tomlLines(state.scoring, tomlString),
    ];
    for (const y of DATA.yaku) {
      const body = [];
      if (y.id in state.choices) body.push(`value = ${tomlString(state.choices[y.id])}`);
      for (const key of lostKeys(y)) {
        if (key in (state.numbers[y.id] || {})) body.push(`${key} = ${state.numbers[y.id][key]}`);
      }
      for (const r of y.rules) if (r.id in state.choices) body.push(`${tomlString(r.id)} = ${tomlString(state.choices[r.id])}`);
      if (!body.length) continue;
      lines.push("", `[yaku.${tomlString(y.id)}]  # ${y.hant} ${y.romaji}`.replace(/[\u0000-\u001f\u007f]/g, " "), ...body);
    }
    return lines.join("\n") + "\n";
  }

  // ------------------------------------------------------------------ the engine worker
  let worker = null;
  let seq = 0;
  const pending = new Map();
  function engine(op, payload) {
    if (!worker) {
      api.timings.workerStart = performance.now();
      worker = new Worker(assetBase + "hr-worker.js");
      worker.onmessage = (e) => {
        const p = pending.get(e.data.id);
        pending.delete(e.data.id);
        if (p) (e.data.ok ? p.resolve(e.data.value) : p.reject(new Error(e.data.error)));
      };
      worker.onerror = (e) => {
        for (const p of pending.values()) p.reject(new Error(e.message || "the engine failed to load"));
        pending.clear();
      };
      setEngineStatus("loading");
      const id = ++seq;
      new Promise((resolve, reject) => pending.set(id, { resolve, reject })).then((info) => {
        api.timings.engineReady = performance.now();
        api.engine = info;
        const stale = DATA.catalog && !info.catalog.startsWith(DATA.catalog);
        setEngineStatus(stale ? "stale" : "ready", info);
      }, (err) => setEngineStatus("failed", null, err));
      worker.postMessage({ id, op: "init" });
    }
    const id = ++seq;
    const promise = new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    worker.postMessage({ id, op, ...payload });
    return promise;
  }
  let engineStatus = null;
  function setEngineStatus(kind, info, err) {
    if (!engineStatus) return;
    engineStatus.dataset.state = kind;
    engineStatus.textContent = (EN ? {
      loading: "loading the engine (Pyodide) …",
      ready: `engine ready (${info && info.yaku} yaku, ${info && info.seconds.toFixed(1)} s, ${info && info.from})`,
      stale: "the engine was built from another catalog than this page: rebuild with make",
      failed: `the engine failed to load: ${err && err.message}`,
    } : {
      loading: "判定引擎載入中… · 判定引擎载入中… · loading the engine (Pyodide) …",
      ready: `判定引擎已就緒 · engine ready (${info && info.yaku} yaku, ${info && info.seconds.toFixed(1)} s, ${info && info.from})`,
      stale: "注意：判定引擎與本頁的目錄版本不同 · the engine was built from another catalog than this page: rebuild with make",
      failed: `判定引擎無法載入 · the engine failed to load: ${err && err.message}`,
    })[kind];
  }

  // ------------------------------------------------------------------ the sheet editor
  const rows = new Map(); // yaku ID -> {row, select, number, rules: [select]}
  let filters = { section: "", value: "", status: "", text: "" };

  function yakuLink(y) {
    const rel = DATA.yaku_url.replace("{section}", y.section).replace("{id}", y.id);
    return new URL(rel, url("site")).href;
  }

  function buildRow(y) {
    const select = el("select", { "data-choice": y.id, "aria-label": `${y.id} ${yname(y)}` },
      menuLabels(y.options).map((text, i) => el("option", { value: y.options[i].letter, text })));
    // One input per number an option of this yaku lost (han, fu or multiple), shown while
    // the chosen option is one that lost it.
    const keys = Object.keys(DATA.suppliable).filter((k) => y.options.some((o) => o.lost_numbers.includes(k)));
    const numbers = new Map(keys.map((key) => {
      const input = el("input", { type: "number", min: "1", max: String(DATA.suppliable[key]), class: "yb-hr-number",
        "data-number": y.id, "data-key": key, placeholder: "?",
        title: L("來源遺失的數字 · the number the source lost", "the number the source lost"), "aria-label": `${y.id} ${key}` });
      input.addEventListener("input", () => {
        const n = input.value.trim();
        setNumber(y, key, /^\d{1,3}$/.test(n) ? Number(n) : null);
        changed(y);
      });
      const box = el("label", { class: "yb-hr-lost", "data-key": key }, L("遺失數字 lost number: ", "lost number: "), input, ` ${unit(key)}`);
      return [key, { input, box }];
    }));
    select.addEventListener("change", () => { setValue(y, select.value); changed(y); });
    const ruleSelects = y.rules.map((r) => {
      const s = el("select", { "data-choice": r.id, "aria-label": `${r.id} ${textOf(r)}` },
        menuLabels(r.options).map((text, i) => el("option", { value: r.options[i].letter, text })));
      s.addEventListener("change", () => { setRule(r, s.value); changed(y); });
      return el("label", { class: "yb-hr-rule" },
        el("span", { class: "yb-hr-rule-name" }, el("code", { text: r.id }), " ", EN ? enText(r.en_text, r.hant) : withLost(both(r)),
          r.if.length ? el("small", { text: EN
            ? ` (${r.if.map((c, i) => enPlain((r.if_en || [])[i], c)).join("; ")})`
            : ` （${r.if.join("；")}）` }) : null),
        s);
    });
    const row = el("div", { class: "yb-hr-yaku", "data-id": y.id, "data-section": y.section, "data-status": y.status },
      el("div", { class: "yb-hr-head" },
        el("code", { class: "yb-hr-id", text: y.id }), " ",
        el("a", { href: yakuLink(y), class: "yb-hr-name", text: yname(y) }),
        EN ? el("span", { class: "yb-hr-hans yb-hr-orig", lang: "zh-Hant", text: ` ${y.hant}` })
          : y.hans !== y.hant ? el("span", { class: "yb-hr-hans", text: ` ${y.hans}` }) : null,
        EN ? null : el("span", { class: "yb-hr-romaji", text: ` ${y.romaji}` }),
        y.status !== "implemented" ? el("span", { class: "yb-hr-status", text: ` ${EN ? STATUS_EN[y.status] || y.status : y.status}` }) : null),
      el("div", { class: "yb-hr-choices" },
        el("label", { class: "yb-hr-value" }, el("span", { text: L("值 value ", "value ") }), select, el("span", { class: "yb-hr-badge" })),
        [...numbers.values()].map((n) => n.box), ...ruleSelects));
    rows.set(y.id, { row, select, numbers, rules: ruleSelects.map((l) => l.querySelector("select")), badge: row.querySelector(".yb-hr-badge") });
    return row;
  }

  function refreshRow(y) {
    const r = rows.get(y.id);
    const letter = valueOf(y);
    r.select.value = letter;
    const v = option(y, letter).value;
    r.badge.textContent = label(v, option(y, letter).words_en);
    r.badge.className = `yb-hr-badge yb-hr-v-${valueClass(v)}`;
    r.row.dataset.value = valueClass(v);
    r.row.classList.toggle("yb-hr-off", v.kind === "none");
    const changedHere = y.id in state.choices || y.rules.some((q) => q.id in state.choices) || y.id in state.numbers;
    r.row.classList.toggle("yb-hr-changed", changedHere);
    const supplied = state.numbers[y.id] || {};
    for (const [key, { input, box }] of r.numbers) {
      box.hidden = !lostKeys(y).includes(key);
      if (document.activeElement !== input) input.value = key in supplied ? supplied[key] : "";
    }
    y.rules.forEach((q, i) => { r.rules[i].value = ruleOf(q); });
  }

  function applyFilters() {
    const text = filters.text.trim().toLowerCase();
    let shown = 0;
    for (const y of DATA.yaku) {
      const r = rows.get(y.id);
      const v = option(y, valueOf(y)).value;
      const cls = valueClass(v);
      let ok = !filters.section || y.section === filters.section;
      if (ok && filters.value) {
        ok = filters.value === "on" ? cls !== "none"
          : filters.value === "off" ? cls === "none"
          : filters.value === "changed" ? r.row.classList.contains("yb-hr-changed")
          : filters.value === "lost" ? lostKeys(y).length > 0
          : cls === filters.value;
      }
      if (ok && filters.status) ok = filters.status === "implemented" ? y.status === "implemented" : y.status !== "implemented";
      if (ok && text) ok = [y.id, y.hant, y.hans, y.romaji, y.en, ...(EN ? [y.title_en] : [])].join(" ").toLowerCase().includes(text);
      r.row.hidden = !ok;
      if (ok) shown += 1;
    }
    for (const sec of root.querySelectorAll(".yb-hr-section")) {
      sec.hidden = !sec.querySelector(".yb-hr-yaku:not([hidden])");
    }
    counter.textContent = L(`顯示 ${shown} / ${DATA.yaku.length} 役 · shown · ${DATA.yaku.filter(isOn).length} 採用 on`,
      `shown ${shown} / ${DATA.yaku.length} yaku · ${DATA.yaku.filter(isOn).length} on`);
  }

  function changed(y) {
    if (y) refreshRow(y); else DATA.yaku.forEach(refreshRow);
    nameInput.value = state.name;
    baseSelect.value = state.base;
    supersessionSelect.value = state.supersession;
    scoringControls.refresh(state.scoring);
    save();
    applyFilters();
    renderSheet();
    if (checkerStarted) scheduleCheck();
  }

  // ------------------------------------------------------------------ the printable sheet
  let sheet;
  function renderSheet() {
    sheet.replaceChildren();
    const link = shareUrl();
    sheet.append(
      el("h2", { class: "yb-hr-sheet-title", text: `${state.name || "House rules"} · ${L("自訂規則表 · 自订规则表", "rule sheet")}` }),
      el("p", { class: "yb-hr-sheet-link" }, L("連結 link: ", "link: "), el("a", { href: link, text: link })),
      el("p", { class: "yb-hr-sheet-base", text: state.base === "off"
        ? L("未列出的役：不採用 · yaku not listed are off", "yaku not listed are off")
        : L("其餘役依書中預設 · other yaku at the book's defaults (listed: every yaku in use)",
          "other yaku at the book's defaults (listed: every yaku in use)") }),
      el("p", { class: "yb-hr-sheet-supersession", text: state.supersession === "award both"
        ? L("同一家族的大小役都計 · a family's smaller yaku is awarded beside the larger (supersession = \"award both\")",
          "a family's smaller yaku is awarded beside the larger (supersession = \"award both\")")
        : L("同一家族只計較大的役 · a family's smaller yaku is dropped beside the larger (supersession = \"drop\")",
          "a family's smaller yaku is dropped beside the larger (supersession = \"drop\")") }),
      el("p", { class: "yb-hr-sheet-scoring", text: L("計分 · scoring: ", "scoring: ") + SC.summary(state.scoring) }));
    for (const sec of DATA.sections) {
      const ys = DATA.yaku.filter((y) => y.section === sec.id && isOn(y));
      if (!ys.length) continue;
      const table = el("table", { class: "yb-hr-sheet-table" });
      for (const y of ys) {
        const o = option(y, valueOf(y));
        // the numbers the sheet supplies: "b ?5符1翻 = 25符"
        const supplied = o.lost_numbers.filter((k) => k in (state.numbers[y.id] || {}))
          .map((k) => withUnit(k, state.numbers[y.id][k])).join(", ");
        const number = supplied ? ` = ${supplied}` : "";
        const value = `${o.letter} ${o.hant}${number}`;
        const answers = y.rules.map((r) => {
          const a = r.options.find((x) => x.letter === ruleOf(r));
          // a question ends with its own "?": no colon after it
          const sep = hasEn(r.en_text) && /[?:]$/.test(r.en_text) ? " " : ": ";
          if (EN) return el("div", { class: "yb-hr-sheet-rule" }, enText(r.en_text, r.hant), sep, el("b", {}, `${a.letter} `, enText(a.en_text, a.hant)));
          return el("div", { class: "yb-hr-sheet-rule" }, withLost(`${r.hant}：`), el("b", {}, withLost(`${a.letter} ${a.hant}`)));
        });
        table.append(el("tr", { "data-id": y.id },
          el("td", { class: "yb-hr-sheet-id", text: y.id }),
          EN ? el("td", {}, el("span", { class: "yb-hr-sheet-name", text: yname(y) }), " ",
            el("span", { class: "yb-hr-orig", lang: "zh-Hant", text: y.hant }),
            y.hans !== y.hant ? el("span", { class: "yb-hr-orig", lang: "zh-Hans", text: ` ${y.hans}` }) : null)
            : el("td", {}, el("span", { class: "yb-hr-sheet-name", text: y.hant }),
              y.hans !== y.hant ? ` ${y.hans}` : "", " ", el("i", { text: y.romaji })),
          el("td", {}, EN ? el("b", {}, `${o.letter} `, enText(o.en_text, o.hant), number) : el("b", {}, withLost(value)), answers)));
      }
      sheet.append(el("h3", { text: `${sec.id} ${EN ? enPlain(sec.en_text, sec.hant) : both(sec)}` }), table);
    }
  }

  // ------------------------------------------------------------------ toolbar
  let nameInput, baseSelect, supersessionSelect, scoringControls, counter, importBox, importMsg;
  function applyPreset(key) {
    if (key === "defaults") state = freshState("default");
    else if (key === "off") state = freshState("off");
    else {
      const p = DATA.presets.find((x) => x.file === key);
      state = { name: p.name, base: p.base, supersession: p.supersession,
        scoring: SC.changes(p.scoring), choices: { ...p.choices },
        numbers: Object.fromEntries(Object.entries(p.numbers).map(([id, n]) => [id, { ...n }])) };
    }
    changed();
  }

  async function importToml(text) {
    importMsg.className = "yb-hr-msg";
    importMsg.textContent = L("檢查中 · checking with the engine …", "checking with the engine …");
    try {
      const r = await engine("rules", { toml: text });
      if (!r.ok) {
        importMsg.className = "yb-hr-msg yb-hr-error";
        // replaceChildren writes a null argument as the text "null": only real nodes.
        importMsg.replaceChildren(...[el("b", { text: r.error }),
          r.problems.length > 1 ? el("ul", {}, r.problems.map((p) => el("li", { text: p }))) : null].filter(Boolean));
        return false;
      }
      const base = r.others === "off" ? "off" : "default";
      const next = { ...freshState(base), name: r.name === "ruleset" ? "" : r.name,
        supersession: r.supersession === "award both" ? "award both" : "drop",
        scoring: SC.changes(r.scoring) };
      for (const y of DATA.yaku) {
        const v = r.letters[y.id];
        if (v !== undefined && v !== baseValue(y, base)) next.choices[y.id] = v;
        for (const q of y.rules) {
          const l = r.letters[q.id];
          if (l !== undefined && l !== q.options[0].letter) next.choices[q.id] = l;
        }
        if (y.id in r.numbers) next.numbers[y.id] = { ...r.numbers[y.id] };
      }
      state = next;
      changed();
      importMsg.className = "yb-hr-msg yb-hr-ok";
      importMsg.textContent = L(`已載入 · imported: ${r.name}`, `imported: ${r.name}`);
      return true;
    } catch (e) {
      importMsg.className = "yb-hr-msg yb-hr-error";
      importMsg.textContent = String(e.message || e);
      return false;
    }
  }

  function download(name, text) {
    const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/toml" })), download: name });
    document.body.append(a);
    a.click();
    a.remove();
  }

  function buildToolbar() {
    const presetSelect = el("select", { id: "yb-hr-preset", "aria-label": "preset" },
      el("option", { value: "", text: L("— 預設方案 presets —", "— presets —") }),
      el("option", { value: "defaults", text: L("書中預設 documented defaults (no file)", "documented defaults (no file)") }),
      el("option", { value: "off", text: L("全部不採用 everything off", "everything off") }),
      DATA.presets.map((p) => el("option", { value: p.file, text: `${p.name} (${p.file})` })));
    presetSelect.addEventListener("change", () => { if (presetSelect.value) applyPreset(presetSelect.value); presetSelect.value = ""; });
    nameInput = el("input", { id: "yb-hr-name", type: "text", placeholder: L("規則名稱 name of the sheet", "name of the sheet"), maxlength: "80" });
    nameInput.addEventListener("input", () => { state.name = nameInput.value; save(); renderSheet(); });
    baseSelect = el("select", { id: "yb-hr-base", "aria-label": "others" },
      el("option", { value: "default", text: L("未列出：預設 others: default", "others: default") }),
      el("option", { value: "off", text: L("未列出：不採用 others: off", "others: off") }));
    supersessionSelect = el("select", { id: "yb-hr-supersession", "aria-label": "supersession" },
      el("option", { value: "drop", text: L("家族：只計大的 supersession: drop", "supersession: drop") }),
      el("option", { value: "award both", text: L("家族：大小都計 supersession: award both", "supersession: award both") }));
    supersessionSelect.addEventListener("change", () => {
      state.supersession = supersessionSelect.value;
      changed();
    });
    scoringControls = SC.fieldset(el, (key, value) => {
      state.scoring = SC.changes({ ...state.scoring, [key]: value });
      changed();
    });
    baseSelect.addEventListener("change", () => {
      // Keep every yaku as it is; only what counts as "listed" changes.
      const values = new Map(DATA.yaku.map((y) => [y.id, valueOf(y)]));
      state.base = baseSelect.value;
      for (const y of DATA.yaku) setValue(y, values.get(y.id));
      changed();
    });
    const shareBox = el("input", { id: "yb-hr-share", type: "text", readonly: true, "aria-label": "link" });
    const copy = el("button", { type: "button", class: "md-button", text: L("複製連結 copy link", "copy link"), onclick: async () => {
      shareBox.value = shareUrl();
      shareBox.select();
      try { await navigator.clipboard.writeText(shareBox.value); } catch (e) { document.execCommand("copy"); }
    } });
    const exportBtn = el("button", { type: "button", class: "md-button", id: "yb-hr-export", text: L("匯出 TOML export", "export TOML"), onclick: () => {
      importBox.value = toToml();
      download("house-rules.toml", importBox.value);
    } });
    importBox = el("textarea", { id: "yb-hr-toml", rows: "6", spellcheck: "false",
      placeholder: "[ruleset]\nname = \"Our table\"\nothers = \"default\"\n\n[yaku.\"3-13-01\"]\nvalue = \"b\"" });
    importMsg = el("div", { id: "yb-hr-import-msg", class: "yb-hr-msg", role: "status" });
    const file = el("input", { type: "file", accept: ".toml,text/plain", id: "yb-hr-file", "aria-label": L("匯入 TOML 檔 import a TOML file", "import a TOML file") });
    file.addEventListener("change", async () => { if (file.files[0]) { importBox.value = await file.files[0].text(); importToml(importBox.value); } });
    const importBtn = el("button", { type: "button", class: "md-button", id: "yb-hr-import", text: L("匯入 import", "import"), onclick: () => importToml(importBox.value) });
    const printBtn = el("button", { type: "button", class: "md-button md-button--primary", text: L("列印規則表 print", "print"), onclick: () => window.print() });
    const previewBtn = el("button", { type: "button", class: "md-button", id: "yb-hr-preview", text: L("預覽規則表 preview sheet", "preview sheet"), onclick: () => {
      root.classList.toggle("yb-hr-previewing");
      if (root.classList.contains("yb-hr-previewing")) sheet.scrollIntoView();
    } });

    const sectionFilter = el("select", { id: "yb-hr-f-section", "aria-label": "section" },
      el("option", { value: "", text: L("所有章節 all sections", "all sections") }),
      DATA.sections.map((s) => el("option", { value: s.id, text: `${s.id} ${textOf(s)}` })));
    const valueFilter = el("select", { id: "yb-hr-f-value", "aria-label": "value" },
      (EN ? [["", "any value"], ["on", "on"], ["off", "off"], ["yakuman", "yakuman"],
        ["limit", "limit (mangan …)"], ["han", "han"], ["adopted", "yes (adopted)"], ["changed", "changed"],
        ["lost", "lost number"]]
        : [["", "所有值 any value"], ["on", "採用 on"], ["off", "不採用 off"], ["yakuman", "役滿 yakuman"],
          ["limit", "滿貫等 limit"], ["han", "翻 han"], ["adopted", "有 adopted"], ["changed", "已改 changed"],
          ["lost", "遺失數字 lost number"]]).map(([v, t]) => el("option", { value: v, text: t })));
    const statusFilter = el("select", { id: "yb-hr-f-status", "aria-label": "status" },
      (EN ? [["", "any status"], ["implemented", "implemented"], ["other", "not implemented"]]
        : [["", "所有狀態 any status"], ["implemented", "已實現 implemented"], ["other", "未實現 not implemented"]])
        .map(([v, t]) => el("option", { value: v, text: t })));
    const textFilter = el("input", { id: "yb-hr-f-text", type: "search", placeholder: L("名稱 / romaji / ID", "name / romaji / ID") });
    for (const [node, key] of [[sectionFilter, "section"], [valueFilter, "value"], [statusFilter, "status"], [textFilter, "text"]]) {
      node.addEventListener(node.tagName === "INPUT" ? "input" : "change", () => { filters[key] = node.value; applyFilters(); });
    }
    counter = el("span", { class: "yb-hr-counter" });
    return el("div", { class: "yb-hr-toolbar" },
      el("div", { class: "yb-hr-bar" }, presetSelect, nameInput, baseSelect, supersessionSelect),
      scoringControls.node,
      el("div", { class: "yb-hr-bar" }, copy, shareBox, previewBtn, printBtn),
      el("details", { class: "yb-hr-io" }, el("summary", { text: L("匯入 / 匯出 TOML · import / export (yakubook evaluate --rules)", "import / export TOML (yakubook evaluate --rules)") }),
        el("div", { class: "yb-hr-bar" }, exportBtn, importBtn, file), importBox, importMsg),
      el("div", { class: "yb-hr-bar yb-hr-filters" }, sectionFilter, valueFilter, statusFilter, textFilter, counter));
  }

  // ------------------------------------------------------------------ the hand checker
  const TILES = [..."123456789"].map((d) => d + "m").concat(["0m"], [..."123456789"].map((d) => d + "p"), ["0p"],
    [..."123456789"].map((d) => d + "s"), ["0s"], [..."1234567"].map((d) => d + "z"));
  const FIELDS = [
    // [key, kind, default, label, choices]
    ["tsumo", "bool", false, "自摸 tsumo"],
    ["seat", "enum", "E", "自風 seat", ["E", "S", "W", "N"]],
    ["round", "enum", "E", "場風 round", ["E", "S", "W", "N"]],
    ["riichi", "enum", "none", "立直 riichi", ["none", "riichi", "double", "open", "open_double"]],
    ["ippatsu", "bool", false, "一發 ippatsu"],
    ["first_go_around", "bool", false, "第一巡 first go-around"],
    ["haitei", "bool", false, "海底 haitei"],
    ["houtei", "bool", false, "河底 houtei"],
    ["rinshan", "bool", false, "嶺上 rinshan"],
    ["chankan", "bool", false, "搶槓 chankan"],
    ["dora", "str", "", "寶牌指示牌 dora indicators"],
    ["ura", "str", "", "裏寶牌指示牌 ura indicators"],
    ["min_han", "int", 1, "最低翻 min han"],
    ["dealer_streak", "int", 0, "連莊 dealer streak"],
    ["turn", "intnull", null, "巡目 own draw no."],
    ["consecutive_kans", "int", 0, "連槓 consecutive kans"],
    ["visible_copies", "int", 0, "見えている和了牌 visible copies"],
    ["flowers", "int", 0, "花牌 flowers"],
    ["honba", "int", 0, "本場 honba"],
    ["riichi_sticks", "int", 0, "立直棒 riichi sticks"],
    ["called_pairs", "int", 0, "明對子 called pairs"],
    ["declarations", "set", [], "宣言 declarations", ["no_calls", "tsumo_only", "single_wait"]],
    ["penultimate_kan", "bool", false, "倒數第二張槓 penultimate kan"],
    ["dealer_history", "str", "", "莊家紀錄（W 連莊和牌、D 流局連莊） dealer history (W: dealer won, D: draw, dealer stays)"],
    ["robbed_flower", "bool", false, "七搶一 robbed flower"],
    ["furiten", "bool", false, "振聽 furiten"],
    ["discarder", "enum", "", "放銃者 discarder", ["", "next", "across", "previous"]],
    ["discarder_riichi", "enum", "none", "放銃者立直 discarder riichi", ["none", "declaring", "riichi", "riichi_after"]],
    ["discarder_forced", "bool", false, "放銃者無安全牌 discarder forced"],
    ["discarder_kans", "int", 0, "放銃者連槓 discarder kans"],
    ["discarder_rinshan", "bool", false, "放銃者嶺上牌 discarder rinshan"],
    ["discarder_broke_ippatsu", "bool", false, "放銃者鳴牌破一發 discarder broke ippatsu"],
  ];
  // The situation fields' labels on the English page.
  const FIELD_EN = {
    tsumo: "tsumo (self-drawn)", seat: "seat wind", round: "round wind", riichi: "riichi", ippatsu: "ippatsu",
    first_go_around: "first go-around", haitei: "haitei (last draw)", houtei: "houtei (last discard)",
    rinshan: "rinshan (kan replacement)", chankan: "chankan (robbing a kan)", min_han: "min han",
    dealer_streak: "dealer streak", turn: "own draw no.", consecutive_kans: "consecutive kans",
    visible_copies: "visible copies of the winning tile", flowers: "flowers", honba: "honba",
    dora: "dora indicators (MPSZ)", ura: "ura dora indicators (MPSZ)", riichi_sticks: "riichi sticks",
    called_pairs: "called pairs", declarations: "declarations", penultimate_kan: "penultimate kan",
    dealer_history: "dealer history (W: dealer won, D: draw, dealer stays)", robbed_flower: "robbed flower", furiten: "furiten",
    discarder: "discarder", discarder_riichi: "discarder riichi", discarder_forced: "discarder forced (no safe tile)",
    discarder_kans: "discarder kans", discarder_rinshan: "discarder rinshan", discarder_broke_ippatsu: "discarder broke ippatsu",
  };
  // The checker's menus say what a player calls each choice (#41: they showed the engine's
  // words, no_calls, open_double, riichi_after); the value sent to the engine is unchanged
  // (yakubook/engine/WIN_FORMAT.md). [Chinese, English] per choice.
  const WINDS = { E: ["東", "East"], S: ["南", "South"], W: ["西", "West"], N: ["北", "North"] };
  const CHOICE_WORDS = {
    seat: WINDS,
    round: WINDS,
    riichi: { none: ["無", "none"], riichi: ["立直", "riichi"], double: ["兩立直", "double riichi"],
      open: ["開立直", "open riichi"], open_double: ["開兩立直", "open double riichi"] },
    declarations: { no_calls: ["不吃不碰", "vowed no calls"], tsumo_only: ["自摸專", "tsumo only"],
      single_wait: ["報知（單騎）", "announced single wait"] },
    discarder: { "": ["—", "—"], next: ["下家", "player to your right"], across: ["對家", "player opposite"],
      previous: ["上家", "player to your left"] },
    discarder_riichi: { none: ["未立直", "not in riichi"], declaring: ["以此牌宣言立直", "declaring riichi with this tile"],
      riichi: ["已立直（比你早）", "in riichi (before yours)"], riichi_after: ["已立直（比你晚）", "in riichi (after yours)"] },
  };
  const choiceText = (key, c) => {
    const words = (CHOICE_WORDS[key] || {})[c];
    return words ? L(`${words[0]} ${words[1]}`, words[1]) : (c || "—");
  };
  const MAIN_FIELDS = 12; // the rest sit in a "more" fold
  const widgets = new Map();
  let extra = {}; // keys of a loaded Win JSON the form has no widget for: passed on as they are
  let handInput, winInput, meldInput, meldTiles, meldKind, target = "hand", resultBox, jsonBox, checkBtn, handView;
  let checkerStarted = false;

  function tileImg(t, cls) {
    return el("img", { src: url("tiles") + t + ".svg", alt: t, title: t, class: cls || "yb-tile", width: "24", height: "32" });
  }
  function parseTiles(text) {
    const out = [];
    let digits = [];
    for (const ch of text.replace(/\s+/g, "")) {
      if (/\d/.test(ch)) digits.push(ch);
      else if ("mpsz".includes(ch)) { digits.forEach((d) => out.push(d + ch)); digits = []; }
      else return null;
    }
    return digits.length ? null : out;
  }
  // A winning hand has at most 18 tiles and 4 melds: far larger input is refused before the
  // engine sees it, and only the start of it is drawn (100,000 melds froze the page).
  const MAX_WIN_CHARS = 4096;
  const SHOWN_TILES = 40;
  const SHOWN_MELDS = 8;
  const melds = () => meldInput.value.split(/[,;\n]/).map((m) => m.trim().replace(/\s+/g, " ")).filter(Boolean);

  function winJson() {
    const obj = { hand: handInput.value.trim(), win: winInput.value.trim() };
    if (!obj.win) {
      const tiles = parseTiles(obj.hand);
      if (tiles && tiles.length) obj.win = tiles[tiles.length - 1];
    }
    const ms = melds();
    if (ms.length) obj.melds = ms;
    for (const [key, kind, dflt] of FIELDS) {
      const w = widgets.get(key);
      let v;
      if (kind === "bool") v = w.checked;
      else if (kind === "enum" || kind === "str") v = w.value;
      else if (kind === "int") v = w.value.trim() === "" ? dflt : Number(w.value);
      else if (kind === "intnull") v = w.value.trim() === "" ? null : Number(w.value);
      else if (kind === "set") v = w.filter((c) => c.checked).map((c) => c.value);
      const same = Array.isArray(v) ? v.length === 0 : v === dflt;
      if (!same) obj[key] = v;
    }
    return Object.assign(obj, extra);
  }

  function loadWin(obj) {
    extra = {};
    handInput.value = typeof obj.hand === "string" ? obj.hand : "";
    winInput.value = typeof obj.win === "string" ? obj.win : "";
    if (typeof obj.hand !== "string" && "hand" in obj) extra.hand = obj.hand;
    if (typeof obj.win !== "string" && "win" in obj) extra.win = obj.win;
    const ms = obj.melds;
    meldInput.value = Array.isArray(ms) && ms.every((m) => typeof m === "string" && !/[,;\n]/.test(m)) ? ms.join(", ") : "";
    if (ms !== undefined && meldInput.value === "" && !(Array.isArray(ms) && ms.length === 0)) extra.melds = ms;
    for (const [key, kind, dflt, , choices] of FIELDS) {
      const w = widgets.get(key);
      const has = key in obj;
      const v = has ? obj[key] : dflt;
      let fits = true;
      if (kind === "bool") { fits = typeof v === "boolean"; w.checked = fits ? v : dflt; }
      else if (kind === "enum") {
        fits = typeof v === "string" && (choices.includes(v) || v.length <= 3);
        if (fits && !choices.includes(v) && ![...w.options].some((o) => o.value === v)) w.append(el("option", { value: v, text: v }));
        w.value = fits ? v : dflt;
      } else if (kind === "str") { fits = typeof v === "string"; w.value = fits ? v : dflt; }
      else if (kind === "int") { fits = Number.isInteger(v) && v >= 0; w.value = fits && v !== dflt ? String(v) : ""; }
      else if (kind === "intnull") { fits = v === null || (Number.isInteger(v) && v >= 0); w.value = fits && v !== null ? String(v) : ""; }
      else if (kind === "set") {
        fits = Array.isArray(v) && v.every((x) => choices.includes(x)) && new Set(v).size === v.length;
        w.forEach((c) => { c.checked = fits && v.includes(c.value); });
      }
      if (has && !fits) extra[key] = v;
    }
    const known = new Set(["hand", "win", "melds", ...FIELDS.map((f) => f[0])]);
    for (const k of Object.keys(obj)) if (!known.has(k)) extra[k] = obj[k];
    formChanged();
  }

  function renderHandView() {
    handView.replaceChildren();
    const tiles = (parseTiles(handInput.value) || []).slice(0, SHOWN_TILES);
    tiles.forEach((t, i) => handView.append(el("button", { type: "button", class: "yb-hr-tilebtn", title: `${t} ×`, "data-tile": t,
      onclick: () => { const rest = tiles.slice(); rest.splice(i, 1); handInput.value = compactTiles(rest); formChanged(); } },
      tileImg(t))));
    for (const m of melds().slice(0, SHOWN_MELDS)) {
      const parts = m.split(" ");
      const tl = parseTiles(parts[1] || "") || [];
      handView.append(el("span", { class: "yb-hr-meld", title: m }, el("small", { text: parts[0] }), tl.map((t) => tileImg(t))));
    }
  }
  /* ["1m","2m","3m","5p"] -> "123m5p": the short MPSZ form people write. */
  function compactTiles(tiles) {
    let out = "";
    let run = "";
    let suit = "";
    for (const t of tiles) {
      if (t[1] !== suit) { if (run) out += run + suit; run = ""; suit = t[1]; }
      run += t[0];
    }
    return out + (run ? run + suit : "");
  }
  function compact() {
    const tiles = parseTiles(handInput.value);
    if (tiles) handInput.value = compactTiles(tiles);
  }

  function formChanged() {
    renderHandView();
    jsonBox.value = JSON.stringify(winJson());
    if (checkerStarted) scheduleCheck();
  }

  let timer = null;
  let running = false;
  let again = false;
  function scheduleCheck() {
    clearTimeout(timer);
    timer = setTimeout(() => { timer = null; runCheck(); }, 30);
  }
  api.settled = () => timer === null && !running && !again;
  async function runCheck() {
    clearTimeout(timer);
    timer = null;
    if (running) { again = true; return; }
    running = true;
    checkerStarted = true;
    const t0 = performance.now();
    const win = JSON.stringify(winJson());
    jsonBox.value = win;
    const toml = toToml();
    resultBox.dataset.state = "busy";
    try {
      const r = win.length > MAX_WIN_CHARS
        ? { ok: false, where: "hand", error: L(
          `手牌過長 · 手牌过长 · the hand is ${win.length} characters as JSON; a winning hand (at most 18 tiles and 4 melds) fits in ${MAX_WIN_CHARS}`,
          `the hand is ${win.length} characters as JSON; a winning hand (at most 18 tiles and 4 melds) fits in ${MAX_WIN_CHARS}`) }
        : await engine("hand", { win, toml });
      showResult(r, win);
      noteFilledWin(JSON.parse(win).win);
    } catch (e) {
      showResult({ ok: false, where: "engine", error: String(e.message || e) }, win);
    }
    const t1 = performance.now();
    api.evaluations += 1;
    api.timings.last = t1 - t0;
    if (api.timings.firstResult === undefined) api.timings.firstResult = t1;
    running = false;
    if (again) { again = false; runCheck(); }
  }

  // An empty winning-tile box is filled with the hand's last tile (winJson): said above the
  // result, so the reader knows which tile was taken as the winning one.
  function noteFilledWin(tile) {
    if (winInput.value.trim() || typeof tile !== "string" || !tile) return;
    resultBox.prepend(el("p", { class: "yb-hr-msg yb-hr-filled-win" },
      L(`和了牌未填：取手牌的最後一張 ${tile} 作和了牌 · the winning tile was left empty: the hand's last tile, ${tile}, is taken as the winning tile`,
        `The winning tile was left empty: the hand's last tile, ${tile}, is taken as the winning tile.`)));
  }

  // The engine speaks English and romaji (yakubook/engine/score.py, decompose.py, its
  // InputError texts); the Chinese page says the same in Chinese (#41 point 3): standard
  // yaku, readings, waits, values and notes by these tables; an error message by the
  // patterns below, the engine's own text kept beside it (the same words as the CLI's).
  const STD_ZH = {
    "menzen tsumo": "門前清自摸和", riichi: "立直", "double riichi": "兩立直", ippatsu: "一發",
    haitei: "海底摸月", houtei: "河底撈魚", rinshan: "嶺上開花", chankan: "搶槓",
    tanyao: "斷么九", pinfu: "平和", iipeikou: "一盃口", ryanpeikou: "二盃口",
    chiitoitsu: "七對子", ittsuu: "一氣通貫", sanshoku_doujun: "三色同順",
    sanshoku_doukou: "三色同刻", toitoi: "對對和", sanankou: "三暗刻", sankantsu: "三槓子",
    chanta: "混全帶么九", junchan: "純全帶么九", honroutou: "混老頭", shousangen: "小三元",
    honiisou: "混一色", chiniisou: "清一色", kokushi: "國士無雙", kokushi13: "國士無雙十三面",
    suuankou: "四暗刻", suuankou_tanki: "四暗刻單騎", daisangen: "大三元", shousuushii: "小四喜",
    daisuushii: "大四喜", tsuuiisou: "字一色", ryuuiisou: "綠一色", chinroutou: "清老頭",
    chuuren: "九蓮寶燈", chuuren_junsei: "純正九蓮寶燈", suukantsu: "四槓子", tenhou: "天和",
    chiihou: "地和", dora: "寶牌", "ura dora": "裏寶牌", "aka dora": "赤寶牌", flowers: "花牌",
  };
  const HONOR_ZH = { East: "東", South: "南", West: "西", North: "北", White: "白", Green: "發", Red: "中" };
  const KIND_ZH = { standard: "四面子一雀頭", chiitoitsu: "七對子形", chiitoitsu_set: "七對子形（含四張同牌）", kokushi: "國士無雙形" };
  // Local shapes (yakubook/engine/shapes.py): named by the yaku that reads each.
  const SHAPE_YAKU = { shiisanpuutaa: "3-16-01", shiisanuukao: "3-16-02", juushi_renkan: "3-16-03",
    nanboku_sensou_2: "3-16-05", nanboku_sensou_3: "3-16-06", back_four: "3-16-07", knitting: "3-16-08", chiishii: "3-16-09" };
  const WAIT_ZH = { ryanmen: "兩面", kanchan: "嵌張", penchan: "邊張", shanpon: "雙碰", tanki: "單騎",
    kokushi: "國士單騎", kokushi13: "國士十三面", other: "其他" };
  const LIMIT_ZH = { ...LIMITS, yakuman: "役滿", "kazoe yakuman": "累計役滿" };
  const TIMES_ZH = ["", "", "兩", "三", "四", "五", "六"];
  const times = (n) => TIMES_ZH[n] || String(n);
  // The English page names a standard yaku by its usual romaji; the engine's name (what
  // the CLI and the API report) stays in the element's title.
  const STD_EN = {
    sanshoku_doujun: "sanshoku doujun", sanshoku_doukou: "sanshoku doukou",
    suuankou_tanki: "suuankou tanki", kokushi: "kokushi musou", kokushi13: "kokushi musou 13-sided wait",
    chuuren: "chuuren poutou", chuuren_junsei: "junsei chuuren poutou",
  };
  const stdEn = (name) => STD_EN[name] || name;
  function stdZh(name) {
    const honor = /^yakuhai (\w+)$/.exec(name);
    if (honor) return `役牌 ${HONOR_ZH[honor[1]] || honor[1]}`;
    return STD_ZH[name] || name;
  }
  function kindZh(kind) {
    const y = BY_ID.get(SHAPE_YAKU[kind]);
    return KIND_ZH[kind] || (y ? `${y.hant}的牌形` : kind);
  }
  function limitZh(limit) {
    const m = /^(\d+)x (kazoe )?yakuman$/.exec(limit);
    if (m) return `${times(Number(m[1]))}倍${m[2] ? "累計" : ""}役滿`;
    return LIMIT_ZH[limit] || limit;
  }
  function valueZh(v) {
    let m;
    if ((m = /^(\d+) han$/.exec(v))) return `${m[1]}翻`;
    if ((m = /^(\d+) han \((\w+)\)$/.exec(v))) return `${m[1]}翻（${limitZh(m[2])}）`;
    if ((m = /^at least (\w+)$/.exec(v))) return `至少${limitZh(m[1])}`;
    if ((m = /^1x yakuman$/.exec(v))) return "役滿";
    return limitZh(v);
  }
  // [pattern, Chinese]: the score's notes and the reasons a yaku adds nothing.
  const NOTES_ZH = [
    [/^no yaku$/, () => "無役"],
    [/^(\d+) han of yaku, the table needs (\d+)$/, (m) => `役只有${m[1]}翻，本桌規則需要${m[2]}翻`],
    [/^(.+) sets the hand to (\w+); the other han do not add onto it$/, (m) => `${m[1]} 使全手為${limitZh(m[2])}；其他翻不疊加`],
    [/^not a winning hand: the (\w+) shape is complete only with (.+), which does not hold$/,
      (m) => `不是和牌：${kindZh(m[1])}只有在 ${m[2]} 成立時才算完成，而它不成立`],
    [/^the standard (\w+), counted once$/, (m) => `即一般役${stdZh(m[1])}，只計一次`],
    [/^its number is lost in the source; a ruleset can supply it$/, () => "數字在來源中遺失；規則表可以補上翻數"],
    [/^a (\w+) value carries no han$/, () => "這個值不帶翻數"],
    [/^a yakuman drops the han yaku$/, () => "有役滿時不計翻數役"],
    [/^counts as (\S+) (\S+) \(its option (\w+)\)$/, (m) => `當作 ${m[1]} ${m[2]}（其選項 ${m[3]}）計算`],
  ];
  // [pattern, Chinese]: the engine's messages for a hand or a sheet it refuses.
  const ERRORS_ZH = [
    [/^unknown tile '([^']*)' in '([^']*)'/, (m) => `「${m[2]}」裡有不存在的牌 ${m[1]}（字牌是 1z～7z）`],
    [/^unknown character '([^']*)' in tiles '([^']*)'/, (m) => `牌「${m[2]}」裡有無法辨認的字元 ${m[1]}`],
    [/^no tiles in/, () => "沒有輸入牌"],
    [/^hand (\S+) has (\d+) concealed tiles; with (\d+) meld\(s\) it needs (\d+)/,
      (m) => `手牌 ${m[1]} 有 ${m[2]} 張暗牌；有 ${m[3]} 組副露時應有 ${m[4]} 張（含和了牌）`],
    [/^meld '([^']*)' is not an? (\w+)/, (m) => `副露「${m[1]}」不是${({ chi: "吃", pon: "碰", kan: "槓" })[m[2]] || m[2]}`],
    [/^'([^']*)' is not a wind/, (m) => `「${m[1]}」不是風（請用 E、S、W、N 或 1z～4z）`],
    [/^unknown key '([^']*)'/, (m) => `和牌資料裡有未知的欄位 ${m[1]}`],
    [/^key '([^']*)' has the wrong type/, (m) => `欄位 ${m[1]} 的值型別不對`],
    [/^not valid JSON/, () => "不是有效的 JSON"],
    [/^the winning hand must be a JSON object/, () => "和牌資料必須是一個 JSON 物件"],
    [/^(\d+) red fives held, but the ruleset's set has aka_dora = (\d+)/, (m) => `手中有 ${m[1]} 張赤牌，但規則表的赤寶牌只有 ${m[2]} 張`],
  ];
  function translated(table, text) {
    for (const [re, zh] of table) {
      const m = re.exec(text);
      if (m) return zh(m);
    }
    return null;
  }
  // A note in the page's language: the Chinese when known, else the engine's English as is.
  const noteText = (text) => (EN ? text : translated(NOTES_ZH, text) || text);

  function showResult(r, win) {
    api.lastResult = r;
    resultBox.replaceChildren();
    resultBox.dataset.win = win;
    if (!r.ok) {
      resultBox.dataset.state = "error";
      const zh = EN ? null : translated(ERRORS_ZH, r.error) ||
        (r.where === "rules" ? "引擎不接受這份規則表，原因如下（引擎的英文訊息）" : "引擎不接受這手牌，原因如下（引擎的英文訊息）");
      resultBox.append(el("div", { class: "yb-hr-msg yb-hr-error", role: "alert" },
        el("b", { text: r.where === "rules" ? L("規則表錯誤：", "rule sheet: ") : L("牌不成立：", "invalid hand: ") }),
        zh ? el("span", { class: "yb-hr-error-zh", text: `${zh}。` }) : null,
        zh ? " 引擎原文 · engine: " : null,
        el("span", { class: "yb-hr-error-text", lang: EN ? null : "en", text: r.error })));
      return;
    }
    resultBox.dataset.state = "ok";
    const res = r.result;
    const interp = res.interpretation;
    if (interp) {
      resultBox.append(el("div", { class: "yb-hr-reading", "data-kind": interp.kind, "data-wait": interp.wait },
        el("span", { text: L(`讀法：${kindZh(interp.kind)}，聽${WAIT_ZH[interp.wait] || interp.wait} `, `reading: ${interp.kind}, wait ${interp.wait} `) }),
        interp.blocks.map((b) => el("span", { class: "yb-hr-block" + (b.open ? " yb-hr-open" : ""), title: `${b.kind} ${b.tiles}` },
          (parseTiles(b.tiles) || []).map((t) => tileImg(t, "yb-tile yb-tile-small"))))));
    }
    if (!res.yaku.length) {
      resultBox.append(el("p", { class: "yb-hr-none", text: L("此規則表下沒有成立的地方役 · no local yaku holds under this sheet", "no local yaku holds under this sheet") }));
    } else {
      const table = el("table", { class: "yb-hr-awards" },
        el("thead", {}, el("tr", {}, (EN ? ["ID", "yaku", "option", "value"] : ["ID", "役 yaku", "選項 option", "值 value"]).map((h) => el("th", { text: h })))));
      const body = el("tbody");
      for (const a of res.yaku) {
        const y = BY_ID.get(a.id);
        const o = y && option(y, a.option);
        body.append(el("tr", { class: "yb-hr-award", "data-id": a.id, "data-option": a.option, "data-value": JSON.stringify(a.value) },
          el("td", {}, el("code", { text: a.id })),
          EN ? el("td", {}, y ? el("a", { href: yakuLink(y), text: yname(y) }) : el("span", { lang: "zh-Hant", text: a.name }),
            y ? el("span", { class: "yb-hr-orig", lang: "zh-Hant", text: ` ${y.hant}` }) : null)
            : el("td", {}, y ? el("a", { href: yakuLink(y), text: y.hant }) : a.name,
              y && y.hans !== y.hant ? ` ${y.hans}` : "", y ? el("small", { text: ` ${y.romaji}` }) : null),
          EN ? el("td", {}, `${a.option}`, o ? " · " : "", o ? enText(o.en_text, o.hant) : null)
            : el("td", {}, withLost(`${a.option}${o ? " · " + o.hant : ""}`)),
          el("td", {}, el("span", { class: `yb-hr-badge yb-hr-v-${valueClass(a.value)}`, text: label(a.value, o && o.words_en) }),
            // The engine's notes are the compendium's words (Chinese): on the English page
            // they are shown as quoted originals; the option's English above says the same.
            a.combination ? el("div", { class: "yb-hr-note", lang: EN ? "zh-Hant" : null, title: EN ? "the compendium's note (original)" : null, text: a.combination.join("；") }) : null,
            a.note ? el("div", { class: "yb-hr-note", text: noteText(a.note) }) : null)));
      }
      table.append(body);
      resultBox.append(table);
    }
    if (res.standard_yaku.length) resultBox.append(EN ? el("p", { class: "yb-hr-std" }, "standard yaku: ", res.standard_yaku.flatMap((n, i) => [i ? ", " : "", el("span", { title: n, text: stdEn(n) })]))
      : el("p", { class: "yb-hr-std" }, "一般役：", res.standard_yaku.flatMap((n, i) => [i ? "、" : "", el("span", { title: n, text: stdZh(n) })])));
    if (res.not_implemented.length) resultBox.append(el("p", { class: "yb-hr-std", text: L(`${res.not_implemented.length} 個採用的役尚未實現，未檢查 · enabled yaku without a body, not checked`, `${res.not_implemented.length} enabled yaku without a body, not checked`) }));
    if (res.score) resultBox.append(scoreBox(res.score));
  }

  // The score as the engine counts it (yakubook/engine/score.py): nothing is computed here.
  function scoreBox(sc) {
    const p = sc.payment;
    const box = el("div", { class: "yb-hr-score", id: "yb-hr-score", "data-win": String(sc.win), "data-han": String(sc.han),
      "data-fu": String(sc.fu), "data-yakuman": String(sc.yakuman), "data-limit": sc.limit, "data-total": String(p.total),
      "data-payment": JSON.stringify(p) });
    if (!sc.win) {
      box.append(el("p", { class: "yb-hr-score-head", text: L(`不成和了：${noteText(sc.note)}`, `no win: ${sc.note}`) }));
      return box;
    }
    const worth = EN ? (sc.yakuman ? sc.limit : `${sc.han} han ${sc.fu} fu${sc.limit ? ", " + sc.limit : ""}`)
      : (sc.yakuman ? limitZh(sc.limit) : `${sc.han}翻${sc.fu}符${sc.limit ? "，" + limitZh(sc.limit) : ""}`);
    let pay;
    if (p.ron) pay = L(`榮和：放銃者付 ${p.ron} · ron: the discarder pays ${p.ron}`, `ron: the discarder pays ${p.ron}`);
    else if (p.dealer) pay = L(`自摸：莊家付 ${p.dealer}，其他各付 ${p.each} · tsumo: the dealer pays ${p.dealer}, each other player ${p.each}`, `tsumo: the dealer pays ${p.dealer}, each other player ${p.each}`);
    else pay = L(`自摸：各付 ${p.each} · tsumo: each player pays ${p.each}`, `tsumo: each player pays ${p.each}`);
    const sticks = p.riichi_sticks ? ` + ${p.riichi_sticks} ${L("（立直棒）", "for the riichi sticks")}` : "";
    box.append(
      el("p", { class: "yb-hr-score-head" }, el("b", { text: L("點數 score: ", "score: ") }), el("span", { class: "yb-hr-score-worth", text: worth })),
      el("p", { class: "yb-hr-score-pay", text: `${pay}${sticks}; ${L("合計 total", "total")} ${p.total}` }),
      el("p", { class: "yb-hr-score-counted" }, L("計算：", "counted: "),
        sc.counted.flatMap((c, i) => [i ? L("、", ", ") : "", scoreName(c.name), ` ${EN ? c.value : valueZh(c.value)}`])));
    for (const n of sc.not_counted || []) box.append(el("p", { class: "yb-hr-note" }, L("不計：", "not counted: "), scoreName(n.name), L(`（${noteText(n.why)}）`, ` (${n.why})`)));
    if (sc.note) box.append(el("p", { class: "yb-hr-note", text: noteText(sc.note) }));
    box.append(el("details", { class: "yb-hr-score-rules" }, el("summary", { text: L("翻數如何合計 how values combine", "how values combine") }),
      el("ul", {}, SCORE_RULES.map((r) => el("li", { text: r })))));
    return box;
  }
  // A counted item's name: a local yaku's is "<ID> <Chinese name>"; the English page
  // shows its English name, the original marked as Chinese.
  function scoreName(name) {
    const id = name.split(" ")[0];
    const y = BY_ID.get(id);
    if (!y) return el("span", { title: name, text: EN ? stdEn(name) : stdZh(name) });
    if (!EN) return name;
    return el("span", {}, `${id} ${yname(y)}`, el("span", { class: "yb-hr-orig", lang: "zh-Hant", text: ` ${y.hant}` }));
  }
  // The same rules as yakubook/engine/score.py's docstring and the README (the engine applies them).
  const SCORE_RULES = EN ? [
    "Standard yaku count their usual han; dora, ura dora (with a riichi), red fives and flowers add a han each but never make a win alone.",
    "A local yaku worth N han adds N han.",
    "Local yakuman add their multiples to standard yakuman; any yakuman drops the han yaku and dora.",
    "A local yaku valued as a limit (mangan, haneman, baiman, sanbaiman) sets the hand to at least that limit; other han do not add onto it: the hand is worth the limit or the rest, whichever is more (the compendium's own wording, in 3-15-01's options d–f).",
    "A local yaku that includes a standard one (\"includes riichi's 1 han\") takes it out; the compendium's ippatsu entry (3-02-01) is the standard ippatsu, counted once.",
    "The reading that pays the most counts. Table rules (kiriage, kazoe, aka dora …) are the sheet's Scoring settings, its [scoring] table.",
  ] : [
    "一般役照常計翻；寶牌、裏寶牌（立直時）、赤寶牌、花牌各1翻，但不能單獨成和。 Standard yaku count their usual han; dora, ura, red fives, flowers add a han each but never make a win alone.",
    "地方役N翻即加N翻。 A local yaku worth N han adds N han.",
    "地方役滿與一般役滿倍數相加；有役滿時不計翻數役與寶牌。 Local yakuman add to standard yakuman; any yakuman drops the han yaku and dora.",
    "值為滿貫、跳滿、倍滿、三倍滿的地方役使全手至少為該值；其他翻不疊加，取較高者（依人和ｄ～ｆ的說法）。 A limit-valued local yaku sets at least that limit; other han do not add onto it.",
    "包含一般役（如包含立直的1翻）的地方役不再另計該役；一發即一般役一發，只計一次。 A local yaku that includes a standard one takes it out; 一發 is counted once.",
    "取點數最高的讀法。切上滿貫、累計役滿、赤寶牌等依規則表的計分規則（[scoring] 表）。 The best-paying reading counts; table rules are the sheet's Scoring settings.",
  ];

  function buildChecker() {
    handInput = el("input", { id: "yb-hr-hand", type: "text", placeholder: L("123m456p789s11z + 和了牌", "123m456p789s11z + winning tile"), spellcheck: "false", autocomplete: "off" });
    winInput = el("input", { id: "yb-hr-win", type: "text", placeholder: "5m", size: "4", spellcheck: "false", autocomplete: "off" });
    meldInput = el("input", { id: "yb-hr-melds", type: "text", placeholder: "pon 777z, chi 123m", spellcheck: "false", autocomplete: "off" });
    meldTiles = el("input", { id: "yb-hr-meld-tiles", type: "text", size: "8", placeholder: "777z", spellcheck: "false" });
    meldKind = el("select", { id: "yb-hr-meld-kind", "aria-label": "meld kind" }, ["chi", "pon", "kan", "ankan", "kakan"].map((k) => el("option", { value: k, text: k })));
    const addMeld = el("button", { type: "button", class: "md-button", text: L("加副露 add meld", "add meld"), onclick: () => {
      const t = meldTiles.value.trim();
      if (!t) return;
      meldInput.value = [...melds(), `${meldKind.value} ${t}`].join(", ");
      meldTiles.value = "";
      formChanged();
    } });
    for (const i of [handInput, winInput, meldInput]) i.addEventListener("input", formChanged);
    const targets = el("span", { class: "yb-hr-targets" }, (EN ? [["hand", "hand"], ["win", "winning tile"], ["meld", "meld"]] : [["hand", "手牌 hand"], ["win", "和了牌 win"], ["meld", "副露 meld"]]).map(([v, t]) =>
      el("label", {}, el("input", { type: "radio", name: "yb-hr-target", value: v, checked: v === "hand", onchange: () => { target = v; } }), t)));
    const palette = el("div", { class: "yb-hr-palette", id: "yb-hr-palette" }, TILES.map((t) =>
      el("button", { type: "button", class: "yb-hr-tilebtn", "data-tile": t, title: t, onclick: () => {
        if (target === "hand") { handInput.value += t; compact(); }
        else if (target === "win") winInput.value = t;
        else meldTiles.value = compactTiles((parseTiles(meldTiles.value) || []).concat([t]));
        formChanged();
      } }, tileImg(t))));
    handView = el("div", { class: "yb-hr-handview", id: "yb-hr-handview" });

    const fields = FIELDS.map(([key, kind, dflt, zhLabel, choices], i) => {
      const label = EN ? FIELD_EN[key] || key : zhLabel;
      let w;
      let node;
      if (kind === "bool") { w = el("input", { type: "checkbox", "data-field": key }); node = el("label", { class: "yb-hr-field" }, w, " " + label); }
      else if (kind === "enum") { w = el("select", { "data-field": key }, choices.map((c) => el("option", { value: c, text: choiceText(key, c) }))); node = el("label", { class: "yb-hr-field" }, label + " ", w); }
      else if (kind === "str") { w = el("input", { type: "text", size: "8", "data-field": key }); node = el("label", { class: "yb-hr-field" }, label + " ", w); }
      else if (kind === "set") {
        w = choices.map((c) => el("input", { type: "checkbox", value: c, "data-field": key }));
        node = el("span", { class: "yb-hr-field" }, label + ": ", w.map((c) => el("label", {}, c, ` ${choiceText(key, c.value)} `)));
      } else { w = el("input", { type: "number", min: "0", "data-field": key, placeholder: dflt === null ? "—" : String(dflt), style: "width:4.5em" }); node = el("label", { class: "yb-hr-field" }, label + " ", w); }
      widgets.set(key, w);
      for (const x of Array.isArray(w) ? w : [w]) x.addEventListener(x.tagName === "SELECT" || x.type === "checkbox" ? "change" : "input", formChanged);
      return [i, node];
    });
    jsonBox = el("textarea", { id: "yb-hr-json", rows: "3", spellcheck: "false", "aria-label": "Win JSON" });
    const loadJson = el("button", { type: "button", class: "md-button", id: "yb-hr-load-json", text: L("由 JSON 載入 load JSON", "load JSON"), onclick: () => {
      let obj;
      try { obj = JSON.parse(jsonBox.value); } catch (e) {
        showResult({ ok: false, where: "hand", error: `not valid JSON: ${e.message}` }, jsonBox.value);
        return;
      }
      if (obj === null || typeof obj !== "object" || Array.isArray(obj)) {
        showResult({ ok: false, where: "hand", error: "the winning hand must be a JSON object" }, jsonBox.value);
        return;
      }
      loadWin(obj);
      runCheck();
    } });
    checkBtn = el("button", { type: "button", class: "md-button md-button--primary", id: "yb-hr-check", text: L("判定 check", "check"), onclick: runCheck });
    const clear = el("button", { type: "button", class: "md-button", text: L("清除 clear", "clear"), onclick: () => { loadWin({}); } });
    resultBox = el("div", { id: "yb-hr-result", class: "yb-hr-result", "aria-live": "polite" });
    engineStatus = el("p", { class: "yb-hr-engine", id: "yb-hr-engine", text: L("判定引擎在第一次判定時載入 · the engine (≈ 12 MB) loads on the first check", "the engine (≈ 12 MB) loads on the first check") });
    const section = el("section", { class: "yb-hr-checker", id: "yb-hr-checker" },
      el("h2", { id: "check", text: L("檢查一手牌 · 检查一手牌 · Check a hand", "Check a hand") }),
      el("p", { class: "yb-hr-help", text: L("手牌含和了牌 (MPSZ)；點牌圖加入 · the concealed tiles including the winning tile; click a tile to add it, a tile in the hand to remove it.", "The concealed tiles including the winning tile (MPSZ); click a tile to add it, a tile in the hand to remove it.") }),
      el("div", { class: "yb-hr-bar" }, el("label", {}, L("手牌 hand ", "hand "), handInput), el("label", {}, L("和了牌 win ", "winning tile "), winInput)),
      el("div", { class: "yb-hr-bar" }, el("label", {}, L("副露 melds ", "melds "), meldInput), meldKind, meldTiles, addMeld),
      el("div", { class: "yb-hr-bar" }, L("點牌加入 click adds to: ", "a click adds to: "), targets),
      palette, handView,
      el("div", { class: "yb-hr-fields" }, fields.slice(0, MAIN_FIELDS).map(([, n]) => n)),
      el("details", { class: "yb-hr-more" }, el("summary", { text: L("更多狀況 more situation", "more of the situation") }),
        el("div", { class: "yb-hr-fields" }, fields.slice(MAIN_FIELDS).map(([, n]) => n))),
      el("details", { class: "yb-hr-jsonbox" }, el("summary", { text: "Win JSON (yakubook evaluate WIN.json)" }), jsonBox, loadJson),
      el("div", { class: "yb-hr-bar" }, checkBtn, clear), engineStatus, resultBox);
    // Start the engine as soon as the checker is used, or scrolled to.
    const warm = () => { if (!worker) engine("init", {}).catch(() => {}); };
    section.addEventListener("focusin", warm, { once: true });
    section.addEventListener("pointerdown", warm, { once: true });
    if ("IntersectionObserver" in window) {
      const io = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) { warm(); io.disconnect(); } });
      io.observe(resultBox);
    }
    return section;
  }

  // ------------------------------------------------------------------ start
  function build() {
    const editor = el("div", { class: "yb-hr-editor", id: "yb-hr-editor" });
    for (const sec of DATA.sections) {
      const ys = DATA.yaku.filter((y) => y.section === sec.id);
      if (!ys.length) continue;
      editor.append(el("section", { class: "yb-hr-section", "data-section": sec.id },
        EN ? el("h3", {}, `${sec.id} `, enText(sec.en_text, sec.hant)) : el("h3", { text: `${sec.id} ${both(sec)}` }),
        ys.map(buildRow)));
    }
    sheet = el("div", { class: "yb-hr-sheet", id: "yb-hr-sheet" });
    const checker = buildChecker();
    // The checker comes first: the sheet's 149 rows are hundreds of controls, and a
    // keyboard user reached the checker only after all of them.
    root.replaceChildren(
      el("p", { class: "yb-hr-jump" }, el("a", { href: "#sheet", text: L("↓ 規則表 · 规则表 · the rule sheet", "↓ the rule sheet") })),
      checker,
      el("h2", { id: "sheet", text: L("規則表 · 规则表 · The rule sheet", "The rule sheet") }),
      buildToolbar(), editor, sheet);
    addSkipLink();
    formChanged();
  }

  // A keyboard user meets the header, the search and (on a desktop) the navigation's ~170
  // links before the page: a skip link right after Material's own ("skip to content") takes
  // them to the hand input in one Tab and Enter. Focusing the input is done here: following
  // a link to an input's #id only scrolls to it.
  function addSkipLink() {
    if (document.querySelector(".yb-skip")) return;
    const link = el("a", { class: "yb-skip", href: "#yb-hr-hand",
      text: L("跳到手牌檢查 · 跳到手牌检查 · Skip to the hand checker", "Skip to the hand checker"),
      onclick: (event) => { event.preventDefault(); handInput.focus(); handInput.scrollIntoView({ block: "center" }); } });
    const materialSkip = document.querySelector(".md-skip");
    if (materialSkip) materialSkip.after(link);
    else document.body.prepend(link);
  }

  async function init() {
    try {
      const response = await fetch(url("data"));
      DATA = await response.json();
    } catch (e) {
      root.textContent = L(`無法載入資料 · cannot load the catalog data: ${e}`, `cannot load the catalog data: ${e}`);
      return;
    }
    SC = window.ybHrScoring.make(DATA.scoring || [], L);
    for (const y of DATA.yaku) {
      BY_ID.set(y.id, y);
      for (const r of y.rules) RULE_BY_ID.set(r.id, [r, y]);
    }
    let stored = "";
    try { stored = localStorage.getItem(STORE) || ""; } catch (e) { stored = ""; }
    const fromUrl = decodeState(location.hash);
    const chosen = fromUrl.present ? fromUrl : decodeState(stored);
    state = chosen.s;
    build();
    if (chosen.unknown.length) {
      root.prepend(el("div", { class: "yb-hr-msg yb-hr-error", id: "yb-hr-unknown", role: "alert",
        text: L(`連結中有本目錄沒有的選項，已略過 · left out (not in this catalog): ${chosen.unknown.join(", ")}`,
          `left out (not in this catalog): ${chosen.unknown.join(", ")}`) }));
    }
    changed();
    // A link pasted into this tab's address bar: load the sheet it carries.
    window.addEventListener("hashchange", () => {
      const next = decodeState(location.hash);
      if (next.present && encodeState(next.s) !== encodeState(state)) {
        state = next.s;
        changed();
      }
    });
    api.timings.ready = performance.now();
    root.dataset.ready = "1";
  }
  init();
})();
