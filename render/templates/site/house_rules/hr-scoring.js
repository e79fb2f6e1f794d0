/* House-rules page: the sheet's [scoring] table (hand-written; copied into the site by
 * yakubook build, loaded before house-rules.js, which uses it as window.ybHrScoring).
 *
 * The keys, their documented defaults and the values each takes come from the engine itself
 * (yakubook/engine/score.py, written into data.json's "scoring" by render/house_rules.py); this file
 * only names them in both editions and carries them through the page: the "Scoring"
 * fieldset, the link, the stored copy and the TOML export. A sheet keeps only the keys that
 * differ from the defaults (`{}`: every default); the export writes every key.
 *
 * In a link each key is its own parameter with the TOML value as text
 * (`kiriage=true&kazoe=sanbaiman&aka_dora=0&limit_yaku=at+least`).
 */
(() => {
  "use strict";

  // Labels: [Chinese page, English page]; a key or value with no label shows its TOML text.
  const LABELS = {
    kiriage: ["切上滿貫 kiriage mangan（4翻30符、3翻60符）", "kiriage mangan (4 han 30 fu, 3 han 60 fu)"],
    kazoe: ["累計役滿 kazoe（13翻以上）", "counted yakuman (13+ han)"],
    multiple_yakuman: ["多倍役滿相加 multiple yakuman", "multiple yakuman add up"],
    double_yakuman: ["雙倍役滿 double-yakuman hands", "double-yakuman hands"],
    aka_dora: ["赤寶牌 red fives", "red fives (aka dora)"],
    kuitan: ["食斷 kuitan（鳴牌斷么九）", "kuitan (open tanyao)"],
    flower_dora: ["花牌算寶牌 flowers are dora", "flowers are dora"],
    limit_yaku: ["滿貫值地方役 limit-valued local yaku", "limit-valued local yaku"],
  };
  const TITLES = {
    double_yakuman: ["國士十三面、四暗刻單騎、純正九蓮寶燈、大四喜為雙倍役滿",
      "kokushi 13-sided wait, suuankou tanki, junsei chuuren and daisuushii count double"],
    limit_yaku: ["至少該值：其他翻不疊加；相加：當作翻數加上", "at least: other han do not add onto it; add: counted as han"],
  };
  const CHOICES = {
    kazoe: {
      yakuman: ["累計役滿 yakuman", "yakuman"],
      sanbaiman: ["最高三倍滿 capped at sanbaiman", "capped at sanbaiman"],
      multiple: ["每13翻一倍役滿 one yakuman per 13 han", "one yakuman per 13 han"],
    },
    limit_yaku: {
      "at least": ["至少該值 at least the limit", "at least the limit"],
      add: ["當作翻數相加 add as han", "added as han"],
    },
  };

  /* The keys as data.json lists them: [{key, kind: "bool"|"choice"|"int", default,
   * choices}] (choices: the values a "choice" or "int" key takes). */
  function make(spec, L) {
    const byKey = new Map(spec.map((s) => [s.key, s]));
    const pick = (pair, fallback) => (pair ? L(pair[0], pair[1]) : fallback);
    const label = (s) => pick(LABELS[s.key], s.key);
    const choiceLabel = (s, v) => pick((CHOICES[s.key] || {})[v], String(v));
    const text = (v) => String(v);  // a value as link text: true, 0, sanbaiman, at least
    const fromText = (s, t) => s.choices
      ? s.choices.find((c) => text(c) === t)
      : t === "true" ? true : t === "false" ? false : undefined;
    const valueOf = (scoring, s) => (s.key in scoring ? scoring[s.key] : s.default);

    /* Only the keys that differ from the defaults: the sheet's own form (none given: all
     * defaults). */
    function changes(values) {
      const out = {};
      if (!values) return out;
      for (const s of spec) if (s.key in values && values[s.key] !== s.default) out[s.key] = values[s.key];
      return out;
    }
    function encode(params, scoring) {
      for (const s of spec) if (s.key in scoring) params.set(s.key, text(scoring[s.key]));
    }
    /* The keys a link carries; a value a key does not take is left out and named. */
    function decode(params) {
      const scoring = {};
      const unknown = [];
      let present = false;
      for (const s of spec) {
        if (!params.has(s.key)) continue;
        present = true;
        const v = fromText(s, params.get(s.key));
        if (v === undefined) unknown.push(`${s.key}=${params.get(s.key)}`);
        else if (v !== s.default) scoring[s.key] = v;
      }
      return { scoring, unknown, present };
    }
    /* Every key, as `yakubook evaluate --rules` reads it. */
    function tomlLines(scoring, tomlString) {
      return ["[scoring]", ...spec.map((s) => {
        const v = valueOf(scoring, s);
        return `${s.key} = ${typeof v === "string" ? tomlString(v) : text(v)}`;
      })];
    }
    /* The printable sheet's line: every key with its value. */
    function summary(scoring) {
      return spec.map((s) => {
        const v = valueOf(scoring, s);
        const shown = s.kind === "bool" ? L(v ? "是 on" : "否 off", v ? "on" : "off")
          : s.kind === "choice" ? choiceLabel(s, v) : text(v);
        return `${label(s)}: ${shown}`;
      }).join("; ");
    }

    /* The "Scoring" fieldset; `onChange(key, value)` when a control changes; `refresh`
     * shows a sheet's values. */
    function fieldset(el, onChange) {
      const controls = new Map();
      const items = spec.map((s) => {
        const id = `yb-hr-scoring-${s.key.replace(/_/g, "-")}`;
        const title = TITLES[s.key] ? pick(TITLES[s.key]) : null;
        let control;
        let item;
        if (s.kind === "bool") {
          control = el("input", { type: "checkbox", id, "data-scoring": s.key });
          control.addEventListener("change", () => onChange(s.key, control.checked));
          item = el("label", { class: "yb-hr-field", for: id, title }, control, ` ${label(s)}`);
        } else {
          control = el("select", { id, "data-scoring": s.key },
            s.choices.map((c) => el("option", { value: text(c), text: s.kind === "choice" ? choiceLabel(s, c) : text(c) })));
          control.addEventListener("change", () => onChange(s.key, fromText(s, control.value)));
          item = el("span", { class: "yb-hr-field", title },
            el("label", { for: id, text: `${label(s)} ` }), control);
        }
        controls.set(s.key, control);
        return item;
      });
      const node = el("fieldset", { class: "yb-hr-scoring", id: "yb-hr-scoring" },
        el("legend", { text: L("計分規則 · 计分规则 · Scoring", "Scoring") }),
        el("p", { class: "yb-hr-help", text: L(
          "規則檔的 [scoring] 表；預設值即書中說明的預設。 The sheet's [scoring] table, at the documented defaults unless changed.",
          "The table rules for the score ([scoring] in the exported file), at the documented defaults unless changed.") }),
        el("div", { class: "yb-hr-fields" }, items));
      function refresh(scoring) {
        for (const s of spec) {
          const c = controls.get(s.key);
          const v = valueOf(scoring, s);
          if (s.kind === "bool") c.checked = v;
          else c.value = text(v);
        }
      }
      return { node, refresh };
    }

    return { keys: spec.map((s) => s.key), has: (k) => byKey.has(k), changes, encode, decode,
      tomlLines, summary, fieldset };
  }

  window.ybHrScoring = { make, LABELS };
})();
