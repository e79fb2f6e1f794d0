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
 *    ranks first. Material lists a query term a result lacks under "Missing"; the added
 *    term is not something the reader typed, so it is taken out of that list. */
(function () {
  if (typeof Worker === "undefined") return;
  var QUERY = 2;
  var EXACT_BOOST = 10;
  var added = null;  // the joined term added to the last query

  function rewrite(query) {
    query = query.replace(/([^\s\-])-+(?=\s|$)/g, "$1");
    var words = query.toLowerCase().split(/[\s\-]+/).filter(function (w) { return w; });
    if (words.length && words.every(function (w) { return /^[a-z0-9]+$/.test(w); })) {
      added = words.join("");
      query += " " + added + "^" + EXACT_BOOST;
    } else {
      added = null;
    }
    return query;
  }

  function unlistAdded(root) {
    if (!added || !root.querySelectorAll) return;
    var selector = ".md-search-result__terms";
    var lists = root.matches && root.matches(selector) ? [root]
      : root.querySelectorAll(selector);
    for (var i = 0; i < lists.length; i++) {
      var terms = lists[i].querySelectorAll("del");
      var left = terms.length;
      for (var j = 0; j < terms.length; j++) {
        if (terms[j].textContent === added) {
          var next = terms[j].nextSibling;  // the space between two terms
          if (next && next.nodeType === 3 && !next.textContent.trim()) next.remove();
          terms[j].remove();
          left--;
        }
      }
      if (!left) lists[i].remove();
    }
  }

  if (typeof MutationObserver !== "undefined" && typeof document !== "undefined") {
    new MutationObserver(function (changes) {
      for (var i = 0; i < changes.length; i++) {
        for (var j = 0; j < changes[i].addedNodes.length; j++) {
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
