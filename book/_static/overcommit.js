/* Embed every chart of the page with the vendored vega-embed (no network). */
(function () {
  "use strict";
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
