/* The book's search scorer (html_search_scorer in _config.yml), loaded by the search page
 * before Sphinx's searchtools.js, which then uses it instead of its own: so every weight of
 * Sphinx 7.4's default Scorer is repeated here, and score() is added.
 *
 * Sphinx scores a page by the best of its words: the query "DAT" matched "database" in the
 * database chapter's title (a partial title match, 7) above the dynamic address translation
 * chapter, whose text says "DAT" (a term, 5), so the chapter a reader looks for came second.
 * score() puts first a page whose own title answers the query: the title holds every word of
 * the query as a whole word, or the query is the title's initials (DAT: Dynamic Address
 * Translation). A section ("Page > Section") is boosted the same way by its own title.
 */
var Scorer = {
  score: result => {
    const [docname, title, anchor, descr, score, filename] = result;
    const words = Scorer._queryWords();
    if (!words.length || !title) return score;
    const own = String(title).split(" > ").pop();
    return Scorer.titleAnswers(own, words) ? score + Scorer.titleBoost : score;
  },

  // above any score Sphinx gives (an index entry that is the query itself scores 100)
  titleBoost: 200,

  /* Whether a title answers the query's words: each is a whole word of the title, or the
   * query (one word) is the initials of the title's words. */
  titleAnswers: (title, words) => {
    const titleWords = title.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (words.every(w => titleWords.includes(w))) return true;
    const initials = titleWords.map(w => w[0]).join("");
    return words.length === 1 && words[0].length > 1 && initials === words[0];
  },

  // the query of this search: the search page's address, or the search box being typed in
  _queryWords: () => {
    const box = document.querySelector('#search-results') && document.querySelector('form.bd-search input[name="q"]');
    const query = new URLSearchParams(window.location.search).get("q") || (box && box.value) || "";
    return query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  },

  // Sphinx 7.4's default weights (sphinx/themes/basic/static/searchtools.js)
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: {
    0: 15,
    1: 5,
    2: -5,
  },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
