/* yakubook: hand-written (site/overrides/hooks/search_query.js), added to the site by
 * site/overrides/hooks/yakubook_hooks.py as assets/search_query.js.
 *
 * Material's search worker (9.x, integrations/search/query/transform) appends `*` to every
 * query term, and lunr's query lexer splits a term at `-`. A word typed with a trailing
 * hyphen, as romaji often writes a long vowel (renho-, to-kanho-), so becomes `renho-*`,
 * which lunr reads as the term `renho` and a lone `*`: a wildcard that matches every token
 * of every page, so the page that merely has the most words comes first. This drops a
 * hyphen that ends a word from the query the page sends to the worker (the text in the
 * search box stays as typed); the worker sees `renho`, which the index holds.
 * Material's page talks to its worker with worker.postMessage({type, data}); a query is
 * type 2 (SearchMessageType.QUERY) with the typed text as data. */
(function () {
  if (typeof Worker === "undefined") return;
  var QUERY = 2;
  var post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    if (message && message.type === QUERY && typeof message.data === "string") {
      var args = Array.prototype.slice.call(arguments);
      args[0] = { type: QUERY, data: message.data.replace(/([^\s\-])-+(?=\s|$)/g, "$1") };
      return post.apply(this, args);
    }
    return post.apply(this, arguments);
  };
})();
