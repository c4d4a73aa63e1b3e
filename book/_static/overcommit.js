/* Embed every chart of the page with the vendored vega-embed (no network). */
(function () {
  "use strict";
  var MENU_LABEL = "Chart menu: save the chart as SVG or PNG, or view its Vega-Lite source";
  /* Screen readers: name vega-embed's icon-only menu, and hide the mark groups Vega leaves
     empty (a layer whose data a drop-down has filtered away), which would be announced as
     unnamed graphics. Re-applied whenever a control redraws the chart. */
  function tidy(target) {
    target.querySelectorAll("details > summary").forEach(function (summary) {
      if (!summary.getAttribute("aria-label")) summary.setAttribute("aria-label", MENU_LABEL);
    });
    target.querySelectorAll('svg [role="graphics-symbol"]').forEach(function (g) {
      var named = g.getAttribute("aria-label") || g.querySelector("title");
      if (!named && !g.firstElementChild) g.setAttribute("aria-hidden", "true");
      else if (g.getAttribute("aria-hidden") === "true" && g.firstElementChild) g.removeAttribute("aria-hidden");
    });
  }
  function embedAll() {
    if (typeof window.vegaEmbed !== "function") {
      console.error("overcommit.js: vega bundle not loaded");
      return;
    }
    document.querySelectorAll("script.oc-vega-spec").forEach(function (script) {
      var target = document.getElementById(script.dataset.target);
      if (!target || target.dataset.embedded) return;
      target.dataset.embedded = "1";
      var spec = JSON.parse(script.textContent);
      window
        .vegaEmbed(target, spec, {
          renderer: "svg",
          actions: { export: true, source: true, compiled: false, editor: false },
        })
        .then(function () {
          tidy(target);
          new MutationObserver(function () { tidy(target); }).observe(target, { childList: true, subtree: true });
        })
        .catch(function (err) {
          target.textContent = "This chart could not be drawn: " + err;
          console.error(err);
        });
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", embedAll);
  } else {
    embedAll();
  }
})();
