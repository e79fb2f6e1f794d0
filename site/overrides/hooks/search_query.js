/* yakubook: hand-written (site/overrides/hooks/search_query.js), added to the site by
 * site/overrides/hooks/yakubook_hooks.py as assets/search_query.js.
 *
 * Rewrites the query the page sends to Material's search worker (the text in the search
 * box stays as typed). Material's page talks to its worker with
 * worker.postMessage({type, data}); a query is type 2 (SearchMessageType.QUERY).
 * The worker (9.x, integrations/search/query/transform) appends `*` to every query term,
 * and lunr's query lexer splits a term at `-`. Two consequences this corrects:
 *
 * 1. A word typed with a trailing hyphen, as romaji often writes a long vowel (renho-,
 *    to-kanho-), becomes `renho-*`, which lunr reads as the term `renho` and a lone `*`: a
 *    wildcard that matches every token of every page, so the page with the most words came
 *    first. A hyphen that ends a word is dropped.
 * 2. Every term is a prefix (`chi*` also matches chiitoitsu, chiniisou, …) and lunr sums a
 *    page's score over every token a prefix expands to, so a page with many words starting
 *    with a common one (chi, san, sha, kan, war) outranked the page whose name was typed in
 *    full (ho-chi, Chou-sangen). A query of Latin letters and digits also asks for its words
 *    joined (`hochi^10`: a term with a boost gets no wildcard), the key each yaku page
 *    holds for each of its names (site/overrides/hooks/search_keys.py), so the exact name
 *    ranks first (for several words also as a boosted prefix, `sevenpairs*^10`: lunr
 *    stems a term without a wildcard, and sevenpair is no key). Material lists a query
 *    term a result lacks under "Missing"; the added terms are not something the reader
 *    typed, so they are taken out of that list.
 * 3. Kana: a name typed in the other kana script or without its long-vowel marks
 *    (ぱーれんちゃん, ベニクジャク) is looked up folded too (katakana as hiragana, ー dropped:
 *    foldKana, mirrored by fold_kana in search_keys.py, which gives every yaku page the
 *    folded spelling of its names as keys).
 * 3b. Romaji with macrons (pārenchan, kōitten): a word holding ā ī ū ē ō (or â î û ê ô) is
 *    sent without the accents and with each long vowel written once (parenchan, koitten:
 *    foldRomaji, mirrored by fold_romaji in search_keys.py, which gives every yaku page its
 *    romaji folded the same way as keys); the Latin rewrite of point 2 then applies.
 * 4. One-letter misspellings: a Latin word of four letters or more that starts no word of
 *    the index (ipatsu, hakuiten) is looked up as the name words one edit away from it
 *    (a letter added, dropped, changed, or two neighbours swapped): ippatsu, hakuitten.
 *    Only such a word is corrected, and only to name words (search/name_vocabulary.json,
 *    written by search_keys.py), so a word the pages hold is never changed and results
 *    for a correctly typed query stay as they were. */
(function () {
  if (typeof Worker === "undefined") return;
  var QUERY = 2;
  var EXACT_BOOST = 10;
  var MIN_TYPO_WORD = 4;  // as MIN_TYPO_WORD in search_keys.py
  var MAX_CORRECTIONS = 3;
  var added = [];  // the terms added to the last query (not typed by the reader)
  var vocabulary = null;  // {known: [...], names: [...]}, sorted; null until loaded

  var script = typeof document !== "undefined" && document.currentScript;
  if (script && script.src && typeof fetch !== "undefined") {
    fetch(new URL("../search/name_vocabulary.json", script.src).href)
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (v) { vocabulary = v; })
      .catch(function () { vocabulary = null; });
  }

  /* Romaji with macrons or circumflexes (pārenchan, kōitten): the accent dropped and a
   * long vowel written once, as fold_romaji in search_keys.py writes a key for every romaji
   * form (Paarenchan -> parenchan, Kouitten -> koitten). Only a word holding such a letter
   * is folded: a word typed in plain ASCII is looked up as typed. */
  var ACCENTED = "āīūēōâîûêô";
  var PLAIN = "aiueoaiueo";
  function foldRomaji(query) {
    return query.replace(/\S*[āīūēōâîûêôĀĪŪĒŌÂÎÛÊÔ]\S*/g, function (word) {
      word = word.toLowerCase().replace(/[āīūēōâîûêô]/g, function (c) {
        return PLAIN.charAt(ACCENTED.indexOf(c));
      });
      return word.replace(/aa|ii|uu|ee|oo|ou/g, function (v) { return v.charAt(0); });
    });
  }

  function foldKana(s) {
    return s.replace(/[\u30a1-\u30f6]/g, function (c) {
      return String.fromCharCode(c.charCodeAt(0) - 0x60);
    }).replace(/[\u30fc\uff70]/g, "");
  }

  /* Whether a sorted list holds a word that starts with prefix (binary search). */
  function startsAny(sorted, prefix) {
    var lo = 0, hi = sorted.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (sorted[mid] < prefix) lo = mid + 1; else hi = mid;
    }
    return lo < sorted.length && sorted[lo].lastIndexOf(prefix, 0) === 0;
  }

  /* a and b differ by one edit: a letter inserted, deleted or changed, or two adjacent
   * letters swapped (the optimal-string-alignment distance is 1). */
  function oneEditApart(a, b) {
    if (a === b || Math.abs(a.length - b.length) > 1) return false;
    var i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    if (a.length === b.length) {
      if (a.slice(i + 1) === b.slice(i + 1)) return true;
      return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    }
    return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
  }

  function corrections(word) {
    if (!vocabulary || word.length < MIN_TYPO_WORD || !/^[a-z]+$/.test(word)) return [];
    if (startsAny(vocabulary.known, word)) return [];
    return vocabulary.names.filter(function (n) { return oneEditApart(word, n); })
      .slice(0, MAX_CORRECTIONS);
  }

  function rewrite(query) {
    added = [];
    query = foldRomaji(query.replace(/([^\s\-])-+(?=\s|$)/g, "$1"));
    var folded = foldKana(query);
    if (folded !== query) {
      added = folded.split(/\s+/).filter(function (w) { return w; });
      return query + " " + folded;
    }
    var words = query.toLowerCase().split(/[\s\-]+/).filter(function (w) { return w; });
    if (!words.length || !words.every(function (w) { return /^[a-z0-9]+$/.test(w); })) {
      return query;
    }
    var extra = [words.join("") + "^" + EXACT_BOOST];
    added.push(words.join(""));
    if (words.length > 1) {
      // lunr runs its stemmer over a term without a wildcard, so the exact term of words
      // ending like an English inflection (seven pairs -> sevenpairs -> sevenpair) finds
      // nothing; with a wildcard the stemmer is skipped. Only for several words: a single
      // word keeps its exact term alone, so a longer key it starts gains nothing.
      extra.push(words.join("") + "*^" + EXACT_BOOST);
    }
    var fixed = words.map(function (w) {
      var found = corrections(w);
      for (var i = 0; i < found.length; i++) {
        extra.push(found[i]);
        added.push(found[i]);
      }
      return found.length ? found[0] : w;
    });
    if (fixed.join("") !== words.join("")) {
      extra.push(fixed.join("") + "^" + EXACT_BOOST);
      added.push(fixed.join(""));
    }
    return query + " " + extra.join(" ");
  }

  function unlistAdded(root) {
    if (!added.length || !root.querySelectorAll) return;
    var selector = ".md-search-result__terms";
    var lists = root.matches && root.matches(selector) ? [root]
      : root.querySelectorAll(selector);
    for (var i = 0; i < lists.length; i++) {
      var terms = lists[i].querySelectorAll("del");
      var left = terms.length;
      for (var j = 0; j < terms.length; j++) {
        if (added.indexOf(terms[j].textContent) >= 0) {
          var next = terms[j].nextSibling;  // the space between two terms
          if (next && next.nodeType === 3 && !next.textContent.trim()) next.remove();
          terms[j].remove();
          left--;
        }
      }
      if (!left) lists[i].remove();
    }
  }

  /* A yaku page's search keys are its entry's `tags` (they rank it), and Material draws a
   * result's tags as <nav class="md-tags">: taken out of the page as soon as a result is
   * inserted (a MutationObserver runs before the browser paints), so no state of the
   * result list shows them, nor reads them to a screen reader. */
  function dropKeys(root) {
    if (!root.querySelectorAll) return;
    var keys = root.matches && root.matches(".md-search-result .md-tags") ? [root]
      : root.querySelectorAll(".md-search-result .md-tags, .md-search-result__article .md-tags");
    for (var i = keys.length - 1; i >= 0; i--) keys[i].remove();
  }

  if (typeof MutationObserver !== "undefined" && typeof document !== "undefined") {
    new MutationObserver(function (changes) {
      for (var i = 0; i < changes.length; i++) {
        for (var j = 0; j < changes[i].addedNodes.length; j++) {
          dropKeys(changes[i].addedNodes[j]);
          unlistAdded(changes[i].addedNodes[j]);
        }
      }
    }).observe(document.documentElement, { childList: true, subtree: true });
  }

  var post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    if (message && message.type === QUERY && typeof message.data === "string") {
      var args = Array.prototype.slice.call(arguments);
      args[0] = { type: QUERY, data: rewrite(message.data) };
      return post.apply(this, args);
    }
    return post.apply(this, arguments);
  };
})();
